/**
 * "Forgot password?" (issue 30, point 3) over real HTTP and real SMTP: the same answer, at the same speed, for an
 * account's address and a stranger's; a link in the page's language, good once; a too-short password leaves it
 * usable; a reset ends every session, signs this browser in and confirms the address; limits per address asked about.
 */
import { describe, expect, inject, it } from 'vitest';
import { Client, uniqueEmail } from '../support/client.ts';
import { PASSWORD, signUp } from '../support/accounts.ts';
import { linkIn, mailsTo, mailWithSubject } from '../support/mail-sink.ts';

const base = inject('baseUrl');
const dir = inject('mailDir');
const forgot = (email: string, lang: 'uk' | 'en' = 'en') =>
  new Client(base).post('/api/auth/password/forgot', { email, lang });

describe('resetting a forgotten password', () => {
  it.each([
    ['uk', '/reset-password', 'Новий пароль для Rozum'],
    ['en', '/eng/reset-password', 'A new password for Rozum'],
  ] as const)(
    '%s: mails a link that sets a new password once, ends every session and signs this browser in',
    async (lang, path, subject) => {
      const email = uniqueEmail(`reset-${lang}`);
      const phone = new Client(base);
      await signUp(phone, { email });
      const laptop = new Client(base);
      expect((await laptop.post('/api/auth/signin', { email, password: PASSWORD })).status).toBe(200);
      const res = await forgot(email, lang);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true });
      // Named by its subject: the sign-up's confirmation may arrive before or after it.
      const mail = await mailWithSubject(dir, email, subject);
      const { url, token } = linkIn(mail, path);
      expect(url.pathname).toBe(path);

      const browser = new Client(base);
      // The page asks first whether the link can still be used: it can, and asking uses nothing.
      const check = (t: string) => new Client(base).post('/api/auth/password/reset/check', { token: t });
      expect(await (await check(token)).json()).toEqual({ ok: true });
      expect((await check(token)).status).toBe(200);
      const short = await browser.post('/api/auth/password/reset', { token, password: '123' });
      expect(short.status).toBe(400);
      expect((await short.json()).error).toBe('auth.error.password.length');
      const done = await browser.post('/api/auth/password/reset', { token, password: 'a-new-secret' });
      expect(done.status).toBe(200);
      // This browser is signed in, with the address confirmed (the link proved the mailbox); the others are signed out.
      expect((await (await browser.get('/api/me')).json()).user).toMatchObject({ email, emailVerified: true });
      for (const other of [phone, laptop]) expect((await other.get('/api/me')).status).toBe(401);
      expect((await new Client(base).post('/api/auth/signin', { email, password: PASSWORD })).status).toBe(401);
      expect((await new Client(base).post('/api/auth/signin', { email, password: 'a-new-secret' })).status).toBe(200);
      // Once only.
      const again = await new Client(base).post('/api/auth/password/reset', { token, password: 'another-one' });
      expect(again.status).toBe(400);
      expect((await again.json()).error).toBe('auth.error.token.invalid');
      // A used link is said to be used before any form: the page shows the way to ask for a new one.
      const used = await check(token);
      expect(used.status).toBe(400);
      expect((await used.json()).error).toBe('auth.error.token.invalid');
      for (const forged of ['', 'x'.repeat(43), token.slice(1), `${token}'--`]) {
        const res = await check(forged);
        expect(res.status, forged).toBe(400);
        expect((await res.json()).error, forged).toBe('auth.error.token.invalid');
      }
    },
  );

  it("answers a stranger's address exactly as an account's, at the same speed, and mails nothing", async () => {
    const known: string[] = [];
    for (let i = 0; i < 8; i++) {
      const email = uniqueEmail('reset-known');
      await signUp(new Client(base), { email });
      known.push(email);
    }
    const unknown = Array.from({ length: 8 }, () => uniqueEmail('reset-nobody'));
    const time = async (email: string) => {
      const started = performance.now();
      const res = await forgot(email);
      const body = await res.text();
      return { ms: performance.now() - started, status: res.status, body };
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const a: { ms: number; status: number; body: string }[] = [];
    const b: typeof a = [];
    // Interleaved, so the machine's load weighs on both alike.
    for (let i = 0; i < 8; i++) {
      a.push(await time(known[i]));
      b.push(await time(unknown[i]));
    }
    expect(new Set([...a, ...b].map((r) => `${r.status} ${r.body}`))).toEqual(new Set(['200 {"ok":true}']));
    expect(Math.abs(median(a.map((r) => r.ms)) - median(b.map((r) => r.ms)))).toBeLessThan(25);
    await mailWithSubject(dir, known[7], 'A new password for Rozum');
    for (const email of unknown) expect(await mailsTo(dir, email)).toHaveLength(0);
  });

  it('limits the asking per address asked about, known or not, and refuses made-up tokens', async () => {
    const email = uniqueEmail('reset-limit');
    await signUp(new Client(base), { email });
    for (const address of [email, uniqueEmail('reset-limit-nobody')]) {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await forgot(address)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
    }
    expect((await forgot(email.toUpperCase())).status).toBe(429);
    for (const token of ['A'.repeat(43), 'nope', ''])
      expect((await new Client(base).post('/api/auth/password/reset', { token, password: 'long-enough' })).status).toBe(
        400,
      );
    for (const body of [{ email: '', lang: 'en' }, { email: 'x@example.com' }, { email: 42, lang: 'en' }])
      expect((await new Client(base).post('/api/auth/password/forgot', body)).status).toBe(400);
  });
});
