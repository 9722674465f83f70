/** The `context` argument of a Netlify Function v2, built locally: cookies, params, ip, waitUntil and friends. */
import { randomUUID } from 'node:crypto';
import type { Context } from '@netlify/functions';
import { parseCookies, serializeNetlifyCookie, type NetlifyCookie } from '../lib/server/cookies.ts';

export interface LocalContext {
  context: Context;
  /** Set-Cookie values the function asked for, applied to its response. */
  setCookies: string[];
}

/** `cookies.get` reads the request's cookies; `set` and `delete` only shape the response, as on Netlify. */
export function createContext(opts: {
  request: Request;
  params: Record<string, string>;
  ip: string;
  siteUrl: string;
  waitUntil: (promise: Promise<unknown>) => void;
}): LocalContext {
  const jar = parseCookies(opts.request.headers.get('cookie'));
  const setCookies: string[] = [];
  const cookies: Context['cookies'] = {
    get: (name: string) => jar.get(name) as string,
    set: ((input: NetlifyCookie | string, value?: string) => {
      const cookie = typeof input === 'string' ? { name: input, value: value ?? '' } : input;
      setCookies.push(serializeNetlifyCookie(cookie));
    }) as Context['cookies']['set'],
    delete: (input) => {
      const opts = typeof input === 'string' ? { name: input } : input;
      setCookies.push(serializeNetlifyCookie({ ...opts, value: '', expires: 0 }));
    },
  };
  const unsupported = (what: string) => () =>
    Promise.reject(new Error(`context.${what} exists only in edge functions`));
  const context: Context = {
    account: { id: 'local' },
    cookies,
    deploy: { context: 'dev', id: 'local', published: false },
    geo: {},
    ip: opts.ip,
    json: (input: unknown) => Response.json(input),
    log: console.log,
    next: unsupported('next') as Context['next'],
    params: opts.params,
    requestId: randomUUID(),
    rewrite: unsupported('rewrite'),
    server: { region: 'local' },
    site: { id: 'local', name: 'rozum', url: opts.siteUrl },
    url: new URL(opts.request.url),
    waitUntil: opts.waitUntil,
  };
  return { context, setCookies };
}
