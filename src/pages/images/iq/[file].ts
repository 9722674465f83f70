/** Writes every form's generated matrix images into dist/images/iq at build time (the folder the test runner uses). */
import type { APIRoute } from 'astro';
import { iqBank, imagePath, IQ_FORM_IDS } from '../../../domain/iq/bank.ts';
import { renderMatrix, renderOption } from '../../../domain/matrices/render.ts';

export function getStaticPaths() {
  const file = (path: string) => path.slice(path.lastIndexOf('/') + 1);
  return IQ_FORM_IDS.flatMap((form) =>
    iqBank(form).flatMap((item) => {
      if (!item.image) return [];
      const { matrix } = item.image;
      return [
        {
          params: { file: file(item.image.src) },
          props: { svg: renderMatrix(matrix.matrix.panels, matrix.matrix.family) },
        },
        ...matrix.options.map((option, i) => ({
          params: { file: file(imagePath(form, item.id, i)) },
          props: { svg: renderOption(option, matrix.matrix.family) },
        })),
      ];
    }),
  );
}

export const GET: APIRoute = ({ props }) => new Response(props.svg, { headers: { 'Content-Type': 'image/svg+xml' } });
