/**
 * Reconciliation with WayForPay (README "Premium, locally"), run by the scheduled function payments-reconcile: orders still
 * pending ten minutes after checkout are asked about (CHECK_STATUS) and the answer goes through the same path as a
 * callback; stops of renewal WayForPay has not confirmed are asked for again. Both are idempotent.
 */
import { db } from '../db.ts';
import { applyStatus } from './charges.ts';
import { FINAL_STATUSES } from './orders.ts';
import { stopOrderRenewal } from './stop-renewal.ts';
import { checkStatus, regularStatus } from './wayforpay/index.ts';

export async function reconcilePendingOrders(limit = 50): Promise<{ asked: number; changed: number }> {
  const database = await db();
  // Least recently asked first, so a pile of abandoned orders never starves a paid one.
  const orders = await database.query<{ order_reference: string; status: string; amount: string; currency: string }>(
    `SELECT order_reference, status, amount, currency FROM payments
     WHERE provider = 'wayforpay' AND status <> ALL($1) AND created_at < now() - interval '10 minutes' AND created_at > now() - interval '7 days'
     ORDER BY updated_at LIMIT $2`,
    [FINAL_STATUSES, limit],
  );
  let changed = 0;
  for (const order of orders) {
    try {
      await database.query('UPDATE payments SET updated_at = now() WHERE order_reference = $1', [
        order.order_reference,
      ]);
      const known = await checkStatus(order.order_reference);
      if (!known?.transactionStatus || known.transactionStatus === order.status) continue;
      const outcome = await applyStatus(
        order.order_reference,
        known.transactionStatus,
        Number(known.amount ?? order.amount),
        known.currency ?? order.currency,
        { checkStatus: known },
      );
      if (outcome.ok) changed++;
    } catch (err) {
      console.error(`[payments-reconcile] ${order.order_reference}: ${(err as Error).message}`);
    }
  }
  return { asked: orders.length, changed };
}

export async function retryPendingStops(limit = 50): Promise<{ asked: number; stopped: number }> {
  const orders = await (
    await db()
  ).query<{ order_reference: string }>(
    'SELECT order_reference FROM payments WHERE stop_requested_at IS NOT NULL AND stop_confirmed_at IS NULL ORDER BY updated_at LIMIT $1',
    [limit],
  );
  let stopped = 0;
  for (const { order_reference } of orders) {
    try {
      if (await stopOrderRenewal(order_reference)) stopped++;
    } catch (err) {
      console.error(`[payments-reconcile] stopping ${order_reference}: ${(err as Error).message}`);
    }
  }
  return { asked: orders.length, stopped };
}

/**
 * Daily: for paid subscriptions that renew and are due about now, ask the regular payment's STATUS. When WayForPay
 * charged later than the last charge we recorded, the callback went missing: the next renewal reference is asked
 * about with CHECK_STATUS and applied through the callback path (idempotent on the reference). A charge we cannot
 * name is logged for the operator rather than guessed.
 */
export async function reconcileRenewals(limit = 200): Promise<{ asked: number; applied: number; unnamed: number }> {
  const due = await (
    await db()
  ).query<{ order_reference: string; amount: string; currency: string; renewals: number; last_approved: Date }>(
    `SELECT o.order_reference, o.amount, o.currency,
        (SELECT count(*)::int FROM payment_charges c WHERE c.order_reference = o.order_reference AND c.charge_reference <> o.order_reference) AS renewals,
        (SELECT max(c.approved_at) FROM payment_charges c WHERE c.order_reference = o.order_reference) AS last_approved
     FROM user_profiles p JOIN payments o ON o.order_reference = p.subscription_payment_id
     WHERE o.provider = 'wayforpay' AND o.activated_at IS NOT NULL AND o.stop_confirmed_at IS NULL
       AND p.subscription_expires_at BETWEEN now() - interval '5 days' AND now() + interval '2 days'
     LIMIT $1`,
    [limit],
  );
  let applied = 0;
  let unnamed = 0;
  for (const order of due)
    try {
      const schedule = await regularStatus(order.order_reference);
      if (!schedule?.lastPayedDate || schedule.lastPayedStatus !== 'Approved') continue;
      if (order.last_approved && schedule.lastPayedDate * 1000 <= new Date(order.last_approved).getTime()) continue;
      const reference = `${order.order_reference}_WFPREG-${order.renewals + 1}`;
      const known = await checkStatus(reference);
      if (known?.transactionStatus === 'Approved') {
        const outcome = await applyStatus(
          reference,
          'Approved',
          Number(known.amount ?? order.amount),
          known.currency ?? order.currency,
          { checkStatus: known, regularStatus: schedule },
        );
        if (outcome.ok) applied++;
      } else {
        unnamed++;
        console.warn(
          `[payments-reconcile] ${order.order_reference}: WayForPay charged at ${new Date(schedule.lastPayedDate * 1000).toISOString()} but ${reference} is unknown; check the merchant cabinet`,
        );
      }
    } catch (err) {
      console.error(`[payments-renewals] ${order.order_reference}: ${(err as Error).message}`);
    }
  return { asked: due.length, applied, unnamed };
}
