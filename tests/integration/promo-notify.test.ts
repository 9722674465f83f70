/** Promo codes (every refusal, and no over-redemption under concurrency) and notification delivery to the providers. */
import { createHash } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { signedUp } from '../support/accounts.ts';
import { Client, uniqueEmail } from '../support/client.ts';
import { receivedBy, TELEGRAM } from '../support/fake-providers.ts';
import { deliverCallback, serviceCallback } from '../support/wayforpay.ts';
import { iqSheetFor, takeSitting } from '../support/sittings.ts';

const base = inject('baseUrl');
const fake = inject('fakeUrl');

const user = (email = uniqueEmail('promo'), mailingList = true) =>
  signedUp(base, { email, fullName: 'Марія Шевчук', mailingList });

/** A sheet with every answer right, of a sitting served to the client's browser: saved to its account. */
async function perfectIq(client: Client) {
  const sitting = await takeSitting(client.get, 'uk');
  const res = await client.post(
    '/api/tests/iq/score',
    iqSheetFor(sitting, () => true),
  );
  expect(await res.json()).toMatchObject({ saved: true });
}

describe('promo codes', () => {
  it('grant days, case-insensitively, once per user', async () => {
    const client = await user();
    const res = await client.post('/api/promo', { promoCode: '  welcome30 ', lang: 'en' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      success: true,
      days: 30,
      message: 'Promo code applied: +30 days of premium.',
    });
    expect((await (await client.get('/api/me')).json()).subscription).toMatchObject({ active: true, daysLeft: 30 });
    const again = await client.post('/api/promo', { promoCode: 'WELCOME30' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ success: false, error: 'promo.error.used' });
  });

  it.each([
    ['', 400, 'promo.error.empty'],
    ['   ', 400, 'promo.error.empty'],
    ['NO-SUCH-CODE', 404, 'promo.error.invalid'],
    ['OLDCODE', 410, 'promo.error.expired'],
  ])('refuse %j with %i %s', async (code, status, key) => {
    const res = await (await user()).post('/api/promo', { promoCode: code });
    expect(res.status).toBe(status);
    expect((await res.json()).error).toBe(key);
  });

  it('need a signed-in user', async () => {
    const res = await new Client(base).post('/api/promo', { promoCode: 'WELCOME30' });
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe('Увійдіть, щоб застосувати промокод.');
  });

  it('are refused once exhausted', async () => {
    expect((await (await user()).post('/api/promo', { promoCode: 'ONCE1' })).status).toBe(200);
    const res = await (await user()).post('/api/promo', { promoCode: 'once1' });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe('promo.error.exhausted');
  });

  it('never exceed their maximum: 20 concurrent redemptions of a code with max 5 grant exactly 5', async () => {
    const clients = await Promise.all(Array.from({ length: 20 }, () => user()));
    const statuses = await Promise.all(
      clients.map(async (c) => (await c.post('/api/promo', { promoCode: 'ONLY5' })).status),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
  });
});

describe('notifications', () => {
  it('a sign-up reaches Telegram and Mailchimp in their documented formats', async () => {
    const email = uniqueEmail('Notify');
    await user(email);
    let requests: Awaited<ReturnType<typeof receivedBy>> = [];
    await expect
      .poll(
        async () => {
          requests = (await receivedBy(fake)).filter(
            (r) => r.body.includes(email) || r.body.includes(email.toLowerCase()),
          );
          return requests.length;
        },
        { timeout: 10_000 },
      )
      .toBeGreaterThanOrEqual(2);
    const telegram = requests.find((r) => r.path === `/telegram/bot${TELEGRAM.token}/sendMessage`)!;
    expect(JSON.parse(telegram.body)).toMatchObject({ chat_id: TELEGRAM.chat, text: expect.stringContaining(email) });
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(JSON.parse(put.body)).toMatchObject({
      email_address: email,
      status_if_new: 'pending',
      merge_fields: { FNAME: 'Марія', LNAME: 'Шевчук', SIGNUPDATE: new Date().toISOString().slice(0, 10) },
    });
    expect(Object.keys(JSON.parse(put.body).merge_fields)).not.toContain('SIGNUP_DATE');
    let tags: (typeof requests)[number] | undefined;
    await expect
      .poll(async () => (tags = (await receivedBy(fake)).find((r) => r.path === `${put.path}/tags`)), {
        timeout: 10_000,
      })
      .toBeTruthy();
    expect(JSON.parse(tags!.body)).toEqual({
      tags: [
        { name: 'new_user', status: 'active' },
        { name: 'registration', status: 'active' },
      ],
    });
    for (const r of [telegram, put, tags!]) expect(r.problems).toEqual([]);
  });

  it('a user who did not ask for the mailing list never reaches Mailchimp: not at sign-up, a result or a purchase', async () => {
    const email = uniqueEmail('quiet');
    const client = await user(email, false);
    await perfectIq(client);
    const { orderReference } = await (
      await client.post('/api/payments/checkout', { fullName: 'Тест Тестович', phone: '+380501234567', lang: 'uk' })
    ).json();
    expect((await deliverCallback(base, serviceCallback(orderReference))).status).toBe(200);
    // Telegram hears of the purchase (delivered by the same outbox run); Mailchimp hears nothing of this user.
    await expect
      .poll(
        async () =>
          (await receivedBy(fake)).some(
            (r) =>
              r.path.includes('/sendMessage') &&
              r.body.includes(email.toLowerCase()) &&
              r.body.includes(orderReference),
          ),
        { timeout: 10_000 },
      )
      .toBe(true);
    const member = createHash('md5').update(email.toLowerCase()).digest('hex');
    expect(
      (await receivedBy(fake)).filter(
        (r) => r.path.includes('/mailchimp/') && (r.path.includes(member) || r.body.includes(email)),
      ),
    ).toEqual([]);
  });

  it('a renewal charge reaches Mailchimp with the renewal terms and the next charge, and Telegram as a renewal', async () => {
    const email = uniqueEmail('renews');
    const client = await user(email);
    const { orderReference } = await (
      await client.post('/api/payments/checkout', { fullName: 'Тест Тестович', phone: '+380501234567', lang: 'uk' })
    ).json();
    const pay = (reference: string) => deliverCallback(base, serviceCallback(reference));
    expect((await pay(orderReference)).status).toBe(200);
    expect((await pay(`${orderReference}_WFPREG-1`)).status).toBe(200);
    const nextCharge = (await (await client.get('/api/me')).json()).subscription.nextCharge.at.slice(0, 10);
    await expect
      .poll(
        async () =>
          (await receivedBy(fake)).some((r) => r.method === 'PUT' && r.body.includes(`${orderReference}_WFPREG-1`)),
        { timeout: 10_000 },
      )
      .toBe(true);
    const put = (await receivedBy(fake)).find(
      (r) => r.method === 'PUT' && r.body.includes(`${orderReference}_WFPREG-1`),
    )!;
    // The spec's SUBSCRIPTION_DATE, SUBSCRIBER_STATUS and NEXT_CHARGE, under tags Mailchimp takes (≤ 10 characters).
    expect(JSON.parse(put.body).merge_fields).toMatchObject({
      RENEWAL: 'monthly, 1 USD, until cancelled',
      NEXTCHARGE: nextCharge,
      SUBDATE: new Date().toISOString().slice(0, 10),
      SUBSTATUS: 'active',
      PAYMENT_ID: `${orderReference}_WFPREG-1`,
    });
    expect(put.problems).toEqual([]);
    await expect
      .poll(
        async () =>
          (await receivedBy(fake)).some(
            (r) => r.path.includes('/sendMessage') && r.body.includes(`Premium renewed: ${email.toLowerCase()}`),
          ),
        { timeout: 10_000 },
      )
      .toBe(true);
  });

  it('a perfect sheet tags the member high_iq (it reads the highest figure its form gives, 134: at least 130)', async () => {
    const email = uniqueEmail('high');
    await perfectIq(await user(email));
    const member = createHash('md5').update(email.toLowerCase()).digest('hex');
    const tagged = async (tag: string) =>
      (await receivedBy(fake)).some((r) => r.path.endsWith(`${member}/tags`) && r.body.includes(`"${tag}"`));
    await expect.poll(() => tagged('high_iq'), { timeout: 10_000 }).toBe(true);
    expect(await tagged('above_average_iq')).toBe(false);
  });
});
