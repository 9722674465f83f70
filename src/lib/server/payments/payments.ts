/**
 * Premium purchases (DESIGN.md §3.3): an order row first, widget parameters signed on the server, and the
 * subscription changed only by the provider's signed callback (or our own CHECK_STATUS), once per order.
 */
import { randomBytes } from 'node:crypto';
import { SITE } from '../../../config/site.ts';
import { db, type Queryable } from '../db.ts';
import { env, siteUrl } from '../env.ts';
import { enqueueNotification, mailingPayloads } from '../outbox.ts';
import { extendPremium, markRenewalFailed, replaceOlderSchedules, shortenPremium } from '../subscription.ts';
import { isProduction, refuseTestProvider } from '../production.ts';
import {
  callbackSignature,
  checkStatus,
  merchantConfig,
  regularStatus,
  removeRegularPayment,
  signWidgetRequest,
  verifyServiceCallback,
  type ServiceCallback,
} from './wayforpay.ts';
import type { Lang } from '../../../i18n/paths.ts';

export const PRICE = { amount: '1', currency: 'USD', days: SITE.premium.days } as const;
export type Provider = 'wayforpay' | 'test';

/** `test` unless WayForPay is configured (or PAYMENT_PROVIDER says otherwise). */
export function paymentProvider(): Provider {
  // Production fails closed: never the self-approving test provider, never WayForPay without its own keys.
  if (isProduction()) {
    refuseTestProvider();
    merchantConfig();
    return 'wayforpay';
  }
  const { PAYMENT_PROVIDER, WAYFORPAY_SECRET_KEY, WAYFORPAY_MERCHANT_ACCOUNT } = env();
  return PAYMENT_PROVIDER ?? (WAYFORPAY_SECRET_KEY && WAYFORPAY_MERCHANT_ACCOUNT ? 'wayforpay' : 'test');
}

export const newOrderReference = (now = Date.now()) => `GP${now}${randomBytes(3).toString('hex').toUpperCase()}`;

const ddmmyyyy = (d: Date) =>
  `${String(d.getUTCDate()).padStart(2, '0')}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`;
const DAY = 86_400_000;

export interface CheckoutInput {
  userId: string;
  email: string;
  fullName: string;
  phone: string;
  testType?: 'iq' | 'professional';
  testResultId?: string;
  lang: Lang;
}

export async function createCheckout(input: CheckoutInput) {
  const provider = paymentProvider();
  const orderReference = newOrderReference();
  const now = new Date();
  // The regular payment's schedule: the first later charge when the paid period ends, monthly for a year.
  const nextCharge = new Date(now.getTime() + PRICE.days * DAY);
  const scheduleEnd = new Date(now.getTime() + 365 * DAY);
  await (
    await db()
  ).query(
    `INSERT INTO payments (order_reference, user_id, provider, amount, currency, days, test_type, test_result_id, client_name, client_phone, next_charge_at, schedule_ends_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      orderReference,
      input.userId,
      provider,
      PRICE.amount,
      PRICE.currency,
      PRICE.days,
      input.testType ?? null,
      input.testResultId ?? null,
      input.fullName,
      input.phone,
      nextCharge,
      scheduleEnd,
    ],
  );
  if (provider === 'test') {
    return { provider, orderReference, redirectUrl: `/api/payments/test/${orderReference}?lang=${input.lang}` };
  }
  const [first, ...rest] = input.fullName.trim().split(/\s+/);
  const widget = signWidgetRequest({
    orderReference,
    orderDate: Math.floor(now.getTime() / 1000),
    amount: PRICE.amount,
    currency: PRICE.currency,
    productName: [input.lang === 'uk' ? `Rozum Преміум (${PRICE.days} днів)` : `Rozum Premium (${PRICE.days} days)`],
    productCount: [1],
    productPrice: [PRICE.amount],
    clientFirstName: first ?? '',
    clientLastName: rest.join(' '),
    clientEmail: input.email,
    clientPhone: input.phone,
    language: input.lang === 'uk' ? 'UA' : 'EN',
    serviceUrl: new URL('/api/payments/wayforpay', siteUrl()).toString(),
    regular: { mode: 'monthly', amount: PRICE.amount, dateNext: ddmmyyyy(nextCharge), dateEnd: ddmmyyyy(scheduleEnd) },
  });
  return { provider, orderReference, widget };
}

interface OrderRow {
  order_reference: string;
  user_id: string;
  amount: string;
  currency: string;
  days: number;
  status: string;
  activated_at: Date | null;
}

interface ChargeRow {
  status: string;
  approved_at: Date | null;
  reversed_at: Date | null;
  created_at: Date;
}

const laterChargeApproved = async (tx: Queryable, orderReference: string, after: Date): Promise<boolean> =>
  (
    await tx.query(
      'SELECT 1 FROM payment_charges WHERE order_reference = $1 AND approved_at IS NOT NULL AND created_at > $2 LIMIT 1',
      [orderReference, after],
    )
  ).length > 0;

export type CallbackOutcome = { ok: true; response: Record<string, unknown> } | { ok: false; reason: string };

/** The service callback: signature, known order, matching amount and currency; then the status is applied. */
export async function handleServiceCallback(cb: ServiceCallback): Promise<CallbackOutcome> {
  const config = merchantConfig();
  if (!verifyServiceCallback(cb, config)) return { ok: false, reason: 'bad signature' };
  const outcome = await applyStatus(cb.orderReference, cb.transactionStatus, Number(cb.amount), cb.currency, cb);
  if (!outcome.ok) return outcome;
  const { acceptResponse } = await import('./wayforpay.ts');
  return { ok: true, response: acceptResponse(cb.orderReference) };
}

/**
 * A later charge of an order's regular payment. WayForPay's pages do not state the format; integrations of its
 * regular payments receive `<orderReference>_WFPREG-<n>` and also `<orderReference>_WFPREG-<id>-<n>`, and take
 * everything before the first "_WFPREG" as the order (our references have no underscore).
 */
export const RENEWAL_REFERENCE = /^([^_]+)_WFPREG-(\d+(?:-\d+)?)$/;
const REVERSALS = new Set(['Refunded', 'Voided']);
/** WayForPay's transactionStatus values (https://wiki.wayforpay.com/en/view/852102); anything else is not stored as a status. */
const DOCUMENTED_STATUSES = new Set([
  'InProcessing',
  'WaitingAuthComplete',
  'Approved',
  'Pending',
  'Expired',
  'Refunded',
  'Voided',
  'Declined',
  'RefundInProcessing',
]);
const RENEWAL_FAILURES = new Set(['Declined', 'Expired']);

/**
 * Records a provider status for one charge — an order's first payment, or a renewal charge of it — and applies it
 * once: Approved extends premium by the order's days (a renewal even after the user stopped renewal, since the
 * money was taken), Refunded or Voided gives an approved charge's days back, a declined or expired renewal is
 * shown in the profile. Replays change nothing; a later status never erases an approval.
 */
export async function applyStatus(
  reference: string,
  status: string,
  amount: number,
  currency: string,
  payload: unknown,
): Promise<CallbackOutcome> {
  const renewal = RENEWAL_REFERENCE.exec(reference);
  const orderReference = renewal ? renewal[1] : reference;
  return (await db()).transaction(async (tx) => {
    const [order] = await tx.query<OrderRow>(
      'SELECT order_reference, user_id, amount, currency, days, status, activated_at FROM payments WHERE order_reference = $1 FOR UPDATE',
      [orderReference],
    );
    if (!order) return { ok: false, reason: 'unknown order' };
    if (Number(order.amount) !== amount || order.currency !== currency)
      return { ok: false, reason: `amount ${amount} ${currency} does not match the order` };
    if (!DOCUMENTED_STATUSES.has(status)) {
      console.warn(
        `[payments] ${reference}: undocumented status ${JSON.stringify(status).slice(0, 40)} left unapplied`,
      );
      return { ok: true, response: {} };
    }
    // A renewal belongs to an order whose first payment went through.
    if (renewal && !order.activated_at) return { ok: false, reason: 'renewal of an order that was never approved' };
    const inserted = await tx.query(
      `INSERT INTO payment_charges (charge_reference, order_reference, status, amount, currency) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (charge_reference) DO NOTHING RETURNING charge_reference`,
      [reference, orderReference, status, order.amount, order.currency],
    );
    const [charge] = await tx.query<ChargeRow>(
      'SELECT status, approved_at, reversed_at, created_at FROM payment_charges WHERE charge_reference = $1 FOR UPDATE',
      [reference],
    );
    const json = JSON.stringify(payload);
    // A status this charge did not have before: a replay is not news.
    const news = inserted.length > 0 || charge.status !== status;
    if (status === 'Approved' && !charge.approved_at && !REVERSALS.has(charge.status)) {
      await tx.query(
        'UPDATE payment_charges SET status = $2, days = $3, approved_at = now(), provider_payload = $4, updated_at = now() WHERE charge_reference = $1',
        [reference, status, order.days, json],
      );
      await approve(tx, order, reference, !renewal);
    } else if (REVERSALS.has(status)) {
      // The approval (approved_at, provider_payload) stays on record; the reversal has its own.
      if (charge.approved_at && !charge.reversed_at) {
        await tx.query(
          'UPDATE payment_charges SET status = $2, reversed_at = now(), reversal_payload = $3, updated_at = now() WHERE charge_reference = $1',
          [reference, status, json],
        );
        await shortenPremium(tx, order.user_id, order.days);
      } else if (!charge.approved_at && !REVERSALS.has(charge.status)) {
        // Money returned before we heard of its approval: a later Approved must not grant it.
        await tx.query(
          'UPDATE payment_charges SET status = $2, reversal_payload = $3, updated_at = now() WHERE charge_reference = $1',
          [reference, status, json],
        );
      }
    } else if (news && !charge.approved_at && !REVERSALS.has(charge.status)) {
      await tx.query(
        'UPDATE payment_charges SET status = $2, provider_payload = $3, updated_at = now() WHERE charge_reference = $1',
        [reference, status, json],
      );
      // Only a new failure shows, and only while no later charge of the order went through.
      if (
        renewal &&
        RENEWAL_FAILURES.has(status) &&
        !(await laterChargeApproved(tx, orderReference, charge.created_at))
      )
        await markRenewalFailed(tx, order.user_id, orderReference);
    }
    if (!renewal) {
      // The order row mirrors its first payment: a reversal, once recorded, stays; a late or repeated non-approval
      // never undoes an approval; the approval's payload is kept.
      const current = REVERSALS.has(order.status) ? order.status : null;
      const nextStatus =
        current ??
        (REVERSALS.has(status) && (order.activated_at || status !== 'Approved')
          ? status
          : order.activated_at || status === 'Approved'
            ? 'Approved'
            : status);
      if (order.activated_at)
        await tx.query('UPDATE payments SET status = $1, updated_at = now() WHERE order_reference = $2', [
          nextStatus,
          orderReference,
        ]);
      else
        await tx.query(
          'UPDATE payments SET status = $1, provider_payload = $2, updated_at = now() WHERE order_reference = $3',
          [nextStatus, json, orderReference],
        );
    }
    return { ok: true, response: {} };
  });
}

async function approve(tx: Queryable, order: OrderRow, chargeReference: string, firstCharge: boolean): Promise<void> {
  if (!firstCharge) {
    // WayForPay's monthly schedule moves a calendar month on, and ends at its end date.
    await tx.query(
      `UPDATE payments SET next_charge_at = CASE WHEN next_charge_at + interval '1 month' <= schedule_ends_at THEN next_charge_at + interval '1 month' END
       WHERE order_reference = $1`,
      [order.order_reference],
    );
  }
  if (firstCharge) {
    await tx.query('UPDATE payments SET activated_at = now() WHERE order_reference = $1', [order.order_reference]);
    // One schedule per user: a new subscription asks for the older ones to be stopped.
    await replaceOlderSchedules(tx, order.user_id, order.order_reference);
  }
  const profile = await extendPremium(tx, order.user_id, order.days, {
    source: 'payment',
    orderReference: order.order_reference,
    firstCharge,
  });
  const [schedule] = await tx.query<{ next_charge_at: Date | null }>(
    'SELECT next_charge_at FROM payments WHERE order_reference = $1',
    [order.order_reference],
  );
  const nextChargeDate = schedule?.next_charge_at ? new Date(schedule.next_charge_at).toISOString().slice(0, 10) : null;
  await enqueueNotification(tx, 'telegram', {
    type: 'subscription_purchased',
    data: {
      userId: order.user_id,
      email: profile.email,
      fullName: profile.full_name,
      subscriptionAmount: Number(order.amount),
      subscriptionCurrency: order.currency,
      paymentId: chargeReference,
      renewal: !firstCharge,
    },
  });
  // The mailing list hears of it only when the user asked for the list at sign-up (double opt-in, mailchimp.ts).
  if (profile.mailing_consent_at) {
    const charge = {
      reference: chargeReference,
      amount: Number(order.amount),
      currency: order.currency,
      nextChargeDate,
    };
    await enqueueNotification(tx, 'mailchimp', mailingPayloads.purchase(order.user_id, profile.email, charge));
  }
}

/**
 * Asks WayForPay to remove an order's regular payment (a test-provider order has none) and records it once
 * confirmed: REMOVE answered Ok, or the schedule's STATUS says it is already removed or completed (an earlier
 * REMOVE whose answer was lost). Until then the order's stop stays pending and the reconciliation retries.
 */
export async function stopOrderRenewal(orderReference: string): Promise<boolean> {
  const database = await db();
  const [order] = await database.query<{ provider: Provider }>(
    'SELECT provider FROM payments WHERE order_reference = $1',
    [orderReference],
  );
  if (!order) return false;
  let stopped = order.provider !== 'wayforpay' || (await removeRegularPayment(orderReference));
  if (!stopped) stopped = ['Removed', 'Completed'].includes((await regularStatus(orderReference))?.status ?? '');
  if (stopped)
    await database.query(
      'UPDATE payments SET stop_confirmed_at = COALESCE(stop_confirmed_at, now()), updated_at = now() WHERE order_reference = $1',
      [orderReference],
    );
  else console.error(`[subscription] WayForPay has not confirmed stopping ${orderReference}; will retry`);
  return stopped;
}

/** Stops every schedule of the user's that is asked to stop; true when WayForPay confirmed them all. */
export async function stopUserRenewals(userId: string): Promise<boolean> {
  const pending = await (
    await db()
  ).query<{ order_reference: string }>(
    'SELECT order_reference FROM payments WHERE user_id = $1 AND stop_requested_at IS NOT NULL AND stop_confirmed_at IS NULL',
    [userId],
  );
  let all = true;
  for (const { order_reference } of pending) all = (await stopOrderRenewal(order_reference)) && all;
  return all;
}

/** The body the test provider posts, signed exactly as WayForPay signs it. */
export function testProviderCallback(
  orderReference: string,
  amount: string,
  currency: string,
  approve: boolean,
): ServiceCallback {
  const config = merchantConfig();
  const base = {
    merchantAccount: config.account,
    orderReference,
    amount: Number(amount),
    currency,
    authCode: approve ? String(100000 + Math.floor(Math.random() * 899999)) : '',
    cardPan: '41****1111',
    transactionStatus: approve ? 'Approved' : 'Declined',
    reasonCode: approve ? 1100 : 1101,
    reason: approve ? 'Ok' : 'Declined To Card Issuer',
    createdDate: Math.floor(Date.now() / 1000),
    processingDate: Math.floor(Date.now() / 1000),
  };
  return { ...base, merchantSignature: callbackSignature(base, config.secretKey) };
}

/** Our order references: GP, a 13-digit timestamp, six hex digits (newOrderReference). */
export const ORDER_REFERENCE = /^GP\d{13}[0-9A-F]{6}$/;

export async function orderForOwner(orderReference: string, userId: string) {
  if (!ORDER_REFERENCE.test(orderReference)) return null;
  const [row] = await (
    await db()
  ).query<{
    order_reference: string;
    provider: Provider;
    status: string;
    amount: string;
    currency: string;
    test_type: string | null;
    test_result_id: string | null;
    created_at: Date;
  }>(
    'SELECT order_reference, provider, status, amount, currency, test_type, test_result_id, created_at FROM payments WHERE order_reference = $1 AND user_id = $2',
    [orderReference, userId],
  );
  return row ?? null;
}

/** The statuses after which an order changes no more (reconciliation stops asking about them). */
export const FINAL_STATUSES = ['Approved', 'Declined', 'Refunded', 'Expired', 'Voided'];
const FINAL = new Set(FINAL_STATUSES);

/**
 * The owner's order, its status as fresh as we can honestly make it: while WayForPay has not called back (after a
 * 15 s grace), the server asks WayForPay itself (CHECK_STATUS) and applies the answer through the callback path.
 */
export async function refreshedOrderForOwner(orderReference: string, userId: string) {
  const order = await orderForOwner(orderReference, userId);
  if (
    !order ||
    order.provider !== 'wayforpay' ||
    FINAL.has(order.status) ||
    Date.now() - new Date(order.created_at).getTime() <= 15_000
  )
    return order;
  const known = await checkStatus(order.order_reference);
  if (!known?.transactionStatus) return order;
  await applyStatus(
    order.order_reference,
    known.transactionStatus,
    Number(known.amount ?? order.amount),
    known.currency ?? order.currency,
    { checkStatus: known },
  );
  return orderForOwner(order.order_reference, userId);
}
