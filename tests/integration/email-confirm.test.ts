/**
 * Confirming an address (issue 30, point 2), over real HTTP and real SMTP: sign-up mails a link in the page's
 * language; the link's token confirms the address once; "send again" voids the old link, is refused once the
 * address is confirmed, and is limited; /api/me says whether the address is confirmed. The attacks: a used, a
 * voided, a made-up or a malformed token, a stranger's resend — each changes nothing.
 */
import { describe, expect, inject, it } from 'vitest';
import { Client, uniqueEmail } from '../support/client.ts';
import { signUp } from '../support/accounts.ts';
import { linkIn, mailTo, mailsTo } from '../support/mail-sink.ts';

const base = inject('baseUrl');
const dir = inject('mailDir');

const me = async (client: Client) => (await (await client.get('/api/me')).json()).user;
const verify = (client: Client, token: unknown) => client.post('/api/auth/email/verify', { token });

describe('confirming the address an account was opened with', () => {
  it.each([
    ['uk', '/confirm-email', 'Підтвердіть адресу електронної пошти'],
    ['en', '/eng/confirm-email', 'Confirm your email address'],
  ] as const)(
    '%s: sign-up mails a link in the page language that confirms the address once',
    async (lang, path, subject) => {
      const client = new Client(base);
      const email = uniqueEmail(`confirm-${lang}`);
      await signUp(client, { email, lang });
      expect(await me(client)).toMatchObject({ email, emailVerified: false });
      const mail = await mailTo(dir, email);
      expect(mail.subject).toBe(subject);
      const { url, token } = linkIn(mail, path);
      expect(url.pathname).toBe(path);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // The link may open in another browser: no session needed.
      const res = await verify(new Client(base), token);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true, emailVerified: true });
      expect(await me(client)).toMatchObject({ emailVerified: true });
      // Once only.
      const again = await verify(new Client(base), token);
      expect(again.status).toBe(400);
      expect((await again.json()).error).toBe('auth.error.token.invalid');
    },
  );

  it('"send again" mails a new link and voids the old; refused once confirmed; three mails an hour in all', async () => {
    const client = new Client(base);
    const email = uniqueEmail('resend');
    await signUp(client, { email, lang: 'en' });
    const first = linkIn(await mailTo(dir, email), '/eng/confirm-email').token;
    const resent = await client.post('/api/auth/email/resend', { lang: 'uk' });
    expect(resent.status).toBe(200);
    const second = await mailTo(dir, email, 2);
    expect(second.subject).toBe('Підтвердіть адресу електронної пошти');
    const { token } = linkIn(second, '/confirm-email');
    // The old link is void; the new one confirms.
    expect((await verify(client, first)).status).toBe(400);
    expect((await verify(client, token)).status).toBe(200);
    const done = await client.post('/api/auth/email/resend', { lang: 'uk' });
    expect(done.status).toBe(409);
    expect((await done.json()).error).toBe('auth.error.email.already_verified');
    expect(await mailsTo(dir, email)).toHaveLength(2);

    const other = new Client(base);
    const otherEmail = uniqueEmail('resend-limit');
    await signUp(other, { email: otherEmail });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await other.post('/api/auth/email/resend', { lang: 'en' })).status);
    // Sign-up's mail and two more: an address that has proven nothing gets three an hour, whoever asks (issue 44).
    expect(statuses).toEqual([200, 200, 429, 429]);
    await mailTo(dir, otherEmail, 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailsTo(dir, otherEmail)).toHaveLength(3);
  });

  it('refuses a made-up, malformed or missing token, and a resend without a session, changing nothing', async () => {
    const client = new Client(base);
    const email = uniqueEmail('attack');
    await signUp(client, { email });
    await mailTo(dir, email);
    for (const token of ['A'.repeat(43), 'short', '../../etc/passwd', '']) {
      const res = await verify(client, token);
      expect(res.status, token).toBe(400);
      expect((await res.json()).error).toBe('auth.error.token.invalid');
    }
    for (const body of [{ token: 42 }, {}, { token: 'x'.repeat(500) }]) {
      const res = await client.post('/api/auth/email/verify', body);
      expect(res.status).toBe(400);
    }
    expect((await new Client(base).post('/api/auth/email/resend', { lang: 'en' })).status).toBe(401);
    // A mail goes out in a stated language only.
    for (const body of [{}, { lang: 'de' }])
      expect((await client.post('/api/auth/email/resend', body)).status).toBe(400);
    expect(await me(client)).toMatchObject({ emailVerified: false });
    expect(await mailsTo(dir, email)).toHaveLength(1);
  });
});
