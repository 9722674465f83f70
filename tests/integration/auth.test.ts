/** Sign-up, sign-in, sessions and /api/me over real HTTP, on both databases. */
import { describe, expect, inject, it } from 'vitest';
import { signUp } from '../support/accounts.ts';
import { Client, uniqueEmail } from '../support/client.ts';

const base = inject('baseUrl');

/** A client signed up as a new user, and the address it signed up with (the password is 'secret1'). */
async function signedUp() {
  const client = new Client(base);
  const { email } = await signUp(client);
  return { client, email };
}

describe('sign-up', () => {
  it('creates the account, sets the session cookie and answers /api/me', async () => {
    const client = new Client(base);
    const email = uniqueEmail('New.User');
    const res = await client.post('/api/auth/signup', {
      email: `  ${email.toUpperCase()} `,
      password: 'secret1',
      fullName: 'Олена Коваль',
    });
    expect(res.status).toBe(201);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('rozum_session='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=259\d{4}/);
    expect(cookie).not.toMatch(/Secure/); // plain-http localhost; Secure on https
    const me = await (await client.get('/api/me')).json();
    expect(me.profile).toMatchObject({ fullName: 'Олена Коваль', displayName: 'Олена Коваль' });
    expect(me.subscription).toMatchObject({ status: 'inactive', active: false });
  });

  it('keeps no full name when none is given: greeted by the address, but no name for certificates (issue 31)', async () => {
    const client = new Client(base);
    const email = uniqueEmail('ivan.petrenko');
    expect((await client.post('/api/auth/signup', { email, password: 'secret1' })).status).toBe(201);
    expect((await (await client.get('/api/me')).json()).profile).toMatchObject({
      fullName: '',
      displayName: email.split('@')[0],
    });
  });

  it.each([
    [{ email: '', password: 'secret1' }, 400, 'auth.error.fill.fields'],
    [{ email: 'a@example.com' }, 400, 'auth.error.fill.fields'],
    [{ email: 'not-an-email', password: 'secret1' }, 400, 'auth.error.email.invalid'],
    [{ email: 'short@example.com', password: '12345' }, 400, 'auth.error.password.length'],
    [{ email: 42, password: 'secret1' }, 400, 'api.error.invalid_body'],
  ])('refuses %j with %i %s', async (body, status, key) => {
    const res = await new Client(base).post('/api/auth/signup', body);
    expect(res.status).toBe(status);
    expect((await res.json()).error).toBe(key);
  });

  it('refuses an email that is taken, whatever its case', async () => {
    const { email } = await signedUp();
    const res = await new Client(base).post('/api/auth/signup', { email: email.toUpperCase(), password: 'another1' });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'auth.error.exists' });
  });
});

describe('sign-in', () => {
  it('signs in with the right password, in any letter case of the email, with a new session each time', async () => {
    const { email, client: first } = await signedUp();
    const client = new Client(base);
    const res = await client.post('/api/auth/signin', { email: email.toUpperCase(), password: 'secret1' });
    expect(res.status).toBe(200);
    expect(client.cookies.get('rozum_session')).toBeTruthy();
    expect(client.cookies.get('rozum_session')).not.toBe(first.cookies.get('rozum_session'));
    expect((await client.get('/api/me')).status).toBe(200);
  });

  it('answers a wrong password and an unknown email with the same generic error', async () => {
    const { email } = await signedUp();
    const wrong = await new Client(base).post('/api/auth/signin', { email, password: 'wrong-password' });
    const unknown = await new Client(base).post('/api/auth/signin', {
      email: uniqueEmail('nobody'),
      password: 'whatever1',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it('refuses missing fields with auth.error.fill.fields, in the request language', async () => {
    const res = await new Client(base).post('/api/auth/signin', { email: 'x@example.com', lang: 'en' });
    expect(await res.json()).toEqual({ error: 'auth.error.fill.fields', message: 'Enter your email and password.' });
  });

  it("slows strangers' wrong passwords on an account with a wait that doubles, said in Retry-After", async () => {
    const { email } = await signedUp();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await new Client(base).post('/api/auth/signin', { email, password: `wrong-${i}` })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const limited = await new Client(base).post('/api/auth/signin', { email, password: 'secret1', lang: 'en' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect(await limited.json()).toMatchObject({
      error: 'auth.error.rate_limited',
      message: 'Too many attempts.',
    });
    // Two seconds on, one more try goes through; the wait after it is twice as long.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect((await new Client(base).post('/api/auth/signin', { email, password: 'wrong-again' })).status).toBe(401);
    const longer = await new Client(base).post('/api/auth/signin', { email, password: 'secret1' });
    expect(longer.status).toBe(429);
    expect(longer.headers.get('retry-after')).toBe('4');
  });

  it('tells a new browser to wait at most two minutes, however many addresses keep guessing', async () => {
    const { email } = await signedUp();
    const waits = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const res = await new Client(base).post('/api/auth/signin', { email, password: `wrong-${i}` });
        return res.status === 429 ? Number(res.headers.get('retry-after')) : 0;
      }),
    );
    expect(waits.filter((w) => w > 0).length).toBeGreaterThanOrEqual(35);
    const told = await new Client(base).post('/api/auth/signin', { email, password: 'secret1' });
    expect(told.status).toBe(429);
    expect(Number(told.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Math.max(...waits, Number(told.headers.get('retry-after')))).toBeLessThanOrEqual(120);
  });

  it("lets the owner in from a browser that signed in before while strangers' wrong passwords slow the account elsewhere", async () => {
    const { client: owner, email } = await signedUp();
    const device = owner.cookies.get('rozum_device');
    expect(device).toMatch(/^d1\.[\w-]{22}\.[0-9a-f-]{36}\.[\w-]+$/);
    expect((await owner.post('/api/auth/signout', {})).status).toBeLessThan(300);
    // Forty wrong passwords from forty addresses: the account is slowed for every browser it does not know…
    for (let i = 0; i < 40; i++) await new Client(base).post('/api/auth/signin', { email, password: `wrong-${i}` });
    expect((await new Client(base).post('/api/auth/signin', { email, password: 'secret1' })).status).toBe(429);
    // …a forged device cookie, or another account's genuine one, does not count as known…
    const forged = new Client(base);
    forged.cookies.set('rozum_device', device!.replace(/\.[\w-]+$/, '.AAAA'));
    expect((await forged.post('/api/auth/signin', { email, password: 'secret1' })).status).toBe(429);
    const { client: other } = await signedUp();
    const borrowed = new Client(base);
    borrowed.cookies.set('rozum_device', other.cookies.get('rozum_device')!);
    expect((await borrowed.post('/api/auth/signin', { email, password: 'secret1' })).status).toBe(429);
    // …but the owner's own browser signs in with the right password.
    owner.cookies.set('rozum_device', device!);
    const res = await owner.post('/api/auth/signin', { email, password: 'secret1' });
    expect(res.status).toBe(200);
    expect((await owner.get('/api/me')).status).toBe(200);
    expect(owner.cookies.get('rozum_device')!.split('.')[1]).toBe(device!.split('.')[1]);
  });

  it('still throttles wrong passwords typed at a known browser, per device', async () => {
    const { client: owner, email } = await signedUp();
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++)
      statuses.push((await owner.post('/api/auth/signin', { email, password: `wrong-${i}` })).status);
    expect(statuses.slice(0, 8).every((s) => s === 401)).toBe(true);
    expect(statuses[8]).toBe(429);
    // The device's count is its own: a stranger's browser meets no wait on the account.
    expect((await new Client(base).post('/api/auth/signin', { email, password: 'secret1' })).status).toBe(200);
  });

  it('limits sign-ups per address', async () => {
    const client = new Client(base);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await client.post('/api/auth/signup', { email: uniqueEmail('burst'), password: 'secret1' })).status,
      );
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('sessions', () => {
  it('refuses a session token altered by one character', async () => {
    const { client } = await signedUp();
    const token = client.cookies.get('rozum_session')!;
    const last = token.at(-1) === 'a' ? 'b' : 'a';
    client.cookies.set('rozum_session', token.slice(0, -1) + last);
    expect((await client.get('/api/me')).status).toBe(401);
  });

  it('ends on sign-out: the old token no longer works', async () => {
    const { client } = await signedUp();
    const token = client.cookies.get('rozum_session')!;
    const res = await client.post('/api/auth/signout', {});
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => /^rozum_session=;.*Max-Age=0/.test(c))).toBe(true);
    const replay = new Client(base);
    replay.cookies.set('rozum_session', token);
    expect((await replay.get('/api/me')).status).toBe(401);
  });

  it('refuses a state-changing request from a foreign origin', async () => {
    const { client } = await signedUp();
    const res = await client.request('/api/me', {
      method: 'PATCH',
      json: { fullName: 'Hacker' },
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.status).toBe(403);
    expect((await (await client.get('/api/me')).json()).profile.fullName).not.toBe('Hacker');
    expect(
      (
        await new Client(base).post(
          '/api/auth/signin',
          { email: 'a@b.co', password: 'x' },
          { origin: 'https://evil.example' },
        )
      ).status,
    ).toBe(403);
  });

  it('lets the user change the full name, validated', async () => {
    const { client } = await signedUp();
    expect((await client.request('/api/me', { method: 'PATCH', json: { fullName: '  Ганна Шевченко ' } })).status).toBe(
      200,
    );
    expect((await (await client.get('/api/me')).json()).profile.fullName).toBe('Ганна Шевченко');
    expect((await client.request('/api/me', { method: 'PATCH', json: { fullName: '' } })).status).toBe(400);
    expect((await client.request('/api/me', { method: 'PATCH', json: { fullName: 'x'.repeat(101) } })).status).toBe(
      400,
    );
  });

  it('answers /api/me with 401 for a visitor', async () => {
    const res = await new Client(base).get('/api/me');
    expect(res.status).toBe(401);
    expect((await res.json()).error).toBe('auth.error.unauthenticated');
  });
});
