/** Draws every social card once per build into dist/og/{lang}/{card}.png (the pages' og:image and twitter:image). */
import type { APIRoute } from 'astro';
import { LANGS, type Lang } from '../../../i18n/index.ts';
import { OG_CARDS, type OgCard } from '../../../config/pages.ts';
import { renderSocialCard } from '../../../lib/server/social-cards.ts';

export function getStaticPaths() {
  return LANGS.flatMap((lang) => OG_CARDS.map((card) => ({ params: { lang, card } })));
}

export const GET: APIRoute = async ({ params }) =>
  new Response(new Uint8Array(await renderSocialCard(params.lang as Lang, params.card as OgCard)), {
    headers: { 'Content-Type': 'image/png' },
  });
