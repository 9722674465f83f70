/**
 * The public page of a shared result (issue 32), rendered by a function because crawlers run no script: the page
 * carries its own og:title, og:description and og:image (the result's card) in its HTML. No script at all; its one
 * style is inline and allowed by its hash. Not indexed: a person's result is theirs to send, not for search engines.
 */
import { longDate } from '../../i18n/dates.ts';
import { localizedPath, ogLocale, t, type Lang } from '../../i18n/index.ts';
import { escapeHtml as e } from '../html.ts';
import { functionPageCsp } from './security-headers.ts';
import { sharePath, type SharedResult } from './shares.ts';

const STYLE = `*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;color:#111827;background:#f3f6fb;line-height:1.5}
a{color:#1d4ed8}header,main,footer{max-width:40rem;margin:0 auto;padding:1rem}header a{font-weight:800;font-size:1.25rem;text-decoration:none;display:inline-flex;align-items:center;min-height:44px}
.card{background:#fff;border-radius:16px;padding:1.5rem;border-top:8px solid var(--c,#1d4ed8);box-shadow:0 4px 20px rgb(0 0 0/.06)}
.achieved{margin:0;color:#4b5563}h1{font-size:clamp(2rem,8vw,3rem);margin:.25rem 0 .5rem;line-height:1.1}.detail{margin:0 0 .5rem;font-size:1.1rem}
.muted{color:#4b5563;font-size:.95rem}.button{display:inline-flex;align-items:center;justify-content:center;min-height:48px;padding:.5rem 1.4rem;border-radius:999px;background:#1d4ed8;color:#fff;font-weight:700;text-decoration:none;margin:1rem 0 .5rem}
.links a{display:inline-flex;align-items:center;min-height:44px;margin-right:1rem}footer{font-size:.9rem;color:#4b5563}`;
/** The card's accent: the career type's colour, or the brand's blue (a class per colour: no style attribute). */
const accent = (colour: string | null) => `.card{--c:${colour ?? '#1d4ed8'}}`;

export interface SharePageInput {
  shared: SharedResult;
  siteUrl: string;
  /** The type's colour and its public page, for a one-type career result. */
  type: { colour: string; title: string } | null;
}

export function sharePageHtml({ shared, siteUrl, type }: SharePageInput): { html: string; csp: string } {
  const { lang } = shared;
  const tr = (key: string, vars?: Record<string, string | number>) => t(lang, key, vars);
  const title = shared.firstName
    ? tr('share.page.titleNamed', { name: shared.firstName, headline: shared.headline })
    : tr('share.page.title', { headline: shared.headline });
  const who = shared.firstName ?? tr('share.page.someone');
  const description = `${who} ${shared.achieved} ${shared.stated}. ${shared.detail}. ${tr('share.page.invite')}`;
  const url = siteUrl + sharePath(lang, shared.code);
  const image = `${siteUrl}/api/shares/${shared.code}/card?lang=${lang}`;
  // Its links say where the visit came from (?from=shared), which the site reports with consent (Base.astro).
  const test = `${localizedPath(lang, shared.kind === 'iq' ? '/iq' : '/professional-test')}?from=shared`;
  const styles = [STYLE, accent(type?.colour ?? null)];
  const html = `<!doctype html>
<html lang="${lang === 'uk' ? 'uk' : 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)} — Rozum</title>
<meta name="description" content="${e(description)}">
<meta name="robots" content="noindex, follow">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<meta property="og:type" content="website"><meta property="og:site_name" content="Rozum">
<meta property="og:title" content="${e(title)}"><meta property="og:description" content="${e(description)}">
<meta property="og:url" content="${e(url)}"><meta property="og:locale" content="${ogLocale(lang)}">
<meta property="og:image" content="${e(image)}"><meta property="og:image:width" content="1200"><meta property="og:image:height" content="630">
<meta property="og:image:alt" content="${e(`${title}. ${shared.detail}`)}">
<meta name="twitter:card" content="summary_large_image"><meta name="twitter:title" content="${e(title)}">
<meta name="twitter:description" content="${e(description)}"><meta name="twitter:image" content="${e(image)}">
${styles.map((s) => `<style>${s}</style>`).join('')}</head>
<body><header><a href="${localizedPath(lang, '/')}">Rozum</a></header>
<main><article class="card" aria-labelledby="shared-title">
<p class="achieved">${e(who)} ${e(shared.achieved)}</p>
<h1 id="shared-title">${e(shared.headline)}</h1>
<p class="detail">${e(shared.detail)}</p>
${shared.kind === 'iq' ? `<p class="muted">${e(tr('results.iq.provisional'))}</p>` : shared.note ? `<p class="muted">${e(shared.note)}</p>` : ''}
<p class="muted">${e(tr('share.page.taken', { date: longDate(lang, shared.date, 'UTC') }))}</p>
<p class="muted">${e(tr('share.page.public'))}</p>
</article>
<p><a class="button" href="${test}">${e(tr(`share.page.cta.${shared.kind}`))}</a></p>
<p class="links">${
    type && shared.type
      ? `<a href="${localizedPath(lang, `/types/${shared.type}`)}?from=shared">${e(tr('types.about', { title: type.title }))}</a>`
      : ''
  }<a href="${localizedPath(lang, shared.kind === 'iq' ? '/iqtest' : '/prof')}?from=shared">${e(tr(shared.kind === 'iq' ? 'nav.iqtest' : 'nav.prof'))}</a></p></main>
<footer><a href="${localizedPath(lang, '/legal/privacy')}">${e(tr('legal.privacy.title'))}</a></footer>
</body></html>`;
  return { html, csp: functionPageCsp(styles) };
}

/** What a link that shows nothing (revoked, deleted, mistyped) answers: a page saying so, and the way to the tests. */
export function goneHtml(lang: Lang): { html: string; csp: string } {
  const tr = (key: string) => t(lang, key);
  const html = `<!doctype html>
<html lang="${lang === 'uk' ? 'uk' : 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(tr('notfound.title'))} — Rozum</title><meta name="robots" content="noindex">
<link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>${STYLE}</style></head>
<body><header><a href="${localizedPath(lang, '/')}">Rozum</a></header>
<main><article class="card"><h1>${e(tr('notfound.title'))}</h1><p>${e(tr('share.error.gone'))}</p></article>
<p class="links"><a href="${localizedPath(lang, '/iq')}">${e(tr('nav.cta.iq'))}</a><a href="${localizedPath(lang, '/professional-test')}">${e(tr('nav.cta.prof'))}</a></p></main>
</body></html>`;
  return { html, csp: functionPageCsp([STYLE]) };
}
