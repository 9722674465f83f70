/**
 * Applying a provider status to a charge (DESIGN.md §3.3): the signed service callback, or our own CHECK_STATUS,
 * goes through applyStatus, which changes the subscription once per charge. The decision and every write are one
 * statement, apply_charge_status (db/migrations/0007_apply_charge_status.sql, which says why): a callback is one
 * round trip to the database.
 */
import { db } from '../db.ts';
import { mailingPayloads } from '../outbox.ts';
import { acceptResponse, merchantConfig, verifyServiceCallback, type ServiceCallback } from './wayforpay/index.ts';

export type CallbackOutcome = { ok: true; response: Record<string, unknown> } | { ok: false; reason: string };

/** The service callback: signature, known order, matching amount and currency; then the status is applied. */
export async function handleServiceCallback(cb: ServiceCallback): Promise<CallbackOutcome> {
  const config = merchantConfig();
  if (!verifyServiceCallback(cb, config)) return { ok: false, reason: 'bad signature' };
  const outcome = await applyStatus(cb.orderReference, cb.transactionStatus, Number(cb.amount), cb.currency, cb);
  if (!outcome.ok) return outcome;
  return { ok: true, response: acceptResponse(cb.orderReference) };
}

/**
 * A later charge of an order's regular payment. WayForPay's pages do not state the format; integrations of its
 * regular payments receive `<orderReference>_WFPREG-<n>` and also `<orderReference>_WFPREG-<id>-<n>`, and take
 * everything before the first "_WFPREG" as the order (our references have no underscore).
 */
export const RENEWAL_REFERENCE = /^([^_]+)_WFPREG-(\d+(?:-\d+)?)$/;

/**
 * What an approval announces, as far as the callback knows it: nothing is granted unless the amount and currency
 * equal the order's, so they are the order's. apply_charge_status adds the buyer (id, email, name, next charge).
 */
const announcements = (reference: string, amount: number, currency: string, renewal: boolean) => ({
  telegram: {
    type: 'subscription_purchased',
    data: { subscriptionAmount: amount, subscriptionCurrency: currency, paymentId: reference, renewal },
  },
  mailing: mailingPayloads.purchase({ reference, amount, currency }),
});

/**
 * Records a provider status for one charge — an order's first payment, or a renewal charge of it — and applies it
 * once: Approved extends premium by the order's days (a renewal even after the user stopped renewal, since the
 * money was taken), Refunded or Voided gives an approved charge's days back, a declined or expired renewal is
 * shown in the profile. Replays change nothing; a later status never erases an approval. One statement, atomic by
 * itself; concurrent callbacks for one order wait for each other on the order's row.
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
  const { telegram, mailing } = announcements(reference, amount, currency, Boolean(renewal));
  const [{ outcome }] = await (
    await db()
  ).query<{ outcome: string }>('SELECT apply_charge_status($1, $2, $3, $4, $5, $6, $7, $8) AS outcome', [
    reference,
    orderReference,
    status,
    amount,
    currency,
    JSON.stringify(payload),
    JSON.stringify(telegram),
    JSON.stringify(mailing),
  ]);
  if (outcome === 'recorded') return { ok: true, response: {} };
  if (outcome === 'undocumented status') {
    console.warn(`[payments] ${reference}: undocumented status ${JSON.stringify(status).slice(0, 40)} left unapplied`);
    return { ok: true, response: {} };
  }
  if (outcome === 'amount mismatch')
    return { ok: false, reason: `amount ${amount} ${currency} does not match the order` };
  return { ok: false, reason: outcome };
}
