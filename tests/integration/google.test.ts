/**
 * Google sign-in against our fake of Google's token endpoint, which checks the request format (Basic client
 * authentication, grant type, redirect URI, PKCE verifier against the challenge).
 */
import { describe, expect, inject, it } from 'vitest';
import { signedUp } from '../support/accounts.ts';
import { Client, uniqueEmail } from '../support/client.ts';
import { GOOGLE_CLIENT_ID } from '../support/fake-providers.ts';
import { linkIn, mailTo } from '../support/mail-sink.ts';

const base = inject('baseUrl');
const fake = inject('fakeUrl');

/** Starts the flow and registers, at the fake, what Google would return for the code. */
async function start(client: Client, lang: 'uk' | 'en', claims: Record<string, unknown>) {
  const res = await client.get(`/api/auth/google?lang=${lang}`);
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location')!);
  expect(location.origin + location.pathname).toBe(`${fake}/google/auth`);
  const params = location.searchParams;
  expect(params.get('client_id')).toBe(GOOGLE_CLIENT_ID);
  expect(params.get('response_type')).toBe('code');
  expect(params.get('code_challenge_method')).toBe('S256');
  expect(params.get('scope')).toBe('openid profile email');
  const code = `code-${Math.random().toString(36).slice(2)}`;
  await fetch(`${fake}/__control/google/codes`, {
    method: 'POST',
    body: JSON.stringify({
      code,
      challenge: params.get('code_challenge'),
      redirectUri: params.get('redirect_uri'),
      claims,
    }),
  });
  return { code, state: params.get('state')! };
}

describe('Google sign-in', () => {
  it('exchanges the code with PKCE, creates the user and continues at /eng/auth/callback', async () => {
    const client = new Client(base);
    const email = uniqueEmail('google');
    const { code, state } = await start(client, 'en', {
      sub: `g-${email}`,
      email,
      email_verified: true,
      name: 'Hanna Shevchenko',
    });
    const res = await client.get(`/api/auth/google/callback?code=${code}&state=${state}`);
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get('location')!).pathname).toBe('/eng/auth/callback');
    expect(client.cookies.get('google_oauth_state')).toBeUndefined();
    const me = await (await client.get('/api/me')).json();
    expect(me.user.email).toBe(email);
    expect(me.profile.fullName).toBe('Hanna Shevchenko');
    const requests = await (await fetch(`${fake}/__control/requests`)).json();
    const exchange = requests.filter((r: { path: string }) => r.path === '/google/token').at(-1);
    expect(exchange.problems).toEqual([]);
  });

  it('signs the same Google account into the same user next time', async () => {
    const email = uniqueEmail('again');
    const first = new Client(base);
    const a = await start(first, 'uk', { sub: `g-${email}`, email, email_verified: true });
    await first.get(`/api/auth/google/callback?code=${a.code}&state=${a.state}`);
    const second = new Client(base);
    const b = await start(second, 'uk', { sub: `g-${email}`, email, email_verified: true });
    const res = await second.get(`/api/auth/google/callback?code=${b.code}&state=${b.state}`);
    expect(new URL(res.headers.get('location')!).pathname).toBe('/auth/callback');
    expect((await (await second.get('/api/me')).json()).user.id).toBe(
      (await (await first.get('/api/me')).json()).user.id,
    );
  });

  it('links to an existing password account only when Google has verified the email and the owner proved the password', async () => {
    const email = uniqueEmail('linked');
    const owner = await signedUp(base, { email });
    const ownerId = (await (await owner.get('/api/me')).json()).user.id;

    const unverified = new Client(base);
    const u = await start(unverified, 'en', { sub: `g-unverified-${email}`, email, email_verified: false });
    const refused = await unverified.get(`/api/auth/google/callback?code=${u.code}&state=${u.state}`);
    expect(refused.headers.get('location')).toMatch(/\/eng\/login\?error=unverified$/);
    expect((await unverified.get('/api/me')).status).toBe(401);

    // Google vouches for the address, but the password account's address was never verified: whoever made that
    // account might not own the address (a pre-account hijack), so no link without the password.
    const stranger = new Client(base);
    const v = await start(stranger, 'en', { sub: `g-verified-${email}`, email, email_verified: true });
    const first = await stranger.get(`/api/auth/google/callback?code=${v.code}&state=${v.state}`);
    expect(first.headers.get('location')).toMatch(/\/eng\/login\?error=password_first$/);
    expect((await stranger.get('/api/me')).status).toBe(401);

    // The owner, signed in with the password, goes through Google: linked, and the address now counts as verified.
    const w = await start(owner, 'en', { sub: `g-verified-${email}`, email, email_verified: true });
    const linked = await owner.get(`/api/auth/google/callback?code=${w.code}&state=${w.state}`);
    expect(linked.headers.get('location')).toMatch(/\/eng\/auth\/callback$/);
    expect((await (await owner.get('/api/me')).json()).user.id).toBe(ownerId);

    // From then on Google alone signs into that account, in any browser.
    const later = new Client(base);
    const x = await start(later, 'en', { sub: `g-verified-${email}`, email, email_verified: true });
    await later.get(`/api/auth/google/callback?code=${x.code}&state=${x.state}`);
    expect((await (await later.get('/api/me')).json()).user.id).toBe(ownerId);
  });

  it('links Google to a password account once both sides confirmed the address: Google, and the mailed link (issue 30, point 6)', async () => {
    const email = uniqueEmail('confirmed-then-google');
    const owner = await signedUp(base, { email });
    const ownerId = (await (await owner.get('/api/me')).json()).user.id;
    // Not yet confirmed: a Google sign-in elsewhere with that address is not linked.
    const before = new Client(base);
    const a = await start(before, 'en', { sub: `g-confirm-${email}`, email, email_verified: true });
    const refused = await before.get(`/api/auth/google/callback?code=${a.code}&state=${a.state}`);
    expect(refused.headers.get('location')).toMatch(/\/eng\/login\?error=password_first$/);
    // The owner follows the confirmation link from the sign-up mail.
    const { token } = linkIn(await mailTo(inject('mailDir'), email), '/confirm-email');
    expect((await new Client(base).post('/api/auth/email/verify', { token })).status).toBe(200);
    // Now Google, which vouches for the same address, signs into that account in any browser.
    const after = new Client(base);
    const b = await start(after, 'en', { sub: `g-confirm-${email}`, email, email_verified: true });
    const linked = await after.get(`/api/auth/google/callback?code=${b.code}&state=${b.state}`);
    expect(linked.headers.get('location')).toMatch(/\/eng\/auth\/callback$/);
    expect((await (await after.get('/api/me')).json()).user.id).toBe(ownerId);
  });

  it("does not link a signed-in user's Google sign-in to another person's password account", async () => {
    const victim = uniqueEmail('victim');
    await signedUp(base, { email: victim });
    const attacker = await signedUp(base);
    const g = await start(attacker, 'uk', { sub: `g-${victim}`, email: victim, email_verified: true });
    const res = await attacker.get(`/api/auth/google/callback?code=${g.code}&state=${g.state}`);
    expect(res.headers.get('location')).toMatch(/\/login\?error=password_first$/);
  });

  it('does not link a second Google identity to an account whose address Google had not verified', async () => {
    const email = uniqueEmail('unverified-first');
    // Someone signs up through a Google account that carries this address without Google having verified it.
    const first = new Client(base);
    const a = await start(first, 'en', { sub: `g-unverified-${email}`, email, email_verified: false });
    const created = await first.get(`/api/auth/google/callback?code=${a.code}&state=${a.state}`);
    expect(created.headers.get('location')).toMatch(/\/eng\/auth\/callback$/);
    const firstId = (await (await first.get('/api/me')).json()).user.id;

    // The address's owner, verified by Google, gets a message instead of a way into that account.
    const owner = new Client(base);
    const b = await start(owner, 'en', { sub: `g-owner-${email}`, email, email_verified: true });
    const refused = await owner.get(`/api/auth/google/callback?code=${b.code}&state=${b.state}`);
    expect(refused.headers.get('location')).toMatch(/\/eng\/login\?error=account_unverified$/);
    expect((await owner.get('/api/me')).status).toBe(401);

    // Still refused on the next try: nothing was linked.
    const again = new Client(base);
    const c = await start(again, 'uk', { sub: `g-owner-${email}`, email, email_verified: true });
    const second = await again.get(`/api/auth/google/callback?code=${c.code}&state=${c.state}`);
    expect(second.headers.get('location')).toMatch(/\/login\?error=account_unverified$/);
    expect((await (await first.get('/api/me')).json()).user.id).toBe(firstId);
  });

  it('links a second Google identity to an account whose address Google verified when it was created', async () => {
    const email = uniqueEmail('verified-first');
    const first = new Client(base);
    const a = await start(first, 'en', { sub: `g-one-${email}`, email, email_verified: true });
    await first.get(`/api/auth/google/callback?code=${a.code}&state=${a.state}`);
    const second = new Client(base);
    const b = await start(second, 'en', { sub: `g-two-${email}`, email, email_verified: true });
    const linked = await second.get(`/api/auth/google/callback?code=${b.code}&state=${b.state}`);
    expect(linked.headers.get('location')).toMatch(/\/eng\/auth\/callback$/);
    expect((await (await second.get('/api/me')).json()).user.id).toBe(
      (await (await first.get('/api/me')).json()).user.id,
    );
  });

  it('refuses a state that does not match the cookie, without a session', async () => {
    const client = new Client(base);
    const { code } = await start(client, 'uk', { sub: 'g-state', email: uniqueEmail('state'), email_verified: true });
    const res = await client.get(`/api/auth/google/callback?code=${code}&state=forged`);
    expect(res.headers.get('location')).toMatch(/\/login\?error=failed$/);
    expect(client.cookies.get('rozum_session')).toBeUndefined();
  });

  it('refuses a code Google does not know', async () => {
    const client = new Client(base);
    const { state } = await start(client, 'uk', { sub: 'g-x', email: uniqueEmail('x'), email_verified: true });
    const res = await client.get(`/api/auth/google/callback?code=unknown&state=${state}`);
    expect(res.headers.get('location')).toMatch(/\/login\?error=failed$/);
  });

  it('tells the login page whether Google is configured', async () => {
    expect(await (await fetch(`${base}/api/auth/providers`)).json()).toEqual({ google: true });
  });
});

describe('deleting an account made with Google', () => {
  it('needs no password right after a Google sign-in, and says the account has none', async () => {
    const client = new Client(base);
    const email = uniqueEmail('google-delete');
    const { code, state } = await start(client, 'en', { sub: `g-${email}`, email, email_verified: true });
    await client.get(`/api/auth/google/callback?code=${code}&state=${state}`);
    expect((await (await client.get('/api/me')).json()).user).toMatchObject({ email, hasPassword: false });
    const res = await client.request('/api/me', { method: 'DELETE', json: { lang: 'en' } });
    expect(res.status).toBe(200);
    expect((await client.get('/api/me')).status).toBe(401);
    // Google's same account signs up anew: nothing of the old one is left.
    const again = new Client(base);
    const b = await start(again, 'en', { sub: `g-${email}`, email, email_verified: true });
    await again.get(`/api/auth/google/callback?code=${b.code}&state=${b.state}`);
    const { items } = await (await again.get('/api/results?type=iq')).json();
    expect(items).toEqual([]);
  });
});
