/**
 * Sliding sessions reach the browser (issue 27 §11): a request that moves a session's expiry on answers with the
 * session cookies re-issued for the new expiry, with the attributes sign-in gives them; a request in the session's
 * first half sets no cookie; a handler that decides the session cookie itself (sign-out) is not overridden.
 * The functions run in this process against a database of this file's own.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Context } from '@netlify/functions';
import { ownDatabase } from '../support/own-database.ts';

type Handler = (req: Request, context: Context) => Promise<Response>;
let fn: { signIn: Handler; me: Handler; signOut: Handler };
let mod: {
  db: typeof import('../../src/lib/server/db.ts');
  users: typeof import('../../src/lib/server/users.ts');
};

ownDatabase();
beforeAll(async () => {
  mod = { db: await import('../../src/lib/server/db.ts'), users: await import('../../src/lib/server/users.ts') };
  fn = {
    signIn: (await import('../../netlify/functions/auth-signin.mts')).default as Handler,
    me: (await import('../../netlify/functions/me.mts')).default as Handler,
    signOut: (await import('../../netlify/functions/auth-signout.mts')).default as Handler,
  };
});

const SITE = 'https://rozum.example';
const DAY = 86_400_000;
const context = { ip: '10.27.11.1', params: {} } as unknown as Context;

interface SetCookie {
  name: string;
  value: string;
  attributes: Map<string, string>;
}
const parse = (header: string): SetCookie => {
  const [pair, ...rest] = header.split(';');
  const eq = pair.indexOf('=');
  const attributes = new Map(
    rest.map((part) => {
      const [key, ...value] = part.trim().split('=');
      return [key.toLowerCase(), value.join('=')] as [string, string];
    }),
  );
  return { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim(), attributes };
};
const cookiesOf = (res: Response) => res.headers.getSetCookie().map(parse);
const named = (res: Response, name: string) => cookiesOf(res).filter((c) => c.name === name);

/** A password account signed in through the sign-in function: its session token and the cookies sign-in set. */
async function signedIn() {
  const email = `slide.${crypto.randomUUID().slice(0, 8)}@example.com`;
  await mod.users.createUser({ email, passwordHash: await mod.users.hashPassword('secret1'), via: 'email' });
  const res = await fn.signIn(
    new Request(`${SITE}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret1' }),
    }),
    context,
  );
  expect(res.status).toBe(200);
  const [session] = named(res, 'rozum_session');
  const [hint] = named(res, 'rozum_signed_in');
  return { token: session.value, atSignIn: { session, hint } };
}
const expireIn = async (token: string, interval: string) => {
  const { sessionIdOf } = await import('../../src/lib/server/session.ts');
  await (
    await mod.db.db()
  ).query(`UPDATE sessions SET expires_at = now() + $2::interval WHERE id = $1`, [sessionIdOf(token), interval]);
};
const withSession = (path: string, token: string, init: RequestInit = {}) =>
  new Request(`${SITE}${path}`, { ...init, headers: { ...init.headers, cookie: `rozum_session=${token}` } });
const attributeNames = (c: SetCookie) => [...c.attributes.keys()].sort();

describe('a session cookie that slides with the session', () => {
  it('is re-issued with the later expiry and the attributes of sign-in when a request extends the session', async () => {
    const { token, atSignIn } = await signedIn();
    await expireIn(token, '3 days');
    const before = Date.now();
    const res = await fn.me(withSession('/api/me', token), context);
    expect(res.status).toBe(200);

    const [session] = named(res, 'rozum_session');
    expect(named(res, 'rozum_session')).toHaveLength(1);
    expect(session.value).toBe(token);
    expect(attributeNames(session)).toEqual(attributeNames(atSignIn.session));
    expect(session.attributes.get('samesite')).toBe('Lax');
    expect(session.attributes.get('path')).toBe('/');
    const maxAge = Number(session.attributes.get('max-age')) * 1000;
    expect(maxAge).toBeGreaterThan(30 * DAY - 60_000);
    expect(maxAge).toBeLessThanOrEqual(30 * DAY);
    const expires = new Date(session.attributes.get('expires')!).getTime();
    expect(expires).toBeGreaterThan(before + 30 * DAY - 60_000);

    const [hint] = named(res, 'rozum_signed_in');
    expect(attributeNames(hint)).toEqual(attributeNames(atSignIn.hint));
    expect(hint.attributes.get('expires')).toBe(session.attributes.get('expires'));
  });

  it('is not set when the session is in its first half (nothing slid)', async () => {
    const { token } = await signedIn();
    const fresh = await fn.me(withSession('/api/me', token), context);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.getSetCookie()).toEqual([]);
    await expireIn(token, '16 days');
    expect((await fn.me(withSession('/api/me', token), context)).headers.getSetCookie()).toEqual([]);
  });

  it('is re-issued once: the next request finds the session already extended', async () => {
    const { token } = await signedIn();
    await expireIn(token, '2 days');
    expect(named(await fn.me(withSession('/api/me', token), context), 'rozum_session')).toHaveLength(1);
    expect((await fn.me(withSession('/api/me', token), context)).headers.getSetCookie()).toEqual([]);
  });

  it('does not undo a sign-out that read a session in its second half', async () => {
    const { token } = await signedIn();
    await expireIn(token, '3 days');
    const res = await fn.signOut(withSession('/api/auth/signout', token, { method: 'POST' }), context);
    expect(res.status).toBe(200);
    for (const name of ['rozum_session', 'rozum_signed_in']) {
      const cookies = named(res, name);
      expect(cookies).toHaveLength(1);
      expect(cookies[0].attributes.get('max-age')).toBe('0');
    }
  });
});
