/**
 * Premium over real HTTP: checkout with the test provider, WayForPay service callbacks signed by the documented
 * formula (computed independently, tests/support/wayforpay.ts), idempotent activation, forgeries that change nothing, the teaser/full
 * switch for the same result, cancellation.
 */
import { describe, expect, inject, it } from 'vitest';
import { signedUp } from '../support/accounts.ts';
import { Client } from '../support/client.ts';
import { acceptSignature, deliverCallback, serviceCallback } from '../support/wayforpay.ts';
import { iqSheetFor, provisionalReadingOf, takeSitting } from '../support/sittings.ts';

const base = inject('baseUrl');

async function order(client: Client, extra: Record<string, unknown> = {}) {
  const res = await client.post('/api/payments/checkout', {
    fullName: 'Петро Іваненко',
    phone: '+380501234567',
    lang: 'uk',
    ...extra,
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { provider: string; orderReference: string; redirectUrl: string };
}
const subscription = async (client: Client) => (await (await client.get('/api/me')).json()).subscription;

describe('checkout', () => {
  it('creates an order GP… for the test provider and refuses missing name or phone', async () => {
    const client = await signedUp(base);
    const created = await order(client, { testType: 'iq' });
    expect(created).toMatchObject({
      provider: 'test',
      redirectUrl: `/api/payments/test/${created.orderReference}?lang=uk`,
    });
    expect(created.orderReference).toMatch(/^GP\d{13}[0-9A-F]{6}$/);
    const noPhone = await client.post('/api/payments/checkout', { fullName: 'X', phone: '' });
    expect(await noPhone.json()).toMatchObject({ error: 'payment.error.phone' });
    const noName = await client.post('/api/payments/checkout', { fullName: ' ', phone: '+380501234567' });
    expect(await noName.json()).toMatchObject({ error: 'payment.error.fullName' });
    expect(
      (await new Client(base).post('/api/payments/checkout', { fullName: 'X', phone: '+380501234567' })).status,
    ).toBe(401);
  });

  it('puts the name typed for the payment on the profile only when the payer asks it to, and a refused order renames nothing', async () => {
    const client = await signedUp(base, { fullName: 'Олена Коваль' });
    const name = async () => (await (await client.get('/api/me')).json()).profile.fullName;
    await order(client, { fullName: 'Петро Іваненко' });
    expect(await name()).toBe('Олена Коваль');
    await order(client, { fullName: 'Петро Іваненко', saveName: true });
    expect(await name()).toBe('Петро Іваненко');
    const refused = await client.post('/api/payments/checkout', {
      fullName: 'Ганна Шевченко',
      phone: '12',
      saveName: true,
    });
    expect(refused.status).toBe(400);
    expect(await name()).toBe('Петро Іваненко');
    expect(
      (await client.post('/api/payments/checkout', { fullName: 'X Y', phone: '+380501234567', saveName: 'yes' }))
        .status,
    ).toBe(400);
  });
});

describe('WayForPay service callback', () => {
  it('activates premium on Approved, answers the signed accept, and shows the order to its owner', async () => {
    const client = await signedUp(base);
    const { orderReference } = await order(client);
    const res = await deliverCallback(base, serviceCallback(orderReference, 'Approved'));
    expect(res.status).toBe(200);
    const accept = await res.json();
    expect(accept).toMatchObject({ orderReference, status: 'accept' });
    expect(accept.signature).toBe(acceptSignature(orderReference, accept.time));
    const sub = await subscription(client);
    expect(sub).toMatchObject({ status: 'active', active: true, daysLeft: 30, paymentId: orderReference });
    expect(await (await client.get(`/api/payments/${orderReference}`)).json()).toMatchObject({
      status: 'Approved',
      amount: 1,
      currency: 'USD',
    });
    expect((await (await signedUp(base)).get(`/api/payments/${orderReference}`)).status).toBe(404);
  });

  it('unlocks the statistics, which show no figures before the first IQ test (not zeros)', async () => {
    const client = await signedUp(base);
    const { orderReference } = await order(client);
    await deliverCallback(base, serviceCallback(orderReference, 'Approved'));
    expect(await (await client.get('/api/me/stats')).json()).toMatchObject({
      statsLocked: false,
      totalTests: 0,
      bestIQ: null,
      averageIQ: null,
      averageAccuracy: null,
      improvementTrend: null,
    });
  });

  it('extends once however often the same approval arrives', async () => {
    const client = await signedUp(base);
    const { orderReference } = await order(client);
    await deliverCallback(base, serviceCallback(orderReference, 'Approved'));
    const first = (await subscription(client)).expiresAt;
    expect((await deliverCallback(base, serviceCallback(orderReference, 'Approved'))).status).toBe(200);
    expect((await subscription(client)).expiresAt).toBe(first);
    // A second order extends from the current expiry.
    const next = await order(client);
    await deliverCallback(base, serviceCallback(next.orderReference, 'Approved'));
    expect(new Date((await subscription(client)).expiresAt).getTime() - new Date(first).getTime()).toBeCloseTo(
      30 * 86_400_000,
      -4,
    );
  });

  it.each([
    ['a bad signature', (ref: string) => serviceCallback(ref, 'Approved', { merchantSignature: '0'.repeat(32) })],
    ['a signature for other fields', (ref: string) => ({ ...serviceCallback(ref, 'Approved'), authCode: '999999' })],
    ['a wrong amount', (ref: string) => serviceCallback(ref, 'Approved', { amount: 0.01 })],
    ['a wrong currency', (ref: string) => serviceCallback(ref, 'Approved', { currency: 'UAH' })],
    ['another merchant', (ref: string) => serviceCallback(ref, 'Approved', { merchantAccount: 'someone_else' })],
    ['an unknown order', () => serviceCallback('GP0000000000000AAAAAA', 'Approved')],
  ])('changes nothing for %s', async (_name, forge) => {
    const client = await signedUp(base);
    const { orderReference } = await order(client);
    const res = await deliverCallback(base, forge(orderReference));
    expect(res.status).toBe(400);
    expect(await subscription(client)).toMatchObject({ status: 'inactive', active: false });
    expect((await (await client.get(`/api/payments/${orderReference}`)).json()).status).toBe('Created');
  });

  it('accepts the JSON body WayForPay sends as a form key', async () => {
    const client = await signedUp(base);
    const { orderReference } = await order(client);
    const res = await fetch(`${base}/api/payments/wayforpay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: JSON.stringify(serviceCallback(orderReference, 'Approved')),
    });
    expect(res.status).toBe(200);
    expect((await subscription(client)).active).toBe(true);
  });

  it('takes the callback whatever Origin or Sec-Fetch-Site it carries: a server calls it, its signature is the check', async () => {
    const client = await signedUp(base);
    const { orderReference } = await order(client);
    const res = await fetch(`${base}/api/payments/wayforpay`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: 'https://secure.wayforpay.com',
        'sec-fetch-site': 'cross-site',
      },
      body: JSON.stringify(serviceCallback(orderReference, 'Approved')),
    });
    expect(res.status).toBe(200);
    expect((await subscription(client)).active).toBe(true);
    // Every other state-changing endpoint still refuses a cross-site browser request.
    const promo = await client.post('/api/promo', { promoCode: 'X' }, { origin: 'https://evil.example' });
    expect(promo.status).toBe(403);
  });

  it('leaves access unchanged on Declined, and a late decline never undoes an approval', async () => {
    const client = await signedUp(base);
    const { orderReference } = await order(client);
    await deliverCallback(base, serviceCallback(orderReference, 'Declined'));
    expect((await subscription(client)).active).toBe(false);
    expect((await (await client.get(`/api/payments/${orderReference}`)).json()).status).toBe('Declined');
    const paid = await order(client);
    await deliverCallback(base, serviceCallback(paid.orderReference, 'Approved'));
    await deliverCallback(base, serviceCallback(paid.orderReference, 'Declined'));
    expect((await subscription(client)).active).toBe(true);
    expect((await (await client.get(`/api/payments/${paid.orderReference}`)).json()).status).toBe('Approved');
  });
});

describe("a payment that did not go through, and WayForPay's reason for it", () => {
  const statusOf = async (client: Client, orderReference: string) =>
    (await (await client.get(`/api/payments/${orderReference}`)).json()) as { status: string; reasonCode: unknown };

  it('states the reasonCode of a decline to its owner, and none for an approval', async () => {
    const client = await signedUp(base);
    const declined = await order(client);
    await deliverCallback(base, serviceCallback(declined.orderReference, 'Declined', { reasonCode: 1104 }));
    expect(await statusOf(client, declined.orderReference)).toMatchObject({ status: 'Declined', reasonCode: 1104 });
    // WayForPay's documented callbacks send it as a number; a string of digits is the same code.
    const asText = await order(client);
    await deliverCallback(base, serviceCallback(asText.orderReference, 'Declined', { reasonCode: '1102' }));
    expect((await statusOf(client, asText.orderReference)).reasonCode).toBe(1102);
    const paid = await order(client);
    await deliverCallback(base, serviceCallback(paid.orderReference, 'Approved'));
    expect(await statusOf(client, paid.orderReference)).toMatchObject({ status: 'Approved', reasonCode: null });
    // Another person asking about the order learns nothing of it.
    const stranger = await signedUp(base);
    expect((await stranger.get(`/api/payments/${declined.orderReference}`)).status).toBe(404);
  });

  it('reads no code from a reasonCode that is not one (a signed callback with junk in it)', async () => {
    const client = await signedUp(base);
    for (const junk of ['1101; DROP TABLE payments', '', '99999999999', 1101.5, -1101]) {
      const { orderReference } = await order(client);
      expect(
        (await deliverCallback(base, serviceCallback(orderReference, 'Declined', { reasonCode: junk }))).status,
      ).toBe(200);
      expect(await statusOf(client, orderReference)).toMatchObject({ status: 'Declined', reasonCode: null });
    }
  });
});

describe('monthly renewal charges (<order>_WFPREG-<n>)', () => {
  const expiry = async (client: Client) => new Date((await subscription(client)).expiresAt).getTime();
  const DAY = 86_400_000;

  it('extend premium by 30 days each, once each, and answer the signed accept', async () => {
    const client = await signedUp(base);
    const { orderReference } = await order(client);
    await deliverCallback(base, serviceCallback(orderReference, 'Approved'));
    const paid = await expiry(client);
    for (const n of [1, 2]) {
      const res = await deliverCallback(base, serviceCallback(`${orderReference}_WFPREG-${n}`, 'Approved'));
      expect(res.status).toBe(200);
      const accept = await res.json();
      expect(accept).toMatchObject({ orderReference: `${orderReference}_WFPREG-${n}`, status: 'accept' });
      expect(accept.signature).toBe(acceptSignature(`${orderReference}_WFPREG-${n}`, accept.time));
    }
    expect((await expiry(client)) - paid).toBeCloseTo(60 * DAY, -4);
    // A replay of either changes nothing.
    expect((await deliverCallback(base, serviceCallback(`${orderReference}_WFPREG-2`, 'Approved'))).status).toBe(200);
    expect((await deliverCallback(base, serviceCallback(`${orderReference}_WFPREG-1`, 'Approved'))).status).toBe(200);
    expect((await expiry(client)) - paid).toBeCloseTo(60 * DAY, -4);
    expect(await subscription(client)).toMatchObject({
      active: true,
      source: 'payment',
      paymentId: orderReference,
      renewalFailedAt: null,
      nextCharge: { amount: '1 USD' },
    });
    // The other form integrations report, <order>_WFPREG-<id>-<n>, is the same order's charge.
    await deliverCallback(base, serviceCallback(`${orderReference}_WFPREG-541278-3`, 'Approved'));
    expect((await expiry(client)) - paid).toBeCloseTo(90 * DAY, -4);
  });

  it("name WayForPay's own next charge: a calendar month on after each renewal, unmoved by a promo code", async () => {
    const client = await signedUp(base);
    const { orderReference } = await order(client);
    await deliverCallback(base, serviceCallback(orderReference, 'Approved'));
    const first = new Date((await subscription(client)).nextCharge.at);
    expect(first.getTime() - Date.now()).toBeCloseTo(30 * DAY, -5);
    await deliverCallback(base, serviceCallback(`${orderReference}_WFPREG-1`, 'Approved'));
    const second = new Date((await subscription(client)).nextCharge.at);
    const monthOn = new Date(first);
    monthOn.setUTCMonth(monthOn.getUTCMonth() + 1);
    expect(Math.abs(second.getTime() - monthOn.getTime())).toBeLessThan(2 * DAY);
    expect((await client.post('/api/promo', { promoCode: 'WELCOME30' })).status).toBe(200);
    expect((await subscription(client)).nextCharge.at).toBe(second.toISOString());
  });

  it('record a declined or expired renewal, change nothing else, and show that renewal failed', async () => {
    const client = await signedUp(base);
    const { orderReference } = await order(client);
    await deliverCallback(base, serviceCallback(orderReference, 'Approved'));
    const paid = await expiry(client);
    expect((await deliverCallback(base, serviceCallback(`${orderReference}_WFPREG-1`, 'Declined'))).status).toBe(200);
    expect(await expiry(client)).toBe(paid);
    expect((await subscription(client)).renewalFailedAt).not.toBeNull();
    expect((await deliverCallback(base, serviceCallback(`${orderReference}_WFPREG-2`, 'Expired'))).status).toBe(200);
    expect(await expiry(client)).toBe(paid);
    // The next charge that goes through clears the failure, and a replay of the old decline does not bring it back.
    await deliverCallback(base, serviceCallback(`${orderReference}_WFPREG-3`, 'Approved'));
    expect(await subscription(client)).toMatchObject({ renewalFailedAt: null });
    expect((await expiry(client)) - paid).toBeCloseTo(30 * DAY, -4);
    await deliverCallback(base, serviceCallback(`${orderReference}_WFPREG-1`, 'Declined'));
    expect(await subscription(client)).toMatchObject({ renewalFailedAt: null });
  });

  it('are honoured after the user stopped renewal, when WayForPay took the money', async () => {
    const client = await signedUp(base);
    const { orderReference } = await order(client);
    await deliverCallback(base, serviceCallback(orderReference, 'Approved'));
    const paid = await expiry(client);
    expect((await client.post('/api/subscription/cancel', {})).status).toBe(200);
    await deliverCallback(base, serviceCallback(`${orderReference}_WFPREG-1`, 'Approved'));
    expect((await expiry(client)) - paid).toBeCloseTo(30 * DAY, -4);
    expect(await subscription(client)).toMatchObject({ active: true, nextCharge: null });
    expect((await subscription(client)).cancelledAt).not.toBeNull();
  });

  it.each([
    ['an unknown order', () => serviceCallback('GP0000000000000AAAAAA_WFPREG-1', 'Approved')],
    [
      'a forged signature',
      (ref: string) => serviceCallback(`${ref}_WFPREG-1`, 'Approved', { merchantSignature: 'f'.repeat(32) }),
    ],
    ['a wrong amount', (ref: string) => serviceCallback(`${ref}_WFPREG-1`, 'Approved', { amount: 2 })],
    [
      'the signature of the first payment on a renewal reference',
      (ref: string) => ({
        ...serviceCallback(`${ref}_WFPREG-1`, 'Approved'),
        merchantSignature: serviceCallback(ref, 'Approved').merchantSignature,
      }),
    ],
    [
      'a nested object in a signed field',
      (ref: string) => serviceCallback(`${ref}_WFPREG-1`, 'Approved', { amount: { value: 1 } }),
    ],
    [
      'a signature that is not hex',
      (ref: string) => serviceCallback(`${ref}_WFPREG-1`, 'Approved', { merchantSignature: 'é'.repeat(32) }),
    ],
  ])('refuse %s with 4xx and change nothing', async (_name, forge) => {
    const client = await signedUp(base);
    const { orderReference } = await order(client);
    await deliverCallback(base, serviceCallback(orderReference, 'Approved'));
    const paid = await expiry(client);
    const res = await deliverCallback(base, forge(orderReference));
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await expiry(client)).toBe(paid);
  });

  it('refuse a renewal of an order that was never approved', async () => {
    const client = await signedUp(base);
    const { orderReference } = await order(client);
    expect((await deliverCallback(base, serviceCallback(`${orderReference}_WFPREG-1`, 'Approved'))).status).toBe(400);
    expect(await subscription(client)).toMatchObject({ active: false });
  });
});

describe('refunds and reversals', () => {
  const expiry = async (client: Client) => new Date((await subscription(client)).expiresAt).getTime();

  it("take back a refunded charge's 30 days once, keeping its approval on record", async () => {
    const client = await signedUp(base);
    const { orderReference } = await order(client);
    await deliverCallback(base, serviceCallback(orderReference, 'Approved'));
    await deliverCallback(base, serviceCallback(`${orderReference}_WFPREG-1`, 'Approved'));
    const extended = await expiry(client);
    expect((await deliverCallback(base, serviceCallback(`${orderReference}_WFPREG-1`, 'Refunded'))).status).toBe(200);
    expect(extended - (await expiry(client))).toBeCloseTo(30 * 86_400_000, -4);
    expect((await deliverCallback(base, serviceCallback(`${orderReference}_WFPREG-1`, 'Refunded'))).status).toBe(200);
    expect((await deliverCallback(base, serviceCallback(`${orderReference}_WFPREG-1`, 'Approved'))).status).toBe(200);
    expect(extended - (await expiry(client))).toBeCloseTo(30 * 86_400_000, -4);
  });

  it('never grant premium for a charge whose money went back before its approval was heard', async () => {
    const client = await signedUp(base);
    const { orderReference } = await order(client);
    await deliverCallback(base, serviceCallback(orderReference, 'Approved'));
    const paid = await expiry(client);
    expect((await deliverCallback(base, serviceCallback(`${orderReference}_WFPREG-1`, 'Refunded'))).status).toBe(200);
    expect((await deliverCallback(base, serviceCallback(`${orderReference}_WFPREG-1`, 'Approved'))).status).toBe(200);
    expect(await expiry(client)).toBe(paid);
  });

  it('keep a refunded order refunded, whatever replays follow', async () => {
    const client = await signedUp(base);
    const { orderReference } = await order(client);
    await deliverCallback(base, serviceCallback(orderReference, 'Approved'));
    await deliverCallback(base, serviceCallback(orderReference, 'Refunded'));
    await deliverCallback(base, serviceCallback(orderReference, 'Approved'));
    await deliverCallback(base, serviceCallback(orderReference, 'Declined'));
    expect((await (await client.get(`/api/payments/${orderReference}`)).json()).status).toBe('Refunded');
    expect((await subscription(client)).active).toBe(false);
  });

  it('never take premium below now: a voided first payment ends it', async () => {
    const client = await signedUp(base);
    const { orderReference } = await order(client);
    await deliverCallback(base, serviceCallback(orderReference, 'Approved'));
    expect((await deliverCallback(base, serviceCallback(orderReference, 'Voided'))).status).toBe(200);
    const sub = await subscription(client);
    expect(sub.active).toBe(false);
    expect(new Date(sub.expiresAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await (await client.get(`/api/payments/${orderReference}`)).json()).status).toBe('Voided');
  });
});

describe('the same result before and after paying', () => {
  it('is the teaser, then the full result with breakdown and review', async () => {
    const client = await signedUp(base);
    const sitting = await takeSitting(client.get, 'uk');
    const { id } = await (
      await client.post(
        '/api/tests/iq/score',
        iqSheetFor(sitting, () => true),
      )
    ).json();
    const { iqEstimate, iqBound, iqBoundAt } = provisionalReadingOf(sitting.formId, () => true);
    expect(iqBound).toBeNull();
    const before = (await (await client.get(`/api/results/iq/${id}`)).json()).result;
    expect(before.access).toBe('teaser');
    expect(before).not.toHaveProperty('breakdown');
    const { orderReference } = await order(client, { testType: 'iq', testResultId: id });
    await deliverCallback(base, serviceCallback(orderReference, 'Approved'));
    const after = (await (await client.get(`/api/results/iq/${id}?lang=en`)).json()).result;
    expect(after).toMatchObject({
      access: 'full',
      breakdown: { logical: 100, spatial: 100, mathematical: 100, verbal: 100 },
    });
    expect(after.review).toHaveLength(20);
    const stats = await (await client.get('/api/me/stats')).json();
    expect(stats).toMatchObject({
      statsLocked: false,
      bestIQ: { iqEstimate, iqBound, iqBoundAt },
      // A perfect sheet reads a number (the highest its form gives): the average of one reading is that number.
      averageIQ: iqEstimate,
      averageAccuracy: 100,
      improvementTrend: null,
    });
    expect((await (await client.get('/api/results?type=iq')).json()).items[0]).toHaveProperty('breakdown');
  });
});

describe('the test provider', () => {
  it('pays through the same signed callback and lands on the payment result', async () => {
    const client = await signedUp(base);
    const { redirectUrl, orderReference } = await order(client);
    const page = await client.get(redirectUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Тестова оплата');
    const res = await client.request(`/api/payments/test/${orderReference}?lang=en`, {
      method: 'POST',
      body: 'decision=approve',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(
      new RegExp(`/eng/payment-result\\?orderReference=${orderReference}&transactionStatus=Approved$`),
    );
    expect((await subscription(client)).active).toBe(true);
    expect((await (await signedUp(base)).get(redirectUrl)).status).toBe(404);
  });
});

describe('cancellation', () => {
  it('stops renewal and keeps access to the end of the paid period', async () => {
    const client = await signedUp(base);
    expect((await client.post('/api/subscription/cancel', {})).status).toBe(409);
    const { orderReference } = await order(client);
    await deliverCallback(base, serviceCallback(orderReference, 'Approved'));
    const res = await client.post('/api/subscription/cancel', {});
    expect(res.status).toBe(200);
    const sub = (await res.json()).subscription;
    expect(sub).toMatchObject({ active: true, status: 'active' });
    expect(sub.cancelledAt).not.toBeNull();
  });

  it('stays within reach after premium lapsed following a failed renewal, while the schedule may still charge', async () => {
    const client = await signedUp(base);
    const { orderReference } = await order(client);
    await deliverCallback(base, serviceCallback(orderReference, 'Approved'));
    expect(await subscription(client)).toMatchObject({ active: true, renewalStoppable: true });
    // The renewal is declined and the first charge refunded: premium has lapsed, WayForPay's schedule runs on.
    await deliverCallback(base, serviceCallback(`${orderReference}_WFPREG-1`, 'Declined'));
    await deliverCallback(base, serviceCallback(orderReference, 'Refunded'));
    const lapsed = await subscription(client);
    expect(lapsed).toMatchObject({ active: false, status: 'expired', renewalStoppable: true });
    expect(lapsed.renewalFailedAt).not.toBeNull();
    const res = await client.post('/api/subscription/cancel', {});
    expect(res.status).toBe(200);
    expect((await res.json()).subscription).toMatchObject({ active: false, renewalStoppable: false });
    // Nothing is left to stop: the control goes, and asking again is refused.
    expect((await client.post('/api/subscription/cancel', {})).status).toBe(409);
  });

  it('is not offered to a user with nothing to stop: no payment, or premium from a promo code', async () => {
    const client = await signedUp(base);
    expect(await subscription(client)).toMatchObject({ renewalStoppable: false });
    expect((await client.post('/api/promo', { promoCode: 'WELCOME30' })).status).toBe(200);
    expect(await subscription(client)).toMatchObject({ active: true, renewalStoppable: false });
  });
});
