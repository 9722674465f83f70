/**
 * Premium purchases (DESIGN.md §3.3): an order row first, widget parameters signed on the server, and the
 * subscription changed only by the provider's signed callback (or our own CHECK_STATUS), once per order
 * (charges.ts). This file chooses the provider and starts the checkout.
 */
import { randomBytes } from 'node:crypto';
import { db } from '../db.ts';
import { env, siteUrl } from '../env.ts';
import { refuseTestProvider } from '../production.ts';
import { consume, LIMITS } from '../rate-limit.ts';
import { merchantConfig, signWidgetRequest } from './wayforpay/index.ts';
import type { Lang } from '../../../i18n/paths.ts';
import type { TestKind } from '../../../domain/views.ts';
import type { Checkout, Provider } from '../../../api/payments.ts';

export type { Checkout, Provider };

import { PRICE } from './price.ts';

export { PRICE };

/**
 * WayForPay, unless PAYMENT_PROVIDER=test asks for the test provider — never by default, so a deploy that forgets
 * the variable does not approve payments by itself. Where payments must be live (production.ts) both fail closed:
 * PAYMENT_PROVIDER=test is refused, and so is WayForPay without its own keys.
 */
export function paymentProvider(): Provider {
  refuseTestProvider();
  if (env().PAYMENT_PROVIDER === 'test') return 'test';
  merchantConfig();
  return 'wayforpay';
}

export const newOrderReference = (now = Date.now()) => `GP${now}${randomBytes(3).toString('hex').toUpperCase()}`;
/** Our order references: GP, a 13-digit timestamp, six hex digits (newOrderReference). */
export const ORDER_REFERENCE = /^GP\d{13}[0-9A-F]{6}$/;

const ddmmyyyy = (d: Date) =>
  `${String(d.getUTCDate()).padStart(2, '0')}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`;
const DAY = 86_400_000;

export interface CheckoutInput {
  userId: string;
  email: string;
  fullName: string;
  phone: string;
  testType?: TestKind;
  testResultId?: string;
  lang: Lang;
}

export type CheckoutOutcome =
  | { ok: true; checkout: Checkout }
  | { ok: false; error: 'auth.error.rate_limited'; retryAfterSeconds: number }
  | { ok: false; error: 'results.error.not_found' | 'auth.error.unauthenticated'; retryAfterSeconds?: undefined };

/**
 * An order row, then either the local test page's address or WayForPay widget parameters signed here. The result it
 * was started on must be the buyer's own (issue 44: an order keeps no link to another person's data) — else 404 — and
 * the buyer must still have an account (deleted a moment ago: 401), both checked by the statement that writes it.
 */
export async function createCheckout(input: CheckoutInput): Promise<CheckoutOutcome> {
  const limited = await consume(LIMITS.checkout(input.userId));
  if (!limited.ok) return { ok: false, error: 'auth.error.rate_limited', retryAfterSeconds: limited.retryAfterSeconds };
  const provider = paymentProvider();
  const orderReference = newOrderReference();
  const now = new Date();
  // The regular payment's schedule: the first later charge when the paid period ends, monthly for a year.
  const nextCharge = new Date(now.getTime() + PRICE.days * DAY);
  const scheduleEnd = new Date(now.getTime() + 365 * DAY);
  const database = await db();
  const written = await database
    .query<{ order_reference: string }>(
      `INSERT INTO payments (order_reference, user_id, provider, amount, currency, days, test_type, test_result_id, client_name, client_phone, next_charge_at, schedule_ends_at)
     SELECT $1, u.id, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12 FROM users u
     WHERE u.id = $2 AND ($8::uuid IS NULL
       OR ($7 = 'iq' AND EXISTS (SELECT 1 FROM test_results r WHERE r.id = $8::uuid AND r.user_id = u.id))
       OR ($7 = 'professional'
           AND EXISTS (SELECT 1 FROM professional_test_results r WHERE r.id = $8::uuid AND r.user_id = u.id)))
     RETURNING order_reference`,
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
    )
    .catch(async (error: unknown) => {
      // The account went between the check and the write (its deletion racing this): nobody to sell to. Any other
      // foreign key failing is a fault, not a refusal.
      const fk = (error as { code?: string }).code === '23503';
      if (fk && !(await database.query('SELECT 1 FROM users WHERE id = $1', [input.userId])).length) return null;
      throw error;
    });
  if (!written?.length) {
    const [user] = await database.query('SELECT 1 FROM users WHERE id = $1', [input.userId]);
    return { ok: false, error: user ? 'results.error.not_found' : 'auth.error.unauthenticated' };
  }
  if (provider === 'test') {
    const redirectUrl = `/api/payments/test/${orderReference}?lang=${input.lang}`;
    return { ok: true, checkout: { provider, orderReference, redirectUrl } };
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
  return { ok: true, checkout: { provider, orderReference, widget } };
}
