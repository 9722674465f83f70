/**
 * Holder names wherever one enters (sign-up, profile change, payment form, Google's profile): one rule
 * (domain/contact.ts personName), so a name of only zero-width or filler characters never reaches a certificate.
 */
import { describe, expect, inject, it } from 'vitest';
import { signedUp } from '../support/accounts.ts';
import { Client, uniqueEmail } from '../support/client.ts';

const base = inject('baseUrl');
const fake = inject('fakeUrl');
const INVISIBLE = '\u200b\u3164\u2800\u{e0041}';

describe('holder names', () => {
  it('refuse an invisible name at sign-up with 400 and a message of its own, in both languages', async () => {
    for (const lang of ['uk', 'en'] as const) {
      const res = await new Client(base).post('/api/auth/signup', {
        email: uniqueEmail('invisible'),
        password: 'secret1',
        fullName: INVISIBLE,
        lang,
      });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.error).toBe('name.error.invisible');
      expect(body.message).toMatch(lang === 'uk' ? /видиму/ : /visible/);
    }
  });

  it('store a sign-up name as the rule leaves it, in any script', async () => {
    const client = await signedUp(base, { fullName: '\u200b محمد   عبد الله \u3164', lang: 'en' });
    expect((await (await client.get('/api/me')).json()).profile.fullName).toBe('محمد عبد الله');
  });

  it('refuse an invisible name as a profile change and on the payment form', async () => {
    const client = await signedUp(base, { fullName: '王小明', lang: 'en' });
    const patch = await client.request('/api/me', { method: 'PATCH', json: { fullName: '\u115f\u1160', lang: 'en' } });
    expect(patch.status).toBe(400);
    expect((await patch.json()).error).toBe('name.error.invisible');
    expect((await (await client.get('/api/me')).json()).profile.fullName).toBe('王小明');
    const checkout = await client.post('/api/payments/checkout', { fullName: INVISIBLE, phone: '+380501234567' });
    expect(checkout.status).toBe(400);
    expect((await checkout.json()).error).toBe('name.error.invisible');
  });

  it('sign in with Google whose profile name is invisible, with no name rather than a refusal', async () => {
    const client = new Client(base);
    const email = uniqueEmail('gblank');
    const res = await client.get('/api/auth/google?lang=en');
    const params = new URL(res.headers.get('location')!).searchParams;
    const code = `code-${Math.random().toString(36).slice(2)}`;
    await fetch(`${fake}/__control/google/codes`, {
      method: 'POST',
      body: JSON.stringify({
        code,
        challenge: params.get('code_challenge'),
        redirectUri: params.get('redirect_uri'),
        claims: { sub: `g-${email}`, email, email_verified: true, name: INVISIBLE },
      }),
    });
    const callback = await client.get(`/api/auth/google/callback?code=${code}&state=${params.get('state')}`);
    expect(new URL(callback.headers.get('location')!).pathname).toBe('/eng/auth/callback');
    expect((await (await client.get('/api/me')).json()).profile.fullName).toBe('');
  });
});
