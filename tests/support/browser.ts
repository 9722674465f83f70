/**
 * A browser for API tests that need no account: it keeps the cookies the server sets (the visitor cookie a sitting
 * is bound to, src/lib/server/visitor.ts) and sends each request from an address of its own (the server trusts
 * X-Forwarded-For here), so per-address scoring limits stay out of the way unless a test pins `address`.
 */
import { randomInt } from 'node:crypto';

export interface Browser {
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  /** A JSON body (a string is sent as it is). */
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  readonly cookies: Map<string, string>;
}

export const randomAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;

export function browser(base: string, options: { address?: string } = {}): Browser {
  const cookies = new Map<string, string>();
  const send = async (path: string, init: RequestInit, extra: Record<string, string> = {}) => {
    const headers = new Headers({ 'x-forwarded-for': options.address ?? randomAddress(), ...extra });
    if (cookies.size && !headers.has('cookie'))
      headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(base + path, { ...init, headers, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair, ...attrs] = cookie.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (!value || attrs.some((a) => /max-age=0\b/i.test(a.trim()))) cookies.delete(name);
      else cookies.set(name, value);
    }
    return res;
  };
  return {
    cookies,
    get: (path, headers) => send(path, {}, headers),
    post: (path, body, headers) =>
      send(
        path,
        { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body) },
        { 'content-type': 'application/json', ...headers },
      ),
  };
}
