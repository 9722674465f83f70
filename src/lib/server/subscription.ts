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
}

export function subscriptionFrom(status: string, expiresAt: Date | string | null, paymentId: string | null, now = Date.now()): SubscriptionState {
  const expiry = expiresAt ? new Date(expiresAt) : null;
  const active = status === 'active' && (!expiry || expiry.getTime() > now);
  const effective = status === 'active' && !active ? 'expired' : (status as SubscriptionState['status']);
  return {
    status: effective,
    expiresAt: expiry?.toISOString() ?? null,
    paymentId,
    active,
    daysLeft: active && expiry ? Math.ceil((expiry.getTime() - now) / 86_400_000) : null,
  };
}

export async function subscriptionOf(userId: string): Promise<SubscriptionState> {
  const [row] = await (await db()).query<{ subscription_status: string; subscription_expires_at: Date | null; subscription_payment_id: string | null }>(
    'SELECT subscription_status, subscription_expires_at, subscription_payment_id FROM user_profiles WHERE id = $1',
    [userId],
  );
  return row ? subscriptionFrom(row.subscription_status, row.subscription_expires_at, row.subscription_payment_id) : subscriptionFrom('inactive', null, null);
}
