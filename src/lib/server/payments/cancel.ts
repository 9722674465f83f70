/**
 * Cancelling a subscription: stopping its renewal at WayForPay (DESIGN.md §4: renewal stops at once, access runs to
 * the end of the paid period). Kept apart from subscription.ts, which reads the state, so that nothing that only
 * asks whether someone is premium (scoring, sign-in, results) loads the WayForPay client.
 */
import { db } from '../db.ts';
import { LIVE_SCHEDULE_SQL } from '../subscription.ts';
import { stopOrderRenewal } from './stop-renewal.ts';

export type CancelOutcome =
  { ok: true } | { ok: false; error: 'subscription.cancel.error' | 'subscription.cancel.pending' };

/**
 * Stops renewal (access continues to the end of the paid period): records the stop for every order of the user's
 * whose schedule may still charge, then asks WayForPay to remove them. A paid subscription can be stopped even after
 * premium lapsed or a promo code was added on top: WayForPay's schedule runs on regardless. Done only when WayForPay
 * confirms every stop; until then it is pending, the profile says so and a scheduled retry keeps asking.
 */
export async function cancelSubscription(userId: string): Promise<CancelOutcome> {
  const requested = await (
    await db()
  ).transaction(async (tx) => {
    const live = await tx.query<{ order_reference: string }>(
      `UPDATE payments o SET stop_requested_at = COALESCE(o.stop_requested_at, now()), updated_at = now()
       WHERE o.user_id = $1 AND ${LIVE_SCHEDULE_SQL} RETURNING o.order_reference`,
      [userId],
    );
    if (!live.length) return false;
    await tx.query(
      'UPDATE user_profiles SET subscription_cancelled_at = COALESCE(subscription_cancelled_at, now()), updated_at = now() WHERE id = $1',
      [userId],
    );
    return true;
  });
  if (!requested) return { ok: false, error: 'subscription.cancel.error' };
  if (!(await stopUserRenewals(userId))) return { ok: false, error: 'subscription.cancel.pending' };
  return { ok: true };
}

/** Stops every schedule of the user's that is asked to stop; true when WayForPay confirmed them all. */
async function stopUserRenewals(userId: string): Promise<boolean> {
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
