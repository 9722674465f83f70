/**
 * Applying charges against a real database of their own (not through HTTP): the purchase announced in the outbox
 * with the approval that causes it, completed with what only the database knows, and duplicate callbacks that
 * arrive at once applied once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ownDatabase } from '../support/own-database.ts';

ownDatabase();
let m: {
  db: typeof import('../../src/lib/server/db.ts');
  users: typeof import('../../src/lib/server/users.ts');
  payments: typeof import('../../src/lib/server/payments/payments.ts');
  charges: typeof import('../../src/lib/server/payments/charges.ts');
};

beforeAll(async () => {
  m = {
    db: await import('../../src/lib/server/db.ts'),
    users: await import('../../src/lib/server/users.ts'),
    payments: await import('../../src/lib/server/payments/payments.ts'),
    charges: await import('../../src/lib/server/payments/charges.ts'),
  };
});

async function order(email: string, mailingConsent = false) {
  const user = await m.users.createUser({
    email,
    passwordHash: null,
    via: 'email',
    fullName: 'Олена Коваль',
    mailingConsent,
  });
  const outcome = await m.payments.createCheckout({
    userId: user!.id,
    email,
    fullName: 'Олена Коваль',
    phone: '+380501234567',
    lang: 'uk',
  });
  if (!outcome.ok) throw new Error(outcome.error);
  return { userId: user!.id, orderReference: outcome.checkout.orderReference };
}
const query = async <T>(text: string, params: unknown[]) => (await m.db.db()).query<T>(text, params);
const announced = (paymentId: string) =>
  query<{ kind: string; payload: Record<string, unknown> }>(
    "SELECT kind, payload FROM outbox WHERE payload -> 'data' ->> 'paymentId' = $1 OR payload -> 'mergeFields' ->> 'PAYMENT_ID' = $1 ORDER BY kind",
    [paymentId],
  );
const expiry = async (userId: string) =>
  new Date(
    (await query<{ at: Date }>('SELECT subscription_expires_at AS at FROM user_profiles WHERE id = $1', [userId]))[0]
      .at,
  ).getTime();
const nextChargeDate = async (orderReference: string) =>
  new Date(
    (
      await query<{ at: Date }>('SELECT next_charge_at AS at FROM payments WHERE order_reference = $1', [
        orderReference,
      ])
    )[0].at,
  )
    .toISOString()
    .slice(0, 10);
const DAY = 86_400_000;

describe('an approved charge', () => {
  it('is announced with the approval, once: Telegram always, Mailchimp with consent, with the buyer and next charge', async () => {
    const email = 'announced@example.com';
    const { userId, orderReference } = await order(email, true);
    const expected = (paymentId: string, renewal: boolean, nextCharge: string) => [
      {
        kind: 'mailchimp',
        payload: {
          email,
          tags: ['premium', 'subscriber'],
          mergeFields: {
            USER_ID: userId,
            SUBSCRIPTION_DATE: new Date().toISOString().slice(0, 10),
            SUBSCRIBER_STATUS: 'active',
            PAYMENT_ID: paymentId,
            RENEWAL: 'monthly, 1 USD, until cancelled',
            NEXT_CHARGE: nextCharge,
          },
        },
      },
      {
        kind: 'telegram',
        payload: {
          type: 'subscription_purchased',
          data: {
            userId,
            email,
            fullName: 'Олена Коваль',
            subscriptionAmount: 1,
            subscriptionCurrency: 'USD',
            paymentId,
            renewal,
          },
        },
      },
    ];
    const approve = async (reference: string) =>
      expect(await m.charges.applyStatus(reference, 'Approved', 1, 'USD', { reference })).toEqual({
        ok: true,
        response: {},
      });
    await approve(orderReference);
    await approve(orderReference);
    const firstCharge = await nextChargeDate(orderReference);
    expect(await announced(orderReference)).toEqual(expected(orderReference, false, firstCharge));
    // A renewal's mail names the charge after it, a month on.
    const renewal = `${orderReference}_WFPREG-1`;
    await approve(renewal);
    await approve(renewal);
    const secondCharge = await nextChargeDate(orderReference);
    expect(secondCharge > firstCharge).toBe(true);
    expect(await announced(renewal)).toEqual(expected(renewal, true, secondCharge));
    expect(await announced(orderReference)).toHaveLength(2);
  });

  it('applies duplicates that arrive at once once: one approval, its days, one announcement; one refund', async () => {
    const { userId, orderReference } = await order('concurrent@example.com');
    const renewal = `${orderReference}_WFPREG-1`;
    const all = (reference: string, status: string) =>
      Promise.all(Array.from({ length: 8 }, () => m.charges.applyStatus(reference, status, 1, 'USD', {})));
    // The charge already on record (WayForPay reported it in processing), as well as one not yet heard of.
    await m.charges.applyStatus(orderReference, 'InProcessing', 1, 'USD', {});
    for (const outcome of await all(orderReference, 'Approved')) expect(outcome).toEqual({ ok: true, response: {} });
    const paid = await expiry(userId);
    expect(paid - Date.now()).toBeCloseTo(30 * DAY, -5);
    await all(renewal, 'Approved');
    expect((await expiry(userId)) - paid).toBeCloseTo(30 * DAY, -4);
    expect((await announced(orderReference)).map((r) => r.kind)).toEqual(['telegram']);
    expect((await announced(renewal)).map((r) => r.kind)).toEqual(['telegram']);
    await all(renewal, 'Refunded');
    expect(await expiry(userId)).toBeCloseTo(paid, -4);
    expect(
      await query(
        'SELECT charge_reference, approved_at IS NOT NULL AS approved, reversed_at IS NOT NULL AS reversed FROM payment_charges WHERE order_reference = $1 ORDER BY charge_reference',
        [orderReference],
      ),
    ).toEqual([
      { charge_reference: orderReference, approved: true, reversed: false },
      { charge_reference: renewal, approved: true, reversed: true },
    ]);
  });

  it("is refused for any amount or currency other than the order's, whatever number the callback carried", async () => {
    const { userId, orderReference } = await order('amounts@example.com');
    for (const [amount, currency] of [
      [2, 'USD'],
      [1.001, 'USD'],
      [Number('abc'), 'USD'],
      [Number('1e400'), 'USD'],
      [1, 'usd'],
    ] as const)
      expect(await m.charges.applyStatus(orderReference, 'Approved', amount, currency, {})).toEqual({
        ok: false,
        reason: `amount ${amount} ${currency} does not match the order`,
      });
    expect(await m.charges.applyStatus(orderReference, 'Approved', 1.0, 'USD', {})).toMatchObject({ ok: true });
    expect((await expiry(userId)) - Date.now()).toBeCloseTo(30 * DAY, -5);
  });
});
