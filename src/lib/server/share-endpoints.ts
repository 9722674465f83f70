/** The handlers behind a shared result's public page (one per language's path) and its card. */
import type { Lang } from '../../i18n/index.ts';
import { profileOf } from '../../domain/career/profiles.ts';
import { refuse } from './endpoint.ts';
import { siteUrl } from './env.ts';
import { goneHtml, sharePageHtml } from './share-page.ts';
import { findShared, shareCard } from './shares.ts';

/** The page in `lang`; 404 (with the reason in words) for a code that shows nothing, or nothing any more. */
export async function sharePageResponse(code: string, lang: Lang) {
  const shared = await findShared(code, lang);
  if (!shared) {
    const gone = goneHtml(lang);
    return new Response(gone.html, {
      status: 404,
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-cache',
        'Content-Security-Policy': gone.csp,
        'Referrer-Policy': 'no-referrer',
      },
    });
  }
  const profile = shared.type ? profileOf(shared.type, lang) : null;
  const { html, csp } = sharePageHtml({
    shared,
    siteUrl: siteUrl(),
    type: profile ? { colour: profile.color, title: profile.title } : null,
  });
  return new Response(html, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      // A revoked link must stop showing the result: no shared cache keeps it.
      'Cache-Control': 'no-cache',
      'Content-Security-Policy': csp,
      // The page's address is the secret that shows it: a click on to the site (where analytics may run, with
      // consent) must not carry it as the referrer.
      'Referrer-Policy': 'no-referrer',
    },
  });
}

/** The card PNG, rendered once per content and kept in memory; an ETag lets a crawler or browser reuse its copy. */
export async function shareCardResponse(req: Request, code: string, lang: Lang) {
  const shared = await findShared(code, lang);
  if (!shared) return refuse('share.error.gone');
  const { png, etag, cached } = await shareCard(shared);
  const headers = {
    'Content-Type': 'image/png',
    ETag: etag,
    'Cache-Control': 'no-cache',
    'X-Share-Card-Cache': cached ? 'hit' : 'miss',
  };
  if (req.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(png), { headers });
}
