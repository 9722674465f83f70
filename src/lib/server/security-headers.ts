/**
 * The security headers of every response, in one place: pages (netlify.toml and the local server send
 * PAGE_SECURITY_HEADERS; Astro puts the script and style part of the page policy in a <meta> per page, with the
 * hashes of its inline scripts and styles) and function responses (API_SECURITY_HEADERS via withSecurityHeaders).
 *
 * Third parties a page may reach, and why:
 * - Google Analytics 4, only after cookie consent: gtag.js from *.googletagmanager.com, hits to *.google-analytics.com
 *   and *.analytics.google.com (fetch/sendBeacon, sometimes an image) — Google's documented GA4 CSP list.
 * - WayForPay's payment widget: pay-widget.js and its stylesheet from secure.wayforpay.com, which then posts a form
 *   (target: its own iframe, or the whole page on phones) to secure.wayforpay.com/pay.
 * - Google sign-in is a plain navigation to /api/auth/google and a redirect: no script, no form, nothing to allow.
 *
 * astro.config.mjs reads the page policy from here too: keep this module free of anything but node:crypto and
 * response-cookies.ts (which imports nothing).
 */
import { createHash } from 'node:crypto';
import { setCookieName, takeResponseCookies } from './response-cookies.ts';

export const HSTS = 'max-age=63072000; includeSubDomains';

export const WAYFORPAY_ORIGIN = 'https://secure.wayforpay.com';
const GA_SCRIPTS = 'https://*.googletagmanager.com';
const GA_HITS = ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'];
const GA_IMAGES = ['https://*.google-analytics.com', 'https://*.googletagmanager.com'];

/**
 * The page policy apart from script-src and style-src, which Astro writes with the hashes of the page's inline
 * scripts and styles (astro.config.mjs, `security.csp`). frame-ancestors is not here: a <meta> policy ignores it
 * (and Chrome logs an error saying so), so it travels in the header (PAGE_HEADER_CSP).
 */
export const PAGE_CSP_DIRECTIVES = [
  "default-src 'self'",
  `img-src 'self' data: blob: ${GA_IMAGES.join(' ')}`,
  `connect-src 'self' ${GA_HITS.join(' ')}`,
  `frame-src ${WAYFORPAY_ORIGIN}`,
  "object-src 'none'",
  "base-uri 'self'",
  `form-action 'self' ${WAYFORPAY_ORIGIN}`,
] as const;
/** script-src besides Astro's hashes: our bundles, gtag.js, the WayForPay widget. */
export const PAGE_SCRIPT_SOURCES = ["'self'", GA_SCRIPTS, WAYFORPAY_ORIGIN] as const;
/** style-src besides Astro's hashes: our stylesheets and the widget's own (pay-widget.min.css). */
export const PAGE_STYLE_SOURCES = ["'self'", WAYFORPAY_ORIGIN] as const;

/**
 * The page policy sent as a header: the directives a <meta> cannot carry (frame-ancestors) or should not wait for
 * (object-src, base-uri, form-action apply from the first byte). No fetch directive for scripts or styles: a header
 * policy without the per-page hashes would block Astro's inline scripts (policies add up, each must allow a load).
 */
export const PAGE_HEADER_CSP = [
  "object-src 'none'",
  "base-uri 'self'",
  `form-action 'self' ${WAYFORPAY_ORIGIN}`,
  "frame-ancestors 'none'",
].join('; ');

/** What every response carries, page or function. */
const BASE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
} as const;

/** Static pages and assets (netlify.toml [[headers]] for "/*", the local server). HSTS is added on https only. */
export const PAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  ...BASE_HEADERS,
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  'Content-Security-Policy': PAGE_HEADER_CSP,
};

/** JSON has nothing to load, run or frame. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Function responses (JSON, redirects, the test payment page). HSTS is added on https only. */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  ...BASE_HEADERS,
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Content-Security-Policy': API_CSP,
};

/**
 * The request reached us over TLS: its URL is https (Netlify), or the proxy in front says so. Trusting
 * X-Forwarded-Proto costs nothing here: browsers ignore Strict-Transport-Security received over plain http.
 */
export function isHttps(req: Request): boolean {
  try {
    if (new URL(req.url).protocol === 'https:') return true;
  } catch {
    return false;
  }
  return req.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https';
}

/** The headers a function response to this request should carry. */
export function apiSecurityHeaders(req: Request): Record<string, string> {
  return isHttps(req) ? { ...API_SECURITY_HEADERS, 'Strict-Transport-Security': HSTS } : { ...API_SECURITY_HEADERS };
}

/** sha256 CSP source ('sha256-…') of an inline <style> or <script> body, exactly as it appears between the tags. */
export function cspHash(content: string): string {
  return `'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`;
}

/**
 * The policy of an HTML page a function renders itself (the test payment page): nothing but its own inline styles
 * (by hash, so no 'unsafe-inline') and forms posting back to this site.
 */
export function functionPageCsp(inlineStyles: string[]): string {
  const styles = inlineStyles.length ? inlineStyles.map(cspHash).join(' ') : "'none'";
  return [
    "default-src 'none'",
    `style-src ${styles}`,
    // The site's icon, and what a browser or a checker fetches of this site on the page's behalf (robots.txt).
    "img-src 'self'",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Adds the security headers a function response lacks (a header the function set itself, e.g. a page's own CSP,
 * wins), and `cookies` whose names the response does not set itself (a handler that signs in or out decides the
 * session cookie). Responses with immutable headers (Response.redirect, a fetch() response) are copied.
 */
export function withSecurityHeaders(req: Request, res: Response, cookies: string[] = []): Response {
  const missing = Object.entries(apiSecurityHeaders(req)).filter(([name]) => !res.headers.has(name));
  const own = new Set(res.headers.getSetCookie().map(setCookieName));
  const added = cookies.filter((cookie) => !own.has(setCookieName(cookie)));
  if (missing.length === 0 && added.length === 0) return res;
  const complete = (headers: Headers) => {
    for (const [name, value] of missing) headers.set(name, value);
    for (const cookie of added) headers.append('Set-Cookie', cookie);
  };
  try {
    complete(res.headers);
    return res;
  } catch {
    const headers = new Headers(res.headers);
    complete(headers);
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  }
}

/**
 * A function handler whose every response carries the security headers and the cookies its request's handling
 * recorded (response-cookies.ts): `export default secured(async (req) => …)`.
 */
export function secured<A extends unknown[]>(handler: (req: Request, ...rest: A) => Response | Promise<Response>) {
  return async (req: Request, ...rest: A): Promise<Response> =>
    withSecurityHeaders(req, await handler(req, ...rest), takeResponseCookies(req));
}
