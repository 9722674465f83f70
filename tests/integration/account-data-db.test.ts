/**
 * Deleting an account against a database of its own and our WayForPay and Mailchimp fakes (issue 30, point 5): what
 * stays of payments (the accounting record, naming nobody), the renewal stopped at WayForPay (and retried while it is
 * not confirmed), a charge that slips through after the deletion (recorded, granting nothing, the team told to
 * refund it), the outbox rid of the person, and who may delete an account without a password.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { fakeProviderEnv, receivedBy, startFakeProviders } from '../support/fake-providers.ts';
import { wayforpayEnv } from '../support/wayforpay.ts';

let database: TestDatabase;
let fake: Awaited<ReturnType<typeof startFakeProviders>>;
let m: {
  db: typeof import('../../src/lib/server/db.ts');
  users: typeof import('../../src/lib/server/users.ts');
  session: typeof import('../../src/lib/server/session.ts');
  payments: typeof import('../../src/lib/server/payments/payments.ts');
  charges: typeof import('../../src/lib/server/payments/charges.ts');
  stop: typeof import('../../src/lib/server/payments/stop-renewal.ts');
  reconcile: typeof import('../../src/lib/server/payments/reconcile.ts');
  data: typeof import('../../src/lib/server/account-data.ts');
  outbox: typeof import('../../src/lib/server/outbox.ts');
};

beforeAll(async () => {
  database = await createTestDatabase(inject('dbDriver'));
  fake = await startFakeProviders();
  Object.assign(process.env, database.env, fakeProviderEnv(fake.url), wayforpayEnv());
  (await import('../../src/lib/server/env.ts')).resetEnvForTests();
  m = {
    db: await import('../../src/lib/server/db.ts'),
    users: await import('../../src/lib/server/users.ts'),
    session: await import('../../src/lib/server/session.ts'),
    payments: await import('../../src/lib/server/payments/payments.ts'),
    charges: await import('../../src/lib/server/payments/charges.ts'),
    stop: await import('../../src/lib/server/payments/stop-renewal.ts'),
    reconcile: await import('../../src/lib/server/payments/reconcile.ts'),
    data: await import('../../src/lib/server/account-data.ts'),
    outbox: await import('../../src/lib/server/outbox.ts'),
  };
});
afterAll(async () => {
  await m.db.closeDb();
  await fake.close();
  await database.drop();
  delete process.env.PAYMENT_PROVIDER;
});

const query = async <T>(text: string, params: unknown[] = []) => (await m.db.db()).query<T>(text, params);

/** A subscriber: an account with a password, a session, and an order whose first payment WayForPay approved. */
async function subscriber(email: string) {
  const hash = await m.users.hashPassword('secret1');
  const user = await m.users.createUser({
    email,
    passwordHash: hash,
    via: 'email',
    fullName: 'Олег Бондар',
    mailingConsent: true,
  });
  const session = await m.session.createSession(m.session.generateSessionToken(), user!.id);
  const outcome = await m.payments.createCheckout({
    userId: user!.id,
    email,
    fullName: 'Олег Бондар',
    phone: '+380671112233',
    lang: 'uk',
  });
  if (!outcome.ok) throw new Error(outcome.error);
  const order = outcome.checkout.orderReference;
  const approved = await m.charges.applyStatus(order, 'Approved', 1, 'USD', {
    orderReference: order,
    transactionStatus: 'Approved',
    amount: 1,
    currency: 'USD',
    email,
    phone: '380671112233',
    clientName: 'Олег Бондар',
    cardPan: '41****8217',
    recToken: 'secret-rec-token',
    issuerBankName: 'Some Bank',
    authCode: '541963',
  });
  expect(approved.ok).toBe(true);
  return { userId: user!.id, sessionId: session.id, order };
}

describe('deleting an account', () => {
  it('keeps its payments for the accounts, naming nobody, and stops the renewal at WayForPay', async () => {
    const { userId, sessionId, order } = await subscriber('paid.deleted@example.com');
    const deleted = await m.data.deleteAccount(userId, sessionId, 'secret1', 'uk');
    expect(deleted).toEqual({ ok: true, stopOrders: [order] });
    const [payment] = await query<Record<string, unknown>>('SELECT * FROM payments WHERE order_reference = $1', [
      order,
    ]);
    expect(payment).toMatchObject({ user_id: null, client_name: '', client_phone: '', status: 'Approved' });
    expect(payment.stop_requested_at).not.toBeNull();
    const [charge] = await query<{ provider_payload: Record<string, unknown>; amount: string }>(
      'SELECT provider_payload, amount::text AS amount FROM payment_charges WHERE charge_reference = $1',
      [order],
    );
    expect(charge.amount).toBe('1.00');
    // The transaction's facts stay; the card, the token and the person go.
    expect(charge.provider_payload).toEqual({
      orderReference: order,
      transactionStatus: 'Approved',
      amount: 1,
      currency: 'USD',
      authCode: '541963',
    });
    expect(JSON.stringify(payment.provider_payload ?? {})).not.toMatch(
      /paid\.deleted|Бондар|8217|secret-rec-token|380671112233/,
    );
    expect(await query('SELECT 1 FROM users WHERE id = $1', [userId])).toEqual([]);
    expect(await query('SELECT 1 FROM sessions WHERE user_id = $1', [userId])).toEqual([]);

    // After the response the endpoint asks WayForPay to stop the schedule; confirmed, it is recorded.
    expect(await m.stop.stopOrderRenewal(order)).toBe(true);
    const remove = (await receivedBy(fake.url)).filter(
      (r) => r.path === '/wayforpay/regularApi' && JSON.parse(r.body).orderReference === order,
    );
    expect(remove.map((r) => [JSON.parse(r.body).requestType, r.problems])).toEqual([['REMOVE', []]]);
    const [stopped] = await query<{ stop_confirmed_at: Date | null }>(
      'SELECT stop_confirmed_at FROM payments WHERE order_reference = $1',
      [order],
    );
    expect(stopped.stop_confirmed_at).not.toBeNull();
  });

  it('keeps asking WayForPay to stop a renewal it did not confirm, with no account left to ask for it', async () => {
    const { userId, sessionId, order } = await subscriber('unconfirmed.stop@example.com');
    await fetch(`${fake.url}/__control/wayforpay/remove`, {
      method: 'POST',
      body: JSON.stringify({ reasonCode: 1113, reason: 'Temporary failure' }),
    });
    try {
      expect(await m.data.deleteAccount(userId, sessionId, 'secret1', 'en')).toMatchObject({ ok: true });
      expect(await m.stop.stopOrderRenewal(order)).toBe(false);
    } finally {
      await fetch(`${fake.url}/__control/wayforpay/remove`, {
        method: 'POST',
        body: JSON.stringify({ reasonCode: 4100, reason: 'Ok' }),
      });
    }
    const retried = await m.reconcile.retryPendingStops();
    expect(retried.stopped).toBeGreaterThanOrEqual(1);
    const [row] = await query<{ stop_confirmed_at: Date | null }>(
      'SELECT stop_confirmed_at FROM payments WHERE order_reference = $1',
      [order],
    );
    expect(row.stop_confirmed_at).not.toBeNull();
  });

  it('a renewal charge approved after the deletion grants nothing, is recorded once, and tells the team to refund it', async () => {
    const { userId, sessionId, order } = await subscriber('late.charge@example.com');
    expect((await m.data.deleteAccount(userId, sessionId, 'secret1', 'uk')).ok).toBe(true);
    const charge = `${order}_WFPREG-1`;
    for (let i = 0; i < 2; i++) {
      const applied = await m.charges.applyStatus(charge, 'Approved', 1, 'USD', { orderReference: charge });
      expect(applied).toEqual({ ok: true, response: {} });
    }
    const [row] = await query<{ status: string; days: number; approved_at: Date | null }>(
      'SELECT status, days, approved_at FROM payment_charges WHERE charge_reference = $1',
      [charge],
    );
    expect(row).toMatchObject({ status: 'Approved', days: 0 });
    const told = await query<{ payload: { type: string; data: Record<string, unknown> } }>(
      `SELECT payload FROM outbox WHERE kind = 'telegram' AND payload->>'type' = 'ownerless_charge' AND payload->'data'->>'charge' = $1`,
      [charge],
    );
    expect(told).toHaveLength(1);
    expect(told[0].payload.data).toMatchObject({
      paymentId: order,
      subscriptionAmount: 1,
      subscriptionCurrency: 'USD',
    });
  });

  it('leaves no count of the person in rate_limits: none keyed by the account, none by its address (issue 44)', async () => {
    const email = 'counted.deleted@example.com';
    const { userId, sessionId } = await subscriber(email);
    const limits = await import('../../src/lib/server/rate-limit.ts');
    const throttle = await import('../../src/lib/server/signin-throttle.ts');
    const budget = await import('../../src/lib/server/mail-budget.ts');
    const { addressKey } = await import('../../src/lib/server/address-keys.ts');
    // What the person's requests count: settings and promo by the account; reset, sign-in and mail by the address.
    await limits.consumeAll([
      limits.LIMITS.accountSettingsUser(userId),
      limits.LIMITS.promo(userId),
      limits.LIMITS.resetEmail(email),
      budget.recipientLimit(email),
    ]);
    await throttle.takeAccountTurn(email);
    const keys = async () => (await query<{ key: string }>('SELECT key FROM rate_limits')).map((r) => r.key);
    const mine = (all: string[]) => all.filter((k) => k.includes(userId) || k.includes(addressKey(email)));
    // The five above, and the checkout of the subscriber's order.
    expect(mine(await keys())).toHaveLength(6);
    // No key names the address in plain text, before the deletion or after it.
    expect((await keys()).filter((k) => k.includes(email))).toEqual([]);
    expect((await m.data.deleteAccount(userId, sessionId, 'secret1', 'uk')).ok).toBe(true);
    // The mail the address was sent stays counted for its hour: it protects the mailbox, whoever has an account, and
    // names no one (deleting it would let sign-up, three mails, deletion start a stranger's count again).
    expect(mine(await keys())).toEqual([budget.recipientLimit(email).key]);
    // A count written by a request that raced the deletion goes with the daily housekeeping; living accounts' stay.
    const living = await m.users.createUser({
      email: 'still.here@example.com',
      passwordHash: 'not-a-hash',
      via: 'email',
    });
    await limits.consumeAll([limits.LIMITS.promo(userId), limits.LIMITS.promo(living!.id)]);
    expect(await limits.purgeOrphanCounts()).toBeGreaterThanOrEqual(1);
    expect((await keys()).filter((k) => k.includes(userId))).toEqual([]);
    expect((await keys()).filter((k) => k.includes(living!.id))).toHaveLength(1);
  });

  it('rids the outbox of the person: queued mails and notifications go, the list removal and the last mail stay', async () => {
    const email = 'outbox.person@example.com';
    const { userId, sessionId } = await subscriber(email);
    const before = await query<{ kind: string }>(
      `SELECT kind FROM outbox WHERE payload::text ILIKE '%' || $1 || '%' OR payload->'data'->>'userId' = $2`,
      [email, userId],
    );
    expect(before.length).toBeGreaterThanOrEqual(3);
    expect((await m.data.deleteAccount(userId, sessionId, 'secret1', 'en')).ok).toBe(true);
    const after = await query<{ kind: string; payload: Record<string, unknown> }>(
      `SELECT kind, payload FROM outbox WHERE payload::text ILIKE '%' || $1 || '%' OR payload::text LIKE '%' || $2 || '%'`,
      [email, userId],
    );
    expect(after.map((r) => [r.kind, r.payload.action ?? r.payload.template]).sort()).toEqual([
      ['mail', 'account-deleted'],
      ['mailchimp', 'delete'],
    ]);
    // Delivered, they keep no address.
    await m.outbox.deliverOutbox(50);
    const kept = await query(`SELECT 1 FROM outbox WHERE payload::text ILIKE '%' || $1 || '%'`, [email]);
    expect(kept).toEqual([]);
  });

  it('without a password, only a Google sign-in of this session in the last ten minutes stands in for one', async () => {
    const user = await m.users.createUser({ email: 'google.only@example.com', passwordHash: null, via: 'google' });
    const userId = user!.id;
    const google = await m.session.createSession(m.session.generateSessionToken(), userId, 'google');
    const other = await m.session.createSession(m.session.generateSessionToken(), userId, 'password');
    expect(await m.data.deleteAccount(userId, other.id, undefined, 'uk')).toEqual({
      ok: false,
      error: 'account.delete.reauth',
    });
    await query("UPDATE sessions SET created_at = now() - interval '11 minutes' WHERE id = $1", [google.id]);
    expect(await m.data.deleteAccount(userId, google.id, undefined, 'uk')).toEqual({
      ok: false,
      error: 'account.delete.reauth',
    });
    // A password given where there is none is simply wrong.
    expect(await m.data.deleteAccount(userId, google.id, 'guess', 'uk')).toMatchObject({ ok: false });
    expect(await query('SELECT 1 FROM users WHERE id = $1', [userId])).toHaveLength(1);
    await query("UPDATE sessions SET created_at = now() - interval '9 minutes' WHERE id = $1", [google.id]);
    expect(await m.data.deleteAccount(userId, google.id, undefined, 'uk')).toEqual({ ok: true, stopOrders: [] });
    expect(await query('SELECT 1 FROM users WHERE id = $1', [userId])).toEqual([]);
  });

  it('with a password, a fresh Google sign-in stands in for it too; a stale password session does not', async () => {
    const { userId, sessionId } = await subscriber('both.ways@example.com');
    expect(await m.data.deleteAccount(userId, sessionId, undefined, 'uk')).toEqual({
      ok: false,
      error: 'auth.error.password.current',
    });
    const google = await m.session.createSession(m.session.generateSessionToken(), userId, 'google');
    expect((await m.data.deleteAccount(userId, google.id, undefined, 'uk')).ok).toBe(true);
  });

  it('sent notifications are deleted 30 days after sending, undelivered ones after 90; pending ones never', async () => {
    const rows = [
      ['delivered', 31, 'gone'],
      ['delivered', 29, 'kept'],
      ['skipped', 31, 'gone'],
      ['failed', 91, 'gone'],
      ['failed', 60, 'kept'],
      ['pending', 400, 'kept'],
    ] as const;
    for (const [status, days, tag] of rows)
      await query(
        `INSERT INTO outbox (kind, payload, status, created_at, delivered_at)
         VALUES ('telegram', $1, $2, now() - make_interval(days => $3),
           CASE WHEN $2 IN ('delivered', 'skipped') THEN now() - make_interval(days => $3) END)`,
        [JSON.stringify({ purgeTest: `${status}-${days}-${tag}` }), status, days],
      );
    expect(await m.outbox.purgeOutbox()).toBeGreaterThanOrEqual(3);
    const left = await query<{ tag: string }>(
      `SELECT payload->>'purgeTest' AS tag FROM outbox WHERE payload ? 'purgeTest' ORDER BY 1`,
    );
    expect(left.map((r) => r.tag)).toEqual(['delivered-29-kept', 'failed-60-kept', 'pending-400-kept']);
  });
});
