/**
 * Premium purchases (DESIGN.md §3.3): an order row first, widget parameters signed on the server, and the
 * subscription changed only by the provider's signed callback (or our own CHECK_STATUS), once per order.
 */
import { randomBytes } from 'node:crypto';
import { SITE } from '../../../config/site.ts';
import { db, type Queryable } from '../db.ts';
import { enqueueNotification } from '../outbox.ts';
import { callbackSignature, merchantConfig, signWidgetRequest, verifyServiceCallback, type ServiceCallback } from './wayforpay.ts';

export const PRICE = { amount: '1', currency: 'USD', days: SITE.premium.days } as const;
export type Provider = 'wayforpay' | 'test';

/** `test` unless WayForPay is configured (or PAYMENT_PROVIDER says otherwise). */
export function paymentProvider(): Provider {
  const chosen = process.env.PAYMENT_PROVIDER;
  if (chosen === 'wayforpay' || chosen === 'test') return chosen;
  return process.env.WAYFORPAY_SECRET_KEY && process.env.WAYFORPAY_MERCHANT_ACCOUNT ? 'wayforpay' : 'test';
}

export const newOrderReference = (now = Date.now()) => `GP${now}${randomBytes(3).toString('hex').toUpperCase()}`;

const ddmmyyyy = (d: Date) => `${String(d.getUTCDate()).padStart(2, '0')}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`;
const DAY = 86_400_000;

export interface CheckoutInput {
  userId: string;
  email: string;
  fullName: string;
  phone: string;
  testType?: 'iq' | 'professional';
  testResultId?: string;
  lang: 'uk' | 'en';
  origin: string;
}

export async function createCheckout(input: CheckoutInput) {
  const provider = paymentProvider();
  const orderReference = newOrderReference();
  await (await db()).query(
    `INSERT INTO payments (order_reference, user_id, provider, amount, currency, days, test_type, test_result_id, client_name, client_phone)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [orderReference, input.userId, provider, PRICE.amount, PRICE.currency, PRICE.days, input.testType ?? null, input.testResultId ?? null, input.fullName, input.phone],
  );
  if (provider === 'test') {
    return { provider, orderReference, redirectUrl: `/api/payments/test/${orderReference}?lang=${input.lang}` };
  }
  const [first, ...rest] = input.fullName.trim().split(/\s+/);
  const now = new Date();
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
    serviceUrl: new URL('/api/payments/wayforpay', process.env.SITE_URL ?? input.origin).toString(),
    regular: { mode: 'monthly', amount: PRICE.amount, dateNext: ddmmyyyy(new Date(now.getTime() + PRICE.days * DAY)), dateEnd: ddmmyyyy(new Date(now.getTime() + 365 * DAY)) },
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

/** Records a provider status for an order; Approved extends the subscription once per order reference. */
export async function applyStatus(orderReference: string, status: string, amount: number, currency: string, payload: unknown): Promise<CallbackOutcome> {
  return (await db()).transaction(async (tx) => {
    const [order] = await tx.query<OrderRow>('SELECT order_reference, user_id, amount, currency, days, status, activated_at FROM payments WHERE order_reference = $1 FOR UPDATE', [orderReference]);
    if (!order) return { ok: false, reason: 'unknown order' };
    if (Number(order.amount) !== amount || order.currency !== currency) return { ok: false, reason: `amount ${amount} ${currency} does not match the order` };
    // A late or repeated non-approval never undoes an approval.
    const nextStatus = order.activated_at ? 'Approved' : status;
    await tx.query('UPDATE payments SET status = $1, provider_payload = $2, updated_at = now() WHERE order_reference = $3', [nextStatus, JSON.stringify(payload), orderReference]);
    if (status === 'Approved' && !order.activated_at) await activate(tx, order);
    return { ok: true, response: {} };
  });
}

async function activate(tx: Queryable, order: OrderRow): Promise<void> {
  await tx.query('UPDATE payments SET activated_at = now() WHERE order_reference = $1', [order.order_reference]);
  const [profile] = await tx.query<{ email: string; full_name: string; subscription_expires_at: Date }>(
    `UPDATE user_profiles SET
       subscription_expires_at = GREATEST(now(), COALESCE(CASE WHEN subscription_status = 'active' THEN subscription_expires_at END, now())) + make_interval(days => $2),
       subscription_status = 'active', subscription_payment_id = $3, subscription_cancelled_at = NULL, updated_at = now()
     WHERE id = $1 RETURNING email, full_name, subscription_expires_at`,
    [order.user_id, order.days, order.order_reference],
  );
  await enqueueNotification(tx, 'telegram', {
    type: 'subscription_purchased',
    data: { userId: order.user_id, email: profile.email, fullName: profile.full_name, subscriptionAmount: Number(order.amount), subscriptionCurrency: order.currency, paymentId: order.order_reference },
  });
  await enqueueNotification(tx, 'mailchimp', {
    email: profile.email,
    tags: ['premium', 'subscriber'],
    mergeFields: { USER_ID: order.user_id, SUBSCRIPTION_DATE: new Date().toISOString().slice(0, 10), SUBSCRIBER_STATUS: 'active', PAYMENT_ID: order.order_reference },
  });
}

/** The body the test provider posts, signed exactly as WayForPay signs it. */
export function testProviderCallback(orderReference: string, amount: string, currency: string, approve: boolean): ServiceCallback {
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

export async function orderForOwner(orderReference: string, userId: string) {
  const [row] = await (await db()).query<{ order_reference: string; provider: Provider; status: string; amount: string; currency: string; test_type: string | null; test_result_id: string | null; created_at: Date }>(
    'SELECT order_reference, provider, status, amount, currency, test_type, test_result_id, created_at FROM payments WHERE order_reference = $1 AND user_id = $2',
    [orderReference, userId],
  );
  return row ?? null;
}
