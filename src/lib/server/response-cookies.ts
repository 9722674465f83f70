/**
 * Cookies a request's handling decides on away from its handler, for that request's response: a session read that
 * moved the session's expiry re-issues the session cookie (session.ts), and secured() (security-headers.ts) adds it
 * to whatever the handler answers — so no handler has to carry it. Keyed by the Request object: nothing outlives
 * the request. No imports: astro.config.mjs loads security-headers.ts, and with it this file.
 */
const pending = new WeakMap<Request, string[]>();

export function addResponseCookies(req: Request, cookies: string[]): void {
  pending.set(req, [...(pending.get(req) ?? []), ...cookies]);
}

/** The Set-Cookie headers recorded for this request, handed out once. */
export function takeResponseCookies(req: Request): string[] {
  const cookies = pending.get(req) ?? [];
  pending.delete(req);
  return cookies;
}

/** The name a Set-Cookie header sets. */
export const setCookieName = (header: string): string => header.slice(0, header.indexOf('=')).trim();
