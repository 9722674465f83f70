/**
 * The one place that says whether a user's subscription counts as active (spec part 2 §4): status active and no
 * expiry, or an expiry in the future. The commerce issue fills in how it becomes active.
 */
import { db } from './db.ts';

export interface SubscriptionState {
  status: 'inactive' | 'active' | 'expired';
  expiresAt: string | null;
  paymentId: string | null;
  active: boolean;
  /** Ceil of days until expiry, for "Premium Active · N days". */
  daysLeft: number | null;
  /** Renewal stopped: access runs to expiresAt and ends (DESIGN.md §4). */
  cancelledAt: string | null;
}

export function subscriptionFrom(status: string, expiresAt: Date | string | null, paymentId: string | null, now = Date.now(), cancelledAt: Date | string | null = null): SubscriptionState {
  const expiry = expiresAt ? new Date(expiresAt) : null;
  const active = status === 'active' && (!expiry || expiry.getTime() > now);
  const effective = status === 'active' && !active ? 'expired' : (status as SubscriptionState['status']);
  return {
    status: effective,
    expiresAt: expiry?.toISOString() ?? null,
    paymentId,
    active,
    daysLeft: active && expiry ? Math.ceil((expiry.getTime() - now) / 86_400_000) : null,
    cancelledAt: cancelledAt ? new Date(cancelledAt).toISOString() : null,
  };
}

/** The user's subscription; an active one found past its expiry is written back as expired. */
export async function subscriptionOf(userId: string): Promise<SubscriptionState> {
  const database = await db();
  const [row] = await database.query<{ subscription_status: string; subscription_expires_at: Date | null; subscription_payment_id: string | null; subscription_cancelled_at: Date | null }>(
    'SELECT subscription_status, subscription_expires_at, subscription_payment_id, subscription_cancelled_at FROM user_profiles WHERE id = $1',
    [userId],
  );
  if (!row) return subscriptionFrom('inactive', null, null);
  const state = subscriptionFrom(row.subscription_status, row.subscription_expires_at, row.subscription_payment_id, Date.now(), row.subscription_cancelled_at);
  if (row.subscription_status === 'active' && state.status === 'expired') {
    await database.query("UPDATE user_profiles SET subscription_status = 'expired', updated_at = now() WHERE id = $1 AND subscription_status = 'active'", [userId]);
  }
  return state;
}

/** Stops renewal; access continues until the end of the paid period. Returns the order whose renewal to stop. */
export async function cancelRenewal(userId: string): Promise<{ ok: true; paymentId: string | null } | { ok: false }> {
  const state = await subscriptionOf(userId);
  if (!state.active) return { ok: false };
  await (await db()).query('UPDATE user_profiles SET subscription_cancelled_at = COALESCE(subscription_cancelled_at, now()), updated_at = now() WHERE id = $1', [userId]);
  return { ok: true, paymentId: state.paymentId };
}
