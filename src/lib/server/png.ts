/**
 * Element tree → SVG with satori → PNG with resvg, in Golos Text (full Cyrillic, shipped in the repo). Certificates
 * and the social cards draw through this one path, so a Ukrainian image never falls back to a font without Cyrillic;
 * Noto fonts stand in for the scripts Golos Text lacks.
 */
import { readFileSync } from 'node:fs';
import satori from 'satori';
import { encodeOpaquePng } from './png-encode.ts';
import { fontFile, SATORI_FALLBACKS } from './fonts.ts';

// resvg's allocator (mimalloc, inside its addon) takes each page-sized pixmap fresh from the system, 4 KiB pages at a
// time, and on our server the first write to each page costs more than the drawing: with 2 MiB pages a certificate
// renders in about half the time. mimalloc reads its options once, when the addon loads — hence the import after
// the setting, not a static one (that would load the addon first). MIMALLOC_ALLOW_LARGE_OS_PAGES=0 turns it off.
process.env.MIMALLOC_ALLOW_LARGE_OS_PAGES ??= '1';
const { Resvg } = await import('@resvg/resvg-js');

export type Node = {
  type: string;
  props: {
    style?: Record<string, unknown>;
    children?: (Node | string)[] | Node | string;
    src?: string;
    width?: number;
    height?: number;
  };
};
export const el = (type: string, style: Record<string, unknown>, ...children: (Node | string)[]): Node => ({
  type,
  props: { style, children },
});
/** An SVG drawn into the image at width × height (satori embeds it; resvg rasterises it with the rest). */
export const svgImage = (svg: string, width: number, height: number, style: Record<string, unknown> = {}): Node => ({
  type: 'img',
  props: { src: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, width, height, style },
});

/** The brand's mark as every image draws it: the favicon's "R" in a rounded square, its letter two thirds of it. */
export const brandMark = (size: number, radius: number, colour: string, letterColour: string): Node =>
  el(
    'div',
    {
      display: 'flex',
      width: size,
      height: size,
      borderRadius: radius,
      backgroundColor: colour,
      color: letterColour,
      fontSize: Math.round((size * 2) / 3),
      fontWeight: 700,
      alignItems: 'center',
      justifyContent: 'center',
    },
    'R',
  );

/** The logo as every image draws it: the brand's mark, then the name. */
export const logo = (o: {
  mark: number;
  radius: number;
  gap: number;
  nameSize: number;
  markColour: string;
  letterColour: string;
  nameColour?: string;
}): Node =>
  el(
    'div',
    { display: 'flex', alignItems: 'center' },
    brandMark(o.mark, o.radius, o.markColour, o.letterColour),
    el(
      'div',
      {
        display: 'flex',
        marginLeft: o.gap,
        fontSize: o.nameSize,
        fontWeight: 700,
        ...(o.nameColour && { color: o.nameColour }),
      },
      'Rozum',
    ),
  );

let fonts: { name: string; data: Buffer; weight: 400 | 700; style: 'normal' }[] | undefined;
function loadFonts() {
  return (fonts ??= [
    { name: 'Golos', data: readFileSync(fontFile('GolosText-Regular.ttf')), weight: 400, style: 'normal' },
    { name: 'Golos', data: readFileSync(fontFile('GolosText-Bold.ttf')), weight: 700, style: 'normal' },
  ]);
}

// Text Golos Text lacks, read the first time a tree has some (./fonts.ts).
let fallbacks: typeof fonts;
const loadFallbacks = async () =>
  (fallbacks ??= SATORI_FALLBACKS.map((file) => ({
    // Satori keeps one font per name, weight and style.
    name: file,
    data: readFileSync(fontFile(file)),
    weight: 700 as const,
    style: 'normal' as const,
  })));

/** The tree as SVG of exactly width × height, text drawn as paths in the font family 'Golos' (400 and 700). */
export const treeToSvg = (tree: Node, width: number, height: number): Promise<string> =>
  satori(tree as never, {
    width,
    height,
    fonts: loadFonts(),
    loadAdditionalAsset: async (code: string) => (code === 'emoji' ? '' : loadFallbacks()),
  });

/**
 * The SVG as a PNG on an opaque background colour. resvg's pixels are premultiplied by their alpha, which on an
 * opaque background changes nothing; ./png-encode.ts writes them in about two thirds of the time resvg's own encoder
 * takes, in under half the bytes.
 */
export function svgToPng(svg: string, background: string): Buffer {
  // satori draws text as paths, so resvg needs no fonts: loading the system's took it ~3 ms a render.
  const image = new Resvg(svg, { fitTo: { mode: 'original' }, background, font: { loadSystemFonts: false } }).render();
  return encodeOpaquePng(image.pixels, image.width, image.height);
}

/**
 * An SVG with <text> as resvg reads it, shaping the text with these font files (rustybuzz, a port of HarfBuzz, and
 * Unicode bidi) — for what satori cannot set (./certificate-name.ts). Its innerBBox() is the ink; its toString() the
 * same SVG with the text turned into paths, which then needs no fonts to draw.
 */
export const readSvgWithFonts = (svg: string, fontFiles: string[]) =>
  new Resvg(svg, { font: { fontFiles, loadSystemFonts: false, defaultFontFamily: 'Golos Text' } });
