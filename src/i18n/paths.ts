/**
 * Locale-aware paths, without the dictionaries, so browser scripts can use them for a few hundred bytes.
 * Ukrainian lives at the root, English under /eng (DESIGN.md §2).
 */
export const LANGS = ['uk', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'uk';
export const EN_PREFIX = '/eng';

export const isLang = (value: unknown): value is Lang => value === 'uk' || value === 'en';
export const otherLang = (lang: Lang): Lang => (lang === 'uk' ? 'en' : 'uk');
/** The page's <html lang>, also the locale its numbers and dates are written in. */
export const htmlLang = (lang: Lang): string => lang;

/** Everything a path is made of, so query and hash survive any rewrite. */
function splitPath(path: string): { pathname: string; rest: string } {
  const cut = path.search(/[?#]/);
  return cut === -1
    ? { pathname: path || '/', rest: '' }
    : { pathname: path.slice(0, cut) || '/', rest: path.slice(cut) };
}

const hasEnPrefix = (pathname: string) => pathname === EN_PREFIX || pathname.startsWith(EN_PREFIX + '/');

export function langFromPath(path: string): Lang {
  return hasEnPrefix(splitPath(path).pathname) ? 'en' : 'uk';
}

/** '/eng/iq?x=1' → '/iq?x=1'; '/eng' → '/'. */
export function stripLocale(path: string): string {
  const { pathname, rest } = splitPath(path);
  if (!hasEnPrefix(pathname)) return pathname + rest;
  return (pathname.slice(EN_PREFIX.length) || '/') + rest;
}

/** The address of a path in lang: ('en', '/iq?x=1') → '/eng/iq?x=1'; ('en', '/') → '/eng'. Trailing slashes go. */
export function localizedPath(lang: Lang, path: string): string {
  const { pathname, rest } = splitPath(stripLocale(path));
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  if (lang === 'uk') return clean + rest;
  return (clean === '/' ? EN_PREFIX : EN_PREFIX + clean) + rest;
}

/**
 * The built not-found page of a language, which answers (status 404) any unknown address in it: '/404.html' for
 * Ukrainian, '/eng/404.html' for English (the local server, src/runtime/static.ts, and Netlify, netlify.toml).
 */
export const notFoundFile = (lang: Lang): string => `${localizedPath(lang, '/404')}.html`;

/** The same page in the other language, keeping the query string and hash. */
export function switchLocalePath(path: string): string {
  return localizedPath(otherLang(langFromPath(path)), path);
}
