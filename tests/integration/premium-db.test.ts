/**
 * Premium modules against their own database and our provider fakes: the WayForPay checkout parameters,
 * CHECK_STATUS reconciliation, regularApi REMOVE, and an expired subscription written back as expired.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { fakeProviderEnv, receivedBy, startFakeProviders } from '../support/fake-providers.ts';
import { purchaseSignature, WAYFORPAY, wayforpayEnv } from '../support/wayforpay.ts';

let database: TestDatabase;
let fake: Awaited<ReturnType<typeof startFakeProviders>>;
let m: {
  db: typeof import('../../src/lib/server/db.ts');
  users: typeof import('../../src/lib/server/users.ts');
  payments: typeof import('../../src/lib/server/payments/payments.ts');
  charges: typeof import('../../src/lib/server/payments/charges.ts');
  wfp: typeof import('../../src/lib/server/payments/wayforpay/index.ts');
  sub: typeof import('../../src/lib/server/subscription.ts');
  cancel: typeof import('../../src/lib/server/payments/cancel.ts');
  reconcile: typeof import('../../src/lib/server/payments/reconcile.ts');
  orders: typeof import('../../src/lib/server/payments/orders.ts');
  env: typeof import('../../src/lib/server/env.ts');
};

beforeAll(async () => {
  database = await createTestDatabase(inject('dbDriver'));
  fake = await startFakeProviders();
  Object.assign(process.env, database.env, fakeProviderEnv(fake.url), wayforpayEnv());
  (await import('../../src/lib/server/env.ts')).resetEnvForTests();
  m = {
    db: await import('../../src/lib/server/db.ts'),
    env: await import('../../src/lib/server/env.ts'),
    users: await import('../../src/lib/server/users.ts'),
    payments: await import('../../src/lib/server/payments/payments.ts'),
    charges: await import('../../src/lib/server/payments/charges.ts'),
    wfp: await import('../../src/lib/server/payments/wayforpay/index.ts'),
    sub: await import('../../src/lib/server/subscription.ts'),
    cancel: await import('../../src/lib/server/payments/cancel.ts'),
    reconcile: await import('../../src/lib/server/payments/reconcile.ts'),
    orders: await import('../../src/lib/server/payments/orders.ts'),
  };
});
afterAll(async () => {
  await m.db.closeDb();
  await fake.close();
  await database.drop();
  delete process.env.PAYMENT_PROVIDER;
});

const newUser = async (email: string) => (await m.users.createUser({ email, passwordHash: null, via: 'email' }))!.id;
const createCheckout = async (input: Parameters<typeof m.payments.createCheckout>[0]) => {
  const outcome = await m.payments.createCheckout(input);
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.checkout;
};

/** A new user's new order (not yet paid), with the details every test here buys with. */
const orderFor = async (email: string) => {
  const userId = await newUser(email);
  const { orderReference } = await createCheckout({
    userId,
    email,
    fullName: 'A B',
    phone: '+380501234567',
    lang: 'uk',
  });
  return { userId, orderReference };
};

describe('WayForPay checkout', () => {
  it('returns widget parameters signed here, in the buyer language, with the service URL and monthly renewal', async () => {
    const userId = await newUser('wfp@example.com');
    const checkout = await createCheckout({
      userId,
      email: 'wfp@example.com',
      fullName: 'Петро Іваненко',
      phone: '+380501234567',
      lang: 'en',
      testType: 'iq',
    });
    expect(checkout.provider).toBe('wayforpay');
    const widget = (checkout as { widget: Record<string, unknown> }).widget;
    expect(widget).toMatchObject({
      merchantAccount: WAYFORPAY.account,
      merchantDomainName: 'rozum.example',
      amount: '1',
      currency: 'USD',
      language: 'EN',
      clientFirstName: 'Петро',
      clientLastName: 'Іваненко',
      regularMode: 'monthly',
      regularOn: 1,
      regularBehavior: 'preset',
      regularAmount: '1',
      serviceUrl: 'https://rozum.example/api/payments/wayforpay',
    });
    const day = (offset: number) => {
      const d = new Date(Date.now() + offset * 86_400_000);
      return `${String(d.getUTCDate()).padStart(2, '0')}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`;
    };
    expect(widget.dateNext).toBe(day(30));
    expect(widget.dateEnd).toBe(day(365));
    expect(widget.merchantSignature).toBe(
      purchaseSignature({
        merchantAccount: WAYFORPAY.account,
        merchantDomainName: 'rozum.example',
        orderReference: checkout.orderReference,
        orderDate: widget.orderDate as number,
        amount: '1',
        currency: 'USD',
        productName: ['Rozum Premium (30 days)'],
        productCount: [1],
        productPrice: ['1'],
      }),
    );
  });

  it('asks WayForPay itself (CHECK_STATUS) and applies what it answers', async () => {
    const { userId, orderReference } = await orderFor('check@example.com');
    await fetch(`${fake.url}/__control/wayforpay/status`, {
      method: 'POST',
      body: JSON.stringify({ orderReference, transactionStatus: 'Approved' }),
    });
    const known = await m.wfp.checkStatus(orderReference);
    expect(known).toMatchObject({ transactionStatus: 'Approved', amount: 1, currency: 'USD' });
    await m.charges.applyStatus(orderReference, known!.transactionStatus, known!.amount!, known!.currency!, {
      checkStatus: known,
    });
    expect((await m.sub.subscriptionOf(userId)).active).toBe(true);
    const request = (await receivedBy(fake.url)).find((r) => r.path === '/wayforpay/api')!;
    expect(request.problems).toEqual([]);
  });

  it("keeps the reason WayForPay's CHECK_STATUS gives for a decline, and the owner's order states it", async () => {
    const { userId, orderReference } = await orderFor('declined-check@example.com');
    expect((await m.orders.orderForOwner(orderReference, userId))?.reason_code).toBeNull();
    await fetch(`${fake.url}/__control/wayforpay/status`, {
      method: 'POST',
      body: JSON.stringify({ orderReference, transactionStatus: 'Declined', reasonCode: 1104 }),
    });
    // Asked as the payment result page asks: after the 15 s grace, through the callback path.
    await m.db
      .db()
      .then((q) =>
        q.query(`UPDATE payments SET created_at = now() - interval '1 minute' WHERE order_reference = $1`, [
          orderReference,
        ]),
      );
    const order = await m.orders.refreshedOrderForOwner(orderReference, userId);
    expect(order).toMatchObject({ status: 'Declined', reason_code: 1104 });
    expect((await m.sub.subscriptionOf(userId)).active).toBe(false);
  });

  it('stops renewal through the regular payments API', async () => {
    expect(await m.wfp.removeRegularPayment('GP123')).toBe(true);
    const request = (await receivedBy(fake.url)).find((r) => r.path === '/wayforpay/regularApi')!;
    expect(JSON.parse(request.body)).toEqual({
      requestType: 'REMOVE',
      merchantAccount: WAYFORPAY.account,
      merchantPassword: WAYFORPAY.password,
      orderReference: 'GP123',
    });
  });
});

describe('reconciliation', () => {
  const age = (orderReference: string, minutes: number) =>
    m.db
      .db()
      .then((q) =>
        q.query(`UPDATE payments SET created_at = now() - make_interval(mins => $2) WHERE order_reference = $1`, [
          orderReference,
          minutes,
        ]),
      );

  it('asks about orders still pending after 10 minutes and applies the answer once, through the callback path', async () => {
    const fresh = await orderFor('fresh@example.com');
    const stale = await orderFor('stale@example.com');
    await age(stale.orderReference, 11);
    for (const o of [fresh, stale])
      await fetch(`${fake.url}/__control/wayforpay/status`, {
        method: 'POST',
        body: JSON.stringify({ orderReference: o.orderReference, transactionStatus: 'Approved' }),
      });
    const first = await m.reconcile.reconcilePendingOrders();
    expect(first.changed).toBeGreaterThanOrEqual(1);
    expect((await m.sub.subscriptionOf(stale.userId)).active).toBe(true);
    expect((await m.sub.subscriptionOf(fresh.userId)).active).toBe(false);
    const expiry = (await m.sub.subscriptionOf(stale.userId)).expiresAt;
    await m.reconcile.reconcilePendingOrders();
    expect((await m.sub.subscriptionOf(stale.userId)).expiresAt).toBe(expiry);
  });

  it('finds a renewal whose callback never came, through the daily STATUS, and applies it once', async () => {
    const { userId, orderReference } = await orderFor('missed@example.com');
    await m.charges.applyStatus(orderReference, 'Approved', 1, 'USD', {});
    const q = await m.db.db();
    // The paid month is ending, and WayForPay charged an hour ago without telling us.
    await q.query(`UPDATE user_profiles SET subscription_expires_at = now() + interval '1 hour' WHERE id = $1`, [
      userId,
    ]);
    await q.query(`UPDATE payment_charges SET approved_at = now() - interval '30 days' WHERE order_reference = $1`, [
      orderReference,
    ]);
    const before = new Date((await m.sub.subscriptionOf(userId)).expiresAt!).getTime();
    await fetch(`${fake.url}/__control/wayforpay/schedule`, {
      method: 'POST',
      body: JSON.stringify({
        orderReference,
        lastPayedDate: Math.floor(Date.now() / 1000) - 3600,
        lastPayedStatus: 'Approved',
      }),
    });
    await fetch(`${fake.url}/__control/wayforpay/status`, {
      method: 'POST',
      body: JSON.stringify({ orderReference: `${orderReference}_WFPREG-1`, transactionStatus: 'Approved' }),
    });
    expect(await m.reconcile.reconcileRenewals()).toMatchObject({ applied: 1, unnamed: 0 });
    const after = new Date((await m.sub.subscriptionOf(userId)).expiresAt!).getTime();
    expect(after - before).toBeCloseTo(30 * 86_400_000, -4);
    // The next run, and the callback arriving late after all, change nothing.
    expect(await m.reconcile.reconcileRenewals()).toMatchObject({ applied: 0 });
    await m.charges.applyStatus(`${orderReference}_WFPREG-1`, 'Approved', 1, 'USD', {});
    expect(new Date((await m.sub.subscriptionOf(userId)).expiresAt!).getTime()).toBe(after);
    const statusRequest = (await receivedBy(fake.url)).find(
      (r) => r.path === '/wayforpay/regularApi' && r.body.includes('"STATUS"'),
    )!;
    expect(JSON.parse(statusRequest.body)).toEqual({
      requestType: 'STATUS',
      merchantAccount: WAYFORPAY.account,
      merchantPassword: WAYFORPAY.password,
      orderReference,
    });
    expect(statusRequest.problems).toEqual([]);
  });

  it('reports a cancellation WayForPay refused as pending, and a later retry stops it', async () => {
    const { userId, orderReference } = await orderFor('stop@example.com');
    await m.charges.applyStatus(orderReference, 'Approved', 1, 'USD', {});
    await fetch(`${fake.url}/__control/wayforpay/remove`, {
      method: 'POST',
      body: JSON.stringify({ reasonCode: 1109, reason: 'Invalid request' }),
    });
    expect(await m.cancel.cancelSubscription(userId)).toEqual({ ok: false, error: 'subscription.cancel.pending' });
    expect(await m.sub.subscriptionOf(userId)).toMatchObject({ stopPending: true, nextCharge: null });
    expect(await m.reconcile.retryPendingStops()).toMatchObject({ stopped: 0 });
    await fetch(`${fake.url}/__control/wayforpay/remove`, {
      method: 'POST',
      body: JSON.stringify({ reasonCode: 4100, reason: 'Ok' }),
    });
    expect((await m.reconcile.retryPendingStops()).stopped).toBeGreaterThanOrEqual(1);
    expect(await m.sub.subscriptionOf(userId)).toMatchObject({ stopPending: false, active: true });
  });
});

describe('renewal stopped and turned back on (issue 31)', () => {
  const paid = async (email: string) => {
    const { userId, orderReference } = await orderFor(email);
    await m.charges.applyStatus(orderReference, 'Approved', 1, 'USD', {});
    await fetch(`${fake.url}/__control/wayforpay/schedule`, {
      method: 'POST',
      body: JSON.stringify({ orderReference }),
    });
    return { userId, orderReference };
  };
  const regularRequests = async (orderReference: string) =>
    (await receivedBy(fake.url))
      .filter((r) => r.path === '/wayforpay/regularApi' && JSON.parse(r.body).orderReference === orderReference)
      .map((r) => ({ ...JSON.parse(r.body), problems: r.problems }));

  it('suspends the schedule on a stop, and resumes it on request, as WayForPay documents both', async () => {
    const { userId, orderReference } = await paid('resume@example.com');
    expect(await m.cancel.cancelSubscription(userId)).toEqual({ ok: true });
    expect(await m.sub.subscriptionOf(userId)).toMatchObject({
      active: true,
      nextCharge: null,
      renewalStoppable: false,
      renewalResumable: true,
    });
    expect((await m.sub.subscriptionOf(userId)).cancelledAt).not.toBeNull();
    expect(await m.cancel.resumeSubscription(userId)).toEqual({ ok: true });
    expect(await m.sub.subscriptionOf(userId)).toMatchObject({
      active: true,
      cancelledAt: null,
      renewalStoppable: true,
      renewalResumable: false,
      stopPending: false,
    });
    expect((await m.sub.subscriptionOf(userId)).nextCharge).not.toBeNull();
    const asked = await regularRequests(orderReference);
    expect(asked.map((r) => r.requestType)).toEqual(['SUSPEND', 'RESUME']);
    for (const r of asked)
      expect(r).toEqual({
        requestType: r.requestType,
        merchantAccount: WAYFORPAY.account,
        merchantPassword: WAYFORPAY.password,
        orderReference,
        problems: [],
      });
    // Nothing more to turn on; stopping again suspends again.
    expect(await m.cancel.resumeSubscription(userId)).toEqual({ ok: false, error: 'subscription.resume.error' });
    expect(await m.cancel.cancelSubscription(userId)).toEqual({ ok: true });
    expect((await regularRequests(orderReference)).map((r) => r.requestType)).toEqual(['SUSPEND', 'RESUME', 'SUSPEND']);
  });

  it('resumes once when asked twice at the same moment (a double click): the other is told there is nothing to resume', async () => {
    const { userId } = await paid('resume-twice@example.com');
    expect(await m.cancel.cancelSubscription(userId)).toEqual({ ok: true });
    const outcomes = await Promise.all([m.cancel.resumeSubscription(userId), m.cancel.resumeSubscription(userId)]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok)).toEqual([{ ok: false, error: 'subscription.resume.error' }]);
    expect(await m.sub.subscriptionOf(userId)).toMatchObject({ cancelledAt: null, renewalResumable: false });
  });

  it('changes nothing when WayForPay does not resume, and cannot resume after premium lapsed', async () => {
    const { userId, orderReference } = await paid('resume-refused@example.com');
    expect(await m.cancel.cancelSubscription(userId)).toEqual({ ok: true });
    await fetch(`${fake.url}/__control/wayforpay/resume`, {
      method: 'POST',
      body: JSON.stringify({ reasonCode: 1109, reason: 'Invalid request' }),
    });
    try {
      expect(await m.cancel.resumeSubscription(userId)).toEqual({ ok: false, error: 'subscription.resume.failed' });
      expect(await m.sub.subscriptionOf(userId)).toMatchObject({ renewalResumable: true, nextCharge: null });
    } finally {
      await fetch(`${fake.url}/__control/wayforpay/resume`, {
        method: 'POST',
        body: JSON.stringify({ reasonCode: 4100, reason: 'Ok' }),
      });
    }
    const q = await m.db.db();
    await q.query("UPDATE user_profiles SET subscription_expires_at = now() - interval '1 day' WHERE id = $1", [
      userId,
    ]);
    expect((await m.sub.subscriptionOf(userId)).renewalResumable).toBe(false);
    expect(await m.cancel.resumeSubscription(userId)).toEqual({ ok: false, error: 'subscription.resume.error' });
    expect((await regularRequests(orderReference)).filter((r) => r.requestType === 'RESUME')).toHaveLength(1);
  });
});

describe('one schedule per user', () => {
  it('asks for the older schedule to stop when a new order is paid, and keeps asking until WayForPay confirms', async () => {
    const email = 'twice@example.com';
    const userId = await newUser(email);
    const first = await createCheckout({
      userId,
      email,
      fullName: 'A B',
      phone: '+380501234567',
      lang: 'uk',
    });
    await m.charges.applyStatus(first.orderReference, 'Approved', 1, 'USD', {});
    // The user stops renewal, WayForPay does not confirm, and the user buys again.
    await fetch(`${fake.url}/__control/wayforpay/remove`, {
      method: 'POST',
      body: JSON.stringify({ reasonCode: 1109, reason: 'Invalid request' }),
    });
    expect(await m.cancel.cancelSubscription(userId)).toEqual({ ok: false, error: 'subscription.cancel.pending' });
    const second = await createCheckout({
      userId,
      email,
      fullName: 'A B',
      phone: '+380501234567',
      lang: 'uk',
    });
    await m.charges.applyStatus(second.orderReference, 'Approved', 1, 'USD', {});
    const q = await m.db.db();
    const rows = await q.query<{ order_reference: string; asked: boolean; confirmed: boolean }>(
      'SELECT order_reference, stop_requested_at IS NOT NULL AS asked, stop_confirmed_at IS NOT NULL AS confirmed FROM payments WHERE user_id = $1 ORDER BY created_at',
      [userId],
    );
    expect(rows).toEqual([
      { order_reference: first.orderReference, asked: true, confirmed: false },
      { order_reference: second.orderReference, asked: false, confirmed: false },
    ]);
    expect(await m.sub.subscriptionOf(userId)).toMatchObject({
      paymentId: second.orderReference,
      cancelledAt: null,
      stopPending: true,
    });
    // The old order's late decline does not mark the new subscription as failed; its charge is still honoured.
    await m.charges.applyStatus(`${first.orderReference}_WFPREG-1`, 'Declined', 1, 'USD', {});
    expect((await m.sub.subscriptionOf(userId)).renewalFailedAt).toBeNull();
    await fetch(`${fake.url}/__control/wayforpay/remove`, {
      method: 'POST',
      body: JSON.stringify({ reasonCode: 4100, reason: 'Ok' }),
    });
    await m.reconcile.retryPendingStops();
    expect(await m.sub.subscriptionOf(userId)).toMatchObject({ stopPending: false, paymentId: second.orderReference });
    const removes = (await receivedBy(fake.url))
      .filter((r) => r.path === '/wayforpay/regularApi' && r.body.includes('"REMOVE"'))
      .map((r) => JSON.parse(r.body).orderReference);
    expect(removes).toContain(first.orderReference);
    expect(removes).not.toContain(second.orderReference);
  });
});

describe('subscription state', () => {
  it('counts an active subscription past its expiry as expired, and writes that back', async () => {
    const userId = await newUser('expired-sub@example.com');
    const q = await m.db.db();
    await q.query(
      "UPDATE user_profiles SET subscription_status = 'active', subscription_expires_at = now() - interval '1 hour' WHERE id = $1",
      [userId],
    );
    expect(await m.sub.subscriptionOf(userId)).toMatchObject({ status: 'expired', active: false, daysLeft: null });
    expect(await q.query('SELECT subscription_status FROM user_profiles WHERE id = $1', [userId])).toEqual([
      { subscription_status: 'expired' },
    ]);
  });

  it('rounds the days left up', () => {
    const now = Date.UTC(2026, 10, 22);
    const row = (expires: Date | null) => ({
      subscription_status: 'active',
      subscription_expires_at: expires,
      subscription_payment_id: null,
      subscription_cancelled_at: null,
    });
    expect(m.sub.subscriptionFrom(row(new Date(now + 1.2 * 86_400_000)), now).daysLeft).toBe(2);
    expect(m.sub.subscriptionFrom(row(null), now)).toMatchObject({ active: true, daysLeft: null });
  });
});

describe('the outbox', () => {
  it('reschedules a delivery the provider refuses, with the error kept, and records skipped ones without keys', async () => {
    const q = await m.db.db();
    const { enqueueNotification, deliverOutbox } = await import('../../src/lib/server/outbox.ts');
    await q.query("UPDATE outbox SET status = 'delivered' WHERE status = 'pending'");
    const token = process.env.TELEGRAM_BOT_TOKEN;
    process.env.TELEGRAM_BOT_TOKEN = 'wrong:token';
    m.env.resetEnvForTests();
    await enqueueNotification(q, 'telegram', {
      type: 'registration',
      data: { userId: 'u1', email: 'retry@example.com' },
    });
    expect(await deliverOutbox()).toEqual({ delivered: 0, skipped: 0, failed: 1 });
    const [row] = await q.query<{ status: string; attempts: number; last_error: string; later: boolean }>(
      "SELECT status, attempts, last_error, next_attempt_at > now() + interval '50 seconds' AS later FROM outbox WHERE payload::text LIKE '%retry@example.com%'",
    );
    expect(row).toMatchObject({ status: 'pending', attempts: 1, later: true });
    expect(row.last_error).toMatch(/sendMessage 401/);
    expect(await deliverOutbox()).toEqual({ delivered: 0, skipped: 0, failed: 0 });

    delete process.env.TELEGRAM_BOT_TOKEN;
    m.env.resetEnvForTests();
    await enqueueNotification(q, 'telegram', {
      type: 'registration',
      data: { userId: 'u2', email: 'nokeys@example.com' },
    });
    expect(await deliverOutbox()).toEqual({ delivered: 0, skipped: 1, failed: 0 });
    process.env.TELEGRAM_BOT_TOKEN = token;
    m.env.resetEnvForTests();
  });
});
