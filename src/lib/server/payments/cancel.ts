/**
 * Cancelling a subscription: stopping its renewal at WayForPay (DESIGN.md §4: renewal stops at once, access runs to
 * the end of the paid period). Kept apart from subscription.ts, which reads the state, so that nothing that only
 * asks whether someone is premium (scoring, sign-in, results) loads the WayForPay client.
 */
import { db } from '../db.ts';
import { LIVE_SCHEDULE_SQL, RESUMABLE_SQL } from '../subscription.ts';
import { stopOrderRenewal } from './stop-renewal.ts';
import { regularStatus, resumeRegularPayment } from './wayforpay/index.ts';
import type { Provider } from './payments.ts';

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
      // Suspended, so it can be turned back on; a stop already asked for keeps its kind (a removal stays one).
      `UPDATE payments o SET stop_kind = CASE WHEN o.stop_requested_at IS NULL THEN 'suspend' ELSE o.stop_kind END,
         stop_requested_at = COALESCE(o.stop_requested_at, now()), updated_at = now()
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

export type ResumeOutcome =
  { ok: true } | { ok: false; error: 'subscription.resume.error' | 'subscription.resume.failed' };

/**
 * Turns renewal back on (issue 31): the current order's schedule, suspended by the person's own stop, is resumed at
 * WayForPay — RESUME answered Ok, or its STATUS already Active (an earlier RESUME whose answer was lost) — and only
 * then recorded as renewing again. While premium runs only: after it lapsed, a new purchase is the way.
 */
export async function resumeSubscription(userId: string): Promise<ResumeOutcome> {
  const database = await db();
  const [order] = await database.query<{ order_reference: string; provider: Provider }>(
    `SELECT o.order_reference, o.provider FROM payments o JOIN user_profiles p ON p.subscription_payment_id = o.order_reference
     WHERE p.id = $1 AND p.subscription_source = 'payment' AND premium_active(p.subscription_status, p.subscription_expires_at, now())
       AND ${RESUMABLE_SQL}`,
    [userId],
  );
  if (!order) return { ok: false, error: 'subscription.resume.error' };
  const reference = order.order_reference;
  const resumed =
    order.provider !== 'wayforpay' ||
    (await resumeRegularPayment(reference)) ||
    (await regularStatus(reference))?.status === 'Active';
  if (!resumed) return { ok: false, error: 'subscription.resume.failed' };
  // One statement, guarded by what the check read: the order is still this person's current one and still stopped by
  // their own hand (not meanwhile replaced by a newer order or stopped for good), or nothing changes.
  const [{ count }] = await database.query<{ count: number }>(
    `WITH resumed AS (
       UPDATE payments SET stop_kind = NULL, stop_requested_at = NULL, stop_confirmed_at = NULL, updated_at = now()
       WHERE order_reference = $2 AND stop_kind = 'suspend'
         AND EXISTS (SELECT 1 FROM user_profiles WHERE id = $1 AND subscription_payment_id = $2)
       RETURNING order_reference
     ), profile AS (
       UPDATE user_profiles SET subscription_cancelled_at = NULL, updated_at = now()
       WHERE id = $1 AND subscription_payment_id IN (SELECT order_reference FROM resumed)
       RETURNING id
     )
     SELECT count(*)::int AS count FROM profile`,
    [userId, reference],
  );
  if (count !== 1) return { ok: false, error: 'subscription.resume.error' };
  return { ok: true };
}
