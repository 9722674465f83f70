/**
 * Account settings (issue 30, point 4) over real HTTP and real SMTP: a new password needs the current one and ends
 * every other session; a new address needs the password, takes effect only through the link mailed to it, and the
 * old address is told; a new password cancels a pending change (the notice's advice to a holder who did not ask).
 */
import { describe, expect, inject, it } from 'vitest';
import { Client, uniqueEmail } from '../support/client.ts';
import { PASSWORD, signUp } from '../support/accounts.ts';
import { linkIn, mailTo, mailsTo, mailWithSubject } from '../support/mail-sink.ts';
import { createHash } from 'node:crypto';
import { receivedBy } from '../support/fake-providers.ts';

const base = inject('baseUrl');
const dir = inject('mailDir');
const fake = inject('fakeUrl');
const me = async (client: Client) => (await (await client.get('/api/me')).json()).user;

async function account() {
  const email = uniqueEmail('settings');
  const here = new Client(base);
  await signUp(here, { email });
  const there = new Client(base);
  expect((await there.post('/api/auth/signin', { email, password: PASSWORD })).status).toBe(200);
  return { email, here, there };
}

describe('changing the password', () => {
  it('needs the current one, ends every other session, keeps this one', async () => {
    const { email, here, there } = await account();
    const wrong = await here.post('/api/me/password', { currentPassword: 'nope', newPassword: 'another-secret' });
    expect(wrong.status).toBe(403);
    expect((await wrong.json()).error).toBe('auth.error.password.current');
    const short = await here.post('/api/me/password', { currentPassword: PASSWORD, newPassword: '123' });
    expect(short.status).toBe(400);
    expect((await there.get('/api/me')).status).toBe(200);
    expect(
      (await here.post('/api/me/password', { currentPassword: PASSWORD, newPassword: 'another-secret' })).status,
    ).toBe(200);
    expect((await here.get('/api/me')).status).toBe(200);
    expect((await there.get('/api/me')).status).toBe(401);
    expect((await new Client(base).post('/api/auth/signin', { email, password: 'another-secret' })).status).toBe(200);
    expect((await new Client(base).post('/api/auth/signin', { email, password: PASSWORD })).status).toBe(401);
  });

  it('limits guessing the current password: ten tries in ten minutes', async () => {
    const { here } = await account();
    const statuses = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await here.post('/api/me/password', { currentPassword: `guess-${i}`, newPassword: 'x'.repeat(8) })).status,
      );
    expect(statuses).toEqual([...Array(10).fill(403), 429]);
  });
});

describe('changing the address', () => {
  it.each(['uk', 'en'] as const)(
    '%s: takes effect only through the link mailed to it; the old address is told',
    async (lang) => {
      const { email, here, there } = await account();
      // The old address is told only once it is proven the holder's (issue 44): confirmed first, as most are.
      const confirm = linkIn(await mailTo(dir, email), '/confirm-email');
      expect((await here.post('/api/auth/email/verify', { token: confirm.token })).status).toBe(200);
      const next = uniqueEmail(`moved-${lang}`);
      const asked = await here.post('/api/me/email', { email: next, password: PASSWORD, lang });
      expect(asked.status).toBe(200);
      expect(await asked.json()).toEqual({ ok: true, pending: next });
      // Nothing changed yet.
      expect(await me(here)).toMatchObject({ email });
      // Named by its subject: the sign-up's confirmation may arrive before or after it.
      const notice = await mailWithSubject(
        dir,
        email,
        lang === 'uk'
          ? 'Запит на зміну адреси облікового запису Rozum'
          : 'A request to change your Rozum account address',
      );
      expect(notice.text).toContain(next);
      expect(notice.text).not.toMatch(/token=/);
      const link = await mailTo(dir, next);
      const { url, token } = linkIn(link, lang === 'uk' ? '/confirm-email' : '/eng/confirm-email');
      expect(url.pathname).toMatch(/confirm-email$/);
      // Followed in the browser that asked: it stays signed in; the account's other sessions end (issue 44).
      const done = await here.post('/api/auth/email/verify', { token });
      expect(done.status).toBe(200);
      expect(await me(here)).toMatchObject({ email: next, emailVerified: true });
      expect((await there.get('/api/me')).status).toBe(401);
      expect((await new Client(base).post('/api/auth/signin', { email: next, password: PASSWORD })).status).toBe(200);
      expect((await new Client(base).post('/api/auth/signin', { email, password: PASSWORD })).status).toBe(401);
    },
  );

  it('needs the password, refuses the same or a taken address, and a new password cancels a pending change', async () => {
    const { email, here, there } = await account();
    const other = uniqueEmail('taken');
    await signUp(new Client(base), { email: other });
    const cases: [Record<string, unknown>, number, string][] = [
      [{ email: uniqueEmail('x'), password: 'nope', lang: 'en' }, 403, 'auth.error.password.current'],
      [{ email: email.toUpperCase(), password: PASSWORD, lang: 'en' }, 409, 'auth.error.email.same'],
      [{ email: other, password: PASSWORD, lang: 'en' }, 409, 'auth.error.exists'],
      [{ email: 'not an address', password: PASSWORD, lang: 'en' }, 400, 'auth.error.email.invalid'],
    ];
    for (const [body, status, error] of cases) {
      const res = await here.post('/api/me/email', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect((await res.json()).error).toBe(error);
    }
    // Someone in the other session asks to move the account to their address…
    const theirs = uniqueEmail('hijack');
    expect((await there.post('/api/me/email', { email: theirs, password: PASSWORD, lang: 'en' })).status).toBe(200);
    const { token } = linkIn(await mailTo(dir, theirs), '/eng/confirm-email');
    // …the holder, told at the old address, changes the password: the pending change is void.
    expect((await here.post('/api/me/password', { currentPassword: PASSWORD, newPassword: 'mine-again' })).status).toBe(
      200,
    );
    const refused = await new Client(base).post('/api/auth/email/verify', { token });
    expect(refused.status).toBe(400);
    expect(await me(here)).toMatchObject({ email });
    expect(await mailsTo(dir, uniqueEmail('nobody'))).toHaveLength(0);
  });
});

describe('the mailing list follows the address', () => {
  it('a confirmed change moves the Mailchimp member to the new address; deleting the account then deletes it there', async () => {
    const email = uniqueEmail('listed');
    const here = new Client(base);
    await signUp(here, { email, mailingList: true });
    const hash = (address: string) => createHash('md5').update(address.toLowerCase()).digest('hex');
    // The member exists at Mailchimp (the sign-up's PUT) before it is moved.
    await expect
      .poll(async () => (await receivedBy(fake)).some((r) => r.method === 'PUT' && r.path.endsWith(hash(email))), {
        timeout: 10_000,
      })
      .toBe(true);
    const next = uniqueEmail('listed-moved');
    expect((await here.post('/api/me/email', { email: next, password: PASSWORD, lang: 'en' })).status).toBe(200);
    const { token } = linkIn(await mailTo(dir, next), '/eng/confirm-email');
    // Confirmed in the browser that asked, which stays signed in (the others end: issue 44).
    expect((await here.post('/api/auth/email/verify', { token })).status).toBe(200);
    let patch: Awaited<ReturnType<typeof receivedBy>>[number] | undefined;
    await expect
      .poll(
        async () =>
          (patch = (await receivedBy(fake)).find(
            (r) => r.method === 'PATCH' && r.path.endsWith(`/members/${hash(email)}`),
          )),
        { timeout: 10_000 },
      )
      .toBeTruthy();
    expect(JSON.parse(patch!.body)).toEqual({ email_address: next });
    expect(patch!.problems).toEqual([]);

    expect((await here.request('/api/me', { method: 'DELETE', json: { password: PASSWORD, lang: 'en' } })).status).toBe(
      200,
    );
    await expect
      .poll(
        async () =>
          (await receivedBy(fake)).find((r) => r.path.endsWith(`/members/${hash(next)}/actions/delete-permanent`)),
        { timeout: 10_000 },
      )
      .toMatchObject({ method: 'POST', problems: [] });
  });
});
