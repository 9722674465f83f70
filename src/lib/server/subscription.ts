/**
 * A user's subscription (spec part 2 §4; DESIGN.md §3.3, §4): its state as the profile shows it, and promo days added
 * to it. Whether it counts as premium is src/domain/access.ts's rule, premium_active in SQL. Charges extend and
 * shorten it in the database, in the one statement that applies them (payments/charges.ts, apply_charge_status), by
 * the same extend_premium rule; stopping its renewal is payments/cancel.ts, which alone talks to WayForPay.
 */
import { SITE } from '../../config/site.ts';
import { db, type Queryable } from './db.ts';
import { isPremiumActive } from '../../domain/access.ts';
import type { SubscriptionState } from '../../api/me.ts';

export type { SubscriptionState };

interface ProfileRow {
  subscription_status: string;
  subscription_expires_at: Date | null;
  subscription_payment_id: string | null;
  subscription_cancelled_at: Date | null;
  subscription_source?: 'payment' | 'promo' | null;
  subscription_renewal_failed_at?: Date | null;
  /** Some order of the user's has a stop of renewal WayForPay has not confirmed. */
  stop_pending?: boolean;
  /** Some order of the user's has a schedule that may still charge (LIVE_SCHEDULE_SQL). */
  schedule_live?: boolean;
  /** The current order's next scheduled charge, unless its stop was asked for. */
  next_charge_at?: Date | null;
  /** The current order's schedule is suspended by the person's own stop, and has not run out (RESUMABLE_SQL). */
  resumable?: boolean;
}

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

export function subscriptionFrom(row: ProfileRow, now = Date.now()): SubscriptionState {
  const expiry = row.subscription_expires_at ? new Date(row.subscription_expires_at) : null;
  const active = isPremiumActive({ status: row.subscription_status, expiresAt: expiry }, now);
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
    renewalStoppable: Boolean(row.schedule_live),
    renewalResumable: Boolean(row.resumable) && active && source === 'payment',
  };
}

/**
 * An order (aliased `o`) whose WayForPay schedule may still charge: its first payment went through, the removal of
 * its regular payment is not confirmed, and its schedule has not run out. What "stop renewal" stops, and what the
 * profile offers to stop.
 */
export const LIVE_SCHEDULE_SQL =
  'o.activated_at IS NOT NULL AND o.stop_confirmed_at IS NULL AND (o.schedule_ends_at IS NULL OR o.schedule_ends_at > now())';

/**
 * An order (aliased `o`) whose schedule the person's own stop suspended at WayForPay (confirmed), whose first payment
 * went through and whose schedule has not run out: what "turn renewal back on" resumes.
 */
export const RESUMABLE_SQL =
  "o.stop_kind = 'suspend' AND o.stop_confirmed_at IS NOT NULL AND o.activated_at IS NOT NULL AND (o.schedule_ends_at IS NULL OR o.schedule_ends_at > now())";

const COLUMNS = `subscription_status, subscription_expires_at, subscription_payment_id, subscription_cancelled_at, subscription_source, subscription_renewal_failed_at,
  EXISTS (SELECT 1 FROM payments o WHERE o.user_id = user_profiles.id AND o.stop_requested_at IS NOT NULL AND o.stop_confirmed_at IS NULL) AS stop_pending,
  EXISTS (SELECT 1 FROM payments o WHERE o.user_id = user_profiles.id AND ${LIVE_SCHEDULE_SQL}) AS schedule_live,
  (SELECT o.next_charge_at FROM payments o WHERE o.order_reference = user_profiles.subscription_payment_id AND o.stop_requested_at IS NULL) AS next_charge_at,
  EXISTS (SELECT 1 FROM payments o WHERE o.order_reference = user_profiles.subscription_payment_id AND ${RESUMABLE_SQL}) AS resumable`;

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
      "UPDATE user_profiles SET subscription_status = 'expired', updated_at = now() WHERE id = $1 AND subscription_status = 'active' AND NOT premium_active(subscription_status, subscription_expires_at, now())",
      [userId],
    );
  }
  return state;
}

/**
 * Adds a promo code's `days` of premium from the later of now and the current expiry; a paid subscription stays a
 * paid one. The rule is SQL, extend_premium (db/migrations/0007_apply_charge_status.sql), because an approved charge
 * applies the same rule inside its one statement.
 */
export async function extendPremium(tx: Queryable, userId: string, days: number) {
  const [profile] = await tx.query<{ subscription_expires_at: Date }>(
    "SELECT subscription_expires_at FROM extend_premium($1, $2, 'promo', NULL, false)",
    [userId, days],
  );
  return profile;
}
