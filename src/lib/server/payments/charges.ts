/**
 * Applying a provider status to a charge (DESIGN.md §3.3): the signed service callback, or our own CHECK_STATUS,
 * goes through applyStatus, which changes the subscription once per charge.
 */
import { db, type Queryable } from '../db.ts';
import { markRenewalFailed, shortenPremium } from '../subscription.ts';
import { grantApprovedCharge, type ApprovedOrder } from './approval.ts';
import { acceptResponse, merchantConfig, verifyServiceCallback, type ServiceCallback } from './wayforpay/index.ts';

interface OrderRow extends ApprovedOrder {
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
      await grantApprovedCharge(tx, order, reference, !renewal);
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
