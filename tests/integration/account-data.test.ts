/**
 * A person's data (issue 30, point 5) over real HTTP, real SMTP and our local Mailchimp and WayForPay: the export
 * holds everything the account does; deleting needs the password, changes nothing when refused, and when done leaves
 * no way back in — certificates say withdrawn, the sheet cannot be saved again, the mailing list forgets the address,
 * and a last mail says it was done. What stays of payments, and the renewal stopped at WayForPay: account-data-db.
 */
import { createHash } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { PASSWORD, signUp } from '../support/accounts.ts';
import { Client, uniqueEmail } from '../support/client.ts';
import { browser } from '../support/browser.ts';
import { receivedBy } from '../support/fake-providers.ts';
import { deliverCallback, serviceCallback } from '../support/wayforpay.ts';
import { careful, iqSheetFor, takeSitting } from '../support/sittings.ts';
import { mailWithSubject } from '../support/mail-sink.ts';

const base = inject('baseUrl');
const fake = inject('fakeUrl');
const dir = inject('mailDir');

const remove = (client: Client, body: unknown) => client.request('/api/me', { method: 'DELETE', json: body });
const memberHash = (email: string) => createHash('md5').update(email.toLowerCase()).digest('hex');

/** A subscriber with a saved IQ result, a paid order (approved through WayForPay's callback) and a promo code. */
async function fullAccount(lang: 'uk' | 'en') {
  const email = uniqueEmail(`data-${lang}`);
  const client = new Client(base);
  await signUp(client, { email, fullName: 'Ірина Мельник', mailingList: true, lang });
  const sitting = await takeSitting(client.get, lang);
  const scored = await (await client.post('/api/tests/iq/score', iqSheetFor(sitting, careful))).json();
  expect(scored).toMatchObject({ saved: true });
  const { orderReference } = await (
    await client.post('/api/payments/checkout', { fullName: 'Ірина Мельник', phone: '+380501234567', lang })
  ).json();
  expect((await deliverCallback(base, serviceCallback(orderReference))).status).toBe(200);
  expect((await client.post('/api/promo', { promoCode: 'WELCOME30' })).status).toBe(200);
  const result = await (await client.get(`/api/results/iq/${scored.id}?lang=${lang}`)).json();
  // Its result shared (issue 32): the link is the account's too.
  const shared = await (await client.post(`/api/results/iq/${scored.id}/share`, { lang, showName: true })).json();
  return {
    email,
    client,
    orderReference,
    resultId: scored.id as string,
    code: result.verificationCode as string,
    shareCode: shared.code as string,
  };
}

describe('GET /api/me/export', () => {
  it('is a JSON file of everything the account holds: account, results with answers, orders, promo codes, consents', async () => {
    const { email, client, orderReference, resultId, shareCode } = await fullAccount('uk');
    const res = await client.get('/api/me/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="rozum-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers.get('cache-control')).toContain('no-store');
    const data = await res.json();
    expect(data).toMatchObject({
      format: 'rozum-account-export/1',
      account: { email, fullName: 'Ірина Мельник', hasPassword: true, emailVerifiedAt: null },
      consents: { mailingListAt: expect.any(String) },
      promoRedemptions: [{ code: 'WELCOME30', redeemedAt: expect.any(String) }],
      sharedResults: [
        { kind: 'iq', resultId, code: shareCode, language: 'uk', showsFirstName: true, since: expect.any(String) },
      ],
      subscription: { active: true },
    });
    expect(data.sessions).toEqual([expect.objectContaining({ signedInWith: 'password', thisBrowser: true })]);
    expect(data.results.iq).toHaveLength(1);
    expect(data.results.iq[0]).toMatchObject({ id: resultId, language: 'uk', verificationCode: expect.any(String) });
    expect(data.results.iq[0].answers).toHaveLength(20);
    expect(data.results.career).toEqual([]);
    expect(data.orders).toEqual([
      expect.objectContaining({
        orderReference,
        amount: expect.any(String),
        clientName: 'Ірина Мельник',
        clientPhone: '+380501234567',
        charges: [expect.objectContaining({ chargeReference: orderReference, status: 'Approved' })],
      }),
    ]);
    // Nothing secret: no password hash, no session or token digests.
    expect(JSON.stringify(data)).not.toMatch(/argon2|password_hash|token_hash|"id":"[0-9a-f]{64}"/);
  });

  it('is for the signed-in holder only', async () => {
    const res = await new Client(base).get('/api/me/export');
    expect(res.status).toBe(401);
  });
});

describe('DELETE /api/me', () => {
  it('refuses a wrong or missing password, and a body without its language, changing nothing', async () => {
    const client = new Client(base);
    const { email } = await signUp(client);
    for (const [body, status, key] of [
      [{ password: 'wrong-one', lang: 'en' }, 403, 'auth.error.password.current'],
      [{ lang: 'en' }, 403, 'auth.error.password.current'],
      [{ password: '', lang: 'en' }, 403, 'auth.error.password.current'],
      [{ password: PASSWORD }, 400, undefined],
      [{ password: 42, lang: 'en' }, 400, undefined],
    ] as const) {
      const res = await remove(client, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (key) expect((await res.json()).error).toBe(key);
    }
    expect((await client.get('/api/me')).status).toBe(200);
    expect((await new Client(base).post('/api/auth/signin', { email, password: PASSWORD })).status).toBe(200);
  });

  it('needs a signed-in user, and is refused cross-site', async () => {
    expect((await remove(new Client(base), { password: PASSWORD, lang: 'uk' })).status).toBe(401);
    const client = new Client(base);
    await signUp(client);
    const cross = await client.request('/api/me', {
      method: 'DELETE',
      json: { password: PASSWORD, lang: 'uk' },
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(cross.status).toBe(403);
    expect((await client.get('/api/me')).status).toBe(200);
  });

  it.each(['uk', 'en'] as const)(
    '%s: deletes the account and everything of it; certificates withdrawn, the list forgets, a mail says so',
    async (lang) => {
      const { email, client, code, shareCode } = await fullAccount(lang);
      const sharedPage = `${lang === 'en' ? '/eng' : ''}/r/${shareCode}`;
      expect((await fetch(base + sharedPage)).status).toBe(200);
      const other = new Client(base);
      expect((await other.post('/api/auth/signin', { email, password: PASSWORD })).status).toBe(200);
      expect((await client.get(`/api/certificates/verify/${code}`)).status).toBe(200);

      const res = await remove(client, { password: PASSWORD, lang });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true });
      // Signed out here (cookies cleared) and everywhere (sessions gone); no account to sign in to.
      expect(client.cookies.has('rozum_session')).toBe(false);
      expect((await client.get('/api/me')).status).toBe(401);
      expect((await other.get('/api/me')).status).toBe(401);
      expect((await new Client(base).post('/api/auth/signin', { email, password: PASSWORD })).status).toBe(401);

      // The certificate's code now says withdrawn — not "no such certificate", and not valid.
      const verify = await new Client(base).get(`/api/certificates/verify/${code}?lang=${lang}`);
      expect(verify.status).toBe(410);
      expect(await verify.json()).toMatchObject({ valid: false, error: 'certificate.error.withdrawn' });
      // Its shared result's page shows nothing any more.
      expect((await fetch(base + sharedPage)).status).toBe(404);

      const mail = await mailWithSubject(
        dir,
        email,
        lang === 'uk' ? 'Ваш обліковий запис у Rozum видалено' : 'Your Rozum account has been deleted',
      );
      expect(mail.text).toContain(lang === 'uk' ? 'записи про платежі' : 'payment records');
      expect(mail.html).not.toMatch(/<img/i);

      // Mailchimp: the member deleted for good, in the documented form; WayForPay: the schedule removed.
      const hash = memberHash(email);
      await expect
        .poll(
          async () =>
            (await receivedBy(fake)).find((r) => r.path.endsWith(`/members/${hash}/actions/delete-permanent`)),
          {
            timeout: 15_000,
          },
        )
        .toBeTruthy();
      const deletion = (await receivedBy(fake)).find((r) => r.path.endsWith(`${hash}/actions/delete-permanent`))!;
      expect(deletion).toMatchObject({ method: 'POST', body: '', problems: [] });
      // The address is free: a new account starts empty.
      const again = new Client(base);
      await signUp(again, { email });
      const { items } = await (await again.get('/api/results?type=iq')).json();
      expect(items).toEqual([]);
      expect((await (await again.get('/api/me')).json()).subscription).toMatchObject({ active: false });
    },
  );

  it('a withdrawn sheet cannot be saved again: its visitor token, claimed by someone else after the deletion, is refused', async () => {
    const visitor = browser(base);
    const sitting = await takeSitting(visitor.get, 'en');
    const scored = await (await visitor.post('/api/tests/iq/score', iqSheetFor(sitting, careful))).json();
    const holder = new Client(base);
    await signUp(holder);
    expect((await holder.post('/api/results/claim', { tokens: [scored.token], lang: 'en' })).status).toBe(200);
    expect((await remove(holder, { password: PASSWORD, lang: 'en' })).status).toBe(200);
    const friend = new Client(base);
    await signUp(friend);
    const claim = await friend.post('/api/results/claim', { tokens: [scored.token], lang: 'en' });
    expect(claim.status).toBe(409);
    expect(await claim.json()).toMatchObject({ error: 'results.error.claimed' });
    const { items } = await (await friend.get('/api/results?type=iq')).json();
    expect(items).toEqual([]);
  });
});
