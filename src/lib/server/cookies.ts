/**
 * Every cookie, read and written in one place, on the `cookie` package (RFC 6265): the session and its hint, the
 * OAuth round trip, the known-device cookie, and the local runtime's `context.cookies`. Reading never throws: a
 * malformed `%` in any cookie on the domain (ours or anyone's) is taken as it is, so it cannot fail a request.
 * Our cookies are SameSite=Lax, Path=/ unless said otherwise, and Secure whenever the request came over https.
 */
import { parseCookie, stringifySetCookie, type SetCookie } from 'cookie';
import { isHttps } from './security-headers.ts';

/** Every cookie of a Cookie header; the first of a repeated name wins (as the package and browsers order them). */
export function parseCookies(header: string | null): Map<string, string> {
  const jar = new Map<string, string>();
  for (const [name, value] of Object.entries(parseCookie(header ?? '')))
    if (name && value !== undefined) jar.set(name, value);
  return jar;
}

export const readCookie = (req: Request, name: string): string | null =>
  parseCookies(req.headers.get('cookie')).get(name) ?? null;

export interface OurCookie {
  /** Seconds; 0 deletes. */
  maxAge: number;
  /** Sent with Max-Age for clients that only read Expires. */
  expires?: Date;
  path?: string;
  /** False only for cookies the page's script reads (the signed-in hint). */
  httpOnly?: boolean;
}

/** A Set-Cookie header for one of our cookies. */
export function setCookie(req: Request, name: string, value: string, options: OurCookie): string {
  return stringifySetCookie({
    name,
    value,
    maxAge: Math.max(0, Math.floor(options.maxAge)),
    expires: options.expires,
    path: options.path ?? '/',
    httpOnly: options.httpOnly ?? true,
    secure: isHttps(req),
    sameSite: 'lax',
  });
}

/** The Set-Cookie header that deletes one of our cookies (same name, path and flags). */
export const clearCookie = (req: Request, name: string, options: Omit<OurCookie, 'maxAge' | 'expires'> = {}): string =>
  setCookie(req, name, '', { ...options, maxAge: 0 });

/** The cookie shape of Netlify's `context.cookies.set` (the local runtime's context). */
export interface NetlifyCookie {
  name: string;
  value: string;
  expires?: Date | number;
  maxAge?: number;
  domain?: string;
  path?: string;
  secure?: boolean;
  httpOnly?: boolean;
  sameSite?: 'Strict' | 'Lax' | 'None';
}

export function serializeNetlifyCookie(cookie: NetlifyCookie): string {
  const options: SetCookie = {
    name: cookie.name,
    value: cookie.value,
    maxAge: cookie.maxAge === undefined ? undefined : Math.floor(cookie.maxAge),
    expires: cookie.expires === undefined ? undefined : new Date(cookie.expires),
    domain: cookie.domain,
    path: cookie.path ?? '/',
    secure: cookie.secure,
    httpOnly: cookie.httpOnly,
    sameSite: cookie.sameSite ? (cookie.sameSite.toLowerCase() as 'strict' | 'lax' | 'none') : undefined,
  };
  return stringifySetCookie(options);
}
