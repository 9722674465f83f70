/**
 * The one owner of a user's subscription (spec part 2 §4; DESIGN.md §3.3, §4): whether it counts as active,
 * extending and shortening it (payments, renewals, refunds and promo codes all go through here), and cancelling
 * it, WayForPay's schedule included. Active means status active and no expiry, or an expiry in the future.
 */
import { SITE } from '../../config/site.ts';
import { db, type Queryable } from './db.ts';
import { stopUserRenewals } from './payments/stop-renewal.ts';
import type { Access } from '../../domain/views.ts';

/**
 * "Active" as SQL over a user_profiles row aliased `p`, for the queries that decide it in the database (the session
 * read): the same rule as `active` below — status active and no expiry, or an expiry in the future.
 */
export const ACTIVE_SQL =
  "(p.subscription_status = 'active' AND (p.subscription_expires_at IS NULL OR p.subscription_expires_at > now()))";

/** Which view of a result a user may see (DESIGN.md §3.2): full with an active subscription, else the teaser. */
export const accessOf = (user: { premium: boolean } | null): Access => (user?.premium ? 'full' : 'teaser');

export interface SubscriptionState {
  status: 'inactive' | 'active' | 'expired';
  expiresAt: string | null;
  paymentId: string | null;
  active: boolean;
  /** Ceil of days until expiry, for "Premium Active · N days". */
  daysLeft: number | null;
  /** Renewal stopped: access runs to expiresAt and ends (DESIGN.md §4). */
  cancelledAt: string | null;
  /** Where premium came from: a payment renews monthly, a promo code has nothing to renew. */
  source: 'payment' | 'promo' | null;
  /** WayForPay's next scheduled charge (its own monthly schedule, not the premium expiry), while renewal runs. */
  nextCharge: { at: string; amount: string } | null;
  /** The last renewal charge was declined or expired (cleared by the next approved one). */
  renewalFailedAt: string | null;
  /** The user stopped renewal but WayForPay has not confirmed it yet; a scheduled retry keeps asking. */
  stopPending: boolean;
}

interface ProfileRow {
  subscription_status: string;
  subscription_expires_at: Date | null;
  subscription_payment_id: string | null;
  subscription_cancelled_at: Date | null;
  subscription_source?: 'payment' | 'promo' | null;
  subscription_renewal_failed_at?: Date | null;
  /** Some order of the user's has a stop of renewal WayForPay has not confirmed. */
  stop_pending?: boolean;
  /** The current order's next scheduled charge, unless its stop was asked for. */
  next_charge_at?: Date | null;
}

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

export function subscriptionFrom(row: ProfileRow, now = Date.now()): SubscriptionState {
  const expiry = row.subscription_expires_at ? new Date(row.subscription_expires_at) : null;
  const active = row.subscription_status === 'active' && (!expiry || expiry.getTime() > now);
  const status =
    row.subscription_status === 'active' && !active
      ? 'expired'
      : (row.subscription_status as SubscriptionState['status']);
  const source = row.subscription_source ?? null;
  const renews = source === 'payment' && !row.subscription_cancelled_at && row.next_charge_at;
  return {
    status,
    expiresAt: iso(expiry),
    paymentId: row.subscription_payment_id,
    active,
    daysLeft: active && expiry ? Math.ceil((expiry.getTime() - now) / 86_400_000) : null,
    cancelledAt: iso(row.subscription_cancelled_at),
    source,
    nextCharge: renews ? { at: iso(row.next_charge_at)!, amount: SITE.premium.price } : null,
    renewalFailedAt: source === 'payment' ? iso(row.subscription_renewal_failed_at) : null,
    stopPending: Boolean(row.stop_pending),
  };
}

const COLUMNS = `subscription_status, subscription_expires_at, subscription_payment_id, subscription_cancelled_at, subscription_source, subscription_renewal_failed_at,
  EXISTS (SELECT 1 FROM payments o WHERE o.user_id = user_profiles.id AND o.stop_requested_at IS NOT NULL AND o.stop_confirmed_at IS NULL) AS stop_pending,
  (SELECT o.next_charge_at FROM payments o WHERE o.order_reference = user_profiles.subscription_payment_id AND o.stop_requested_at IS NULL) AS next_charge_at`;

/** The user's subscription; an active one found past its expiry is written back as expired. */
export async function subscriptionOf(userId: string): Promise<SubscriptionState> {
  const database = await db();
  const [row] = await database.query<ProfileRow>(`SELECT ${COLUMNS} FROM user_profiles WHERE id = $1`, [userId]);
  if (!row)
    return subscriptionFrom({
      subscription_status: 'inactive',
      subscription_expires_at: null,
      subscription_payment_id: null,
      subscription_cancelled_at: null,
    });
  const state = subscriptionFrom(row);
  if (row.subscription_status === 'active' && state.status === 'expired') {
    // Rechecks the expiry: a renewal committed since the read must not be written over.
    await database.query(
      "UPDATE user_profiles SET subscription_status = 'expired', updated_at = now() WHERE id = $1 AND subscription_status = 'active' AND subscription_expires_at <= now()",
      [userId],
    );
  }
  return state;
}

export type Extension = { source: 'promo' } | { source: 'payment'; orderReference: string; firstCharge: boolean };

/**
 * Adds `days` of premium from the later of now and the current expiry. A first payment starts (or restarts) the
 * paid subscription and becomes its current order; a renewal charge keeps whatever the user decided about renewal
 * (and, for an older order still charging, does not make it current again); a promo code never turns a paid
 * subscription into a promo one.
 */
export async function extendPremium(tx: Queryable, userId: string, days: number, how: Extension) {
  const [profile] = await tx.query<{
    email: string;
    full_name: string;
    subscription_expires_at: Date;
    mailing_consent_at: Date | null;
  }>(
    `UPDATE user_profiles SET
       subscription_expires_at = GREATEST(now(), COALESCE(CASE WHEN subscription_status = 'active' THEN subscription_expires_at END, now())) + make_interval(days => $2),
       subscription_source = CASE WHEN $3 = 'payment' THEN 'payment'
         WHEN subscription_status = 'active' AND subscription_expires_at > now() AND subscription_source = 'payment' THEN 'payment' ELSE 'promo' END,
       subscription_payment_id = CASE WHEN $5 THEN $4 ELSE subscription_payment_id END,
       subscription_cancelled_at = CASE WHEN $5 THEN NULL ELSE subscription_cancelled_at END,
       subscription_renewal_failed_at = CASE WHEN $5 OR subscription_payment_id = $4 THEN NULL ELSE subscription_renewal_failed_at END,
       subscription_status = 'active', updated_at = now()
     WHERE id = $1 RETURNING email, full_name, subscription_expires_at, mailing_consent_at`,
    [
      userId,
      days,
      how.source,
      how.source === 'payment' ? how.orderReference : null,
      how.source === 'payment' && how.firstCharge,
    ],
  );
  return profile;
}

/** Takes back `days` of premium (a refunded or voided charge), never to before now. */
export async function shortenPremium(tx: Queryable, userId: string, days: number): Promise<void> {
  await tx.query(
    `UPDATE user_profiles SET subscription_expires_at = GREATEST(now(), subscription_expires_at - make_interval(days => $2)), updated_at = now()
     WHERE id = $1 AND subscription_expires_at IS NOT NULL`,
    [userId, days],
  );
}

/** A renewal charge of the user's current order was declined or expired: the profile says so until one goes through. */
export async function markRenewalFailed(tx: Queryable, userId: string, orderReference: string): Promise<void> {
  await tx.query(
    'UPDATE user_profiles SET subscription_renewal_failed_at = now(), updated_at = now() WHERE id = $1 AND subscription_payment_id = $2',
    [userId, orderReference],
  );
}

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
      `UPDATE payments SET stop_requested_at = COALESCE(stop_requested_at, now()), updated_at = now()
       WHERE user_id = $1 AND activated_at IS NOT NULL AND stop_confirmed_at IS NULL RETURNING order_reference`,
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

/** A newer order replaces the user's older schedules: they are asked to stop, so only one charges. */
export async function replaceOlderSchedules(tx: Queryable, userId: string, orderReference: string): Promise<void> {
  await tx.query(
    `UPDATE payments SET stop_requested_at = COALESCE(stop_requested_at, now()), updated_at = now()
     WHERE user_id = $1 AND order_reference <> $2 AND activated_at IS NOT NULL AND stop_confirmed_at IS NULL`,
    [userId, orderReference],
  );
}
