/**
 * Who counts as premium, and what that unlocks: the one rule (spec part 2, "Subscription status"; DESIGN.md §3.2).
 * The database decides it with the same rule, premium_active (db/migrations/0010_premium_active.sql), for the
 * queries that read it there: the session read, the write-back of an expired subscription, extend_premium.
 */

/** Which view of a result a caller sees: the full result with premium, else the teaser. */
export type Access = 'teaser' | 'full';

export type SubscriptionStatus = 'inactive' | 'active' | 'expired';

/**
 * Premium counts while the status is active and there is no expiry or it lies after `now`: a subscription ends at
 * its expiry instant. No row the product writes is active without an expiry (every grant sets one); the spec reads
 * a missing expiry as no end, and so do we.
 */
export function isPremiumActive(
  subscription: { status: string | null; expiresAt: Date | string | null },
  now: Date | number,
): boolean {
  if (subscription.status !== 'active') return false;
  if (subscription.expiresAt === null) return true;
  return new Date(subscription.expiresAt).getTime() > new Date(now).getTime();
}

/** A caller's access: full with premium (the session read decides it, by the rule above), else the teaser. */
export const accessOf = (user: { premium: boolean } | null): Access => (user?.premium ? 'full' : 'teaser');
