/**
 * Reconciliation with WayForPay (issue 12 §3–4), run by the scheduled function payments-reconcile: orders still
 * pending ten minutes after checkout are asked about (CHECK_STATUS) and the answer goes through the same path as a
 * callback; stops of renewal WayForPay has not confirmed are asked for again. Both are idempotent.
 */
import { db } from '../db.ts';
import { applyStatus, stopRenewalAtProvider } from './payments.ts';
import { checkStatus } from './wayforpay.ts';

/** Statuses after which an order's first payment will not change by itself. */
export const FINAL_STATUSES = ['Approved', 'Declined', 'Refunded', 'Expired', 'Voided'];

export async function reconcilePendingOrders(limit = 50): Promise<{ asked: number; changed: number }> {
  const orders = await (await db()).query<{ order_reference: string; status: string; amount: string; currency: string }>(
    `SELECT order_reference, status, amount, currency FROM payments
     WHERE provider = 'wayforpay' AND status <> ALL($1) AND created_at < now() - interval '10 minutes' AND created_at > now() - interval '7 days'
     ORDER BY created_at LIMIT $2`,
    [FINAL_STATUSES, limit],
  );
  let changed = 0;
  for (const order of orders) {
    const known = await checkStatus(order.order_reference);
    if (!known?.transactionStatus || known.transactionStatus === order.status) continue;
    const outcome = await applyStatus(order.order_reference, known.transactionStatus, Number(known.amount ?? order.amount), known.currency ?? order.currency, { checkStatus: known });
    if (outcome.ok) changed++;
  }
  return { asked: orders.length, changed };
}

export async function retryPendingStops(limit = 50): Promise<{ asked: number; stopped: number }> {
  const users = await (await db()).query<{ id: string; subscription_payment_id: string | null }>(
    'SELECT id, subscription_payment_id FROM user_profiles WHERE subscription_stop_pending ORDER BY updated_at LIMIT $1',
    [limit],
  );
  let stopped = 0;
  for (const user of users) if (await stopRenewalAtProvider(user.id, user.subscription_payment_id)) stopped++;
  return { asked: users.length, stopped };
}
