/**
 * Promo codes: case-insensitive, days granted, a maximum number of redemptions, an optional expiry; one
 * redemption per user per code. The code's row is locked while redeeming, so concurrent redemptions never
 * exceed the maximum.
 */
import { db } from './db.ts';
import { extendPremium } from './subscription.ts';
import { consume, LIMITS } from './rate-limit.ts';
import { currentDeploy, demoPromoAllowed } from './production.ts';

export const normalizeCode = (code: string) => code.trim().toUpperCase();

/** The code `npm start` creates for trying premium locally. Anyone can read it here, so it counts only locally. */
export const DEMO_PROMO = 'ROZUM-DEMO';

export type PromoOutcome =
  | { ok: true; days: number; expiresAt: string }
  | {
      ok: false;
      error:
        | 'promo.error.empty'
        | 'promo.error.invalid'
        | 'promo.error.expired'
        | 'promo.error.exhausted'
        | 'promo.error.used';
    }
  | { ok: false; error: 'auth.error.rate_limited'; retryAfterSeconds: number };

export async function redeemPromo(userId: string, raw: string): Promise<PromoOutcome> {
  const limited = await consume(LIMITS.promo(userId));
  if (!limited.ok) return { ok: false, error: 'auth.error.rate_limited', retryAfterSeconds: limited.retryAfterSeconds };
  const code = normalizeCode(raw);
  if (!code) return { ok: false, error: 'promo.error.empty' };
  // Even where a local run seeded it into a shared database, no deploy honours it.
  if (code === DEMO_PROMO && !demoPromoAllowed(currentDeploy())) return { ok: false, error: 'promo.error.invalid' };
  return (await db()).transaction(async (tx) => {
    const [promo] = await tx.query<{
      days: number;
      max_redemptions: number;
      redeemed: number;
      expires_at: Date | null;
      active: boolean;
    }>('SELECT days, max_redemptions, redeemed, expires_at, active FROM promo_codes WHERE code = $1 FOR UPDATE', [
      code,
    ]);
    if (!promo || !promo.active) return { ok: false, error: 'promo.error.invalid' };
    if (promo.expires_at && new Date(promo.expires_at).getTime() < Date.now())
      return { ok: false, error: 'promo.error.expired' };
    const used = await tx.query('SELECT 1 FROM promo_redemptions WHERE code = $1 AND user_id = $2', [code, userId]);
    if (used.length) return { ok: false, error: 'promo.error.used' };
    if (promo.redeemed >= promo.max_redemptions) return { ok: false, error: 'promo.error.exhausted' };
    await tx.query('INSERT INTO promo_redemptions (code, user_id) VALUES ($1, $2)', [code, userId]);
    await tx.query('UPDATE promo_codes SET redeemed = redeemed + 1 WHERE code = $1', [code]);
    const profile = await extendPremium(tx, userId, promo.days);
    return { ok: true, days: promo.days, expiresAt: new Date(profile.subscription_expires_at).toISOString() };
  });
}

export interface PromoSpec {
  code: string;
  days: number;
  max: number;
  expiresAt?: string | null;
}

/** Creates or updates a code (operators' CLI, start-up seeds). */
export async function upsertPromo(spec: PromoSpec): Promise<void> {
  await (
    await db()
  ).query(
    `INSERT INTO promo_codes (code, days, max_redemptions, expires_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (code) DO UPDATE SET days = EXCLUDED.days, max_redemptions = EXCLUDED.max_redemptions, expires_at = EXCLUDED.expires_at, active = true`,
    [normalizeCode(spec.code), spec.days, spec.max, spec.expiresAt ?? null],
  );
}
