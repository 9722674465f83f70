/**
 * "Is premium" has one definition: src/domain/access.ts isPremiumActive, and premium_active in SQL
 * (db/migrations/0010_premium_active.sql). The SQL function and the TypeScript rule agree on a table of cases, and
 * what decides it in the database decides it by that rule: the session read, the write-back of a lapsed
 * subscription, and premium extended by a promo code or an approved charge. Run against a database of its own.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { isPremiumActive } from '../../src/domain/access.ts';
import { ownDatabase } from '../support/own-database.ts';

ownDatabase();
let m: {
  db: typeof import('../../src/lib/server/db.ts');
  users: typeof import('../../src/lib/server/users.ts');
  session: typeof import('../../src/lib/server/session.ts');
  sub: typeof import('../../src/lib/server/subscription.ts');
  payments: typeof import('../../src/lib/server/payments/payments.ts');
  charges: typeof import('../../src/lib/server/payments/charges.ts');
};

beforeAll(async () => {
  m = {
    db: await import('../../src/lib/server/db.ts'),
    users: await import('../../src/lib/server/users.ts'),
    session: await import('../../src/lib/server/session.ts'),
    sub: await import('../../src/lib/server/subscription.ts'),
    payments: await import('../../src/lib/server/payments/payments.ts'),
    charges: await import('../../src/lib/server/payments/charges.ts'),
  };
});

const DAY = 86_400_000;
/** Days are added in the database's time zone: across a change of clocks one of them is 23 or 25 hours. */
const HOUR = 3_600_000;
const query = async <T>(text: string, params: unknown[] = []) => (await m.db.db()).query<T>(text, params);

interface Case {
  status: string | null;
  /** Milliseconds from now to the expiry; null for none. */
  expiresIn: number | null;
}
const cases = (statuses: (string | null)[], offsets: (number | null)[]): Case[] =>
  statuses.flatMap((status) => offsets.map((expiresIn) => ({ status, expiresIn })));
const named = (c: Case) => `${c.status} expiring ${c.expiresIn === null ? 'never' : `in ${c.expiresIn} ms`}`;
/** Far enough from now that the test's clock and the database's cannot disagree about it. */
const LIVE_CASES = cases(['active', 'inactive', 'expired'], [null, -30 * DAY, -DAY, DAY, 30 * DAY]);

async function newUser(profile: Case & { source?: 'payment' | 'promo' }) {
  const email = `premium.${crypto.randomUUID().slice(0, 8)}@example.com`;
  const user = await m.users.createUser({ email, passwordHash: null, via: 'email' });
  await query(
    `UPDATE user_profiles SET subscription_status = $2, subscription_source = $3,
       subscription_expires_at = now() + make_interval(secs => $4::float8 / 1000) WHERE id = $1`,
    [user!.id, profile.status, profile.source ?? null, profile.expiresIn],
  );
  const [row] = await query<{ expires_at: Date | null }>(
    'SELECT subscription_expires_at AS expires_at FROM user_profiles WHERE id = $1',
    [user!.id],
  );
  return { userId: user!.id, email, expiresAt: row.expires_at ? new Date(row.expires_at) : null };
}

const premiumByRule = (c: Case, expiresAt: Date | null) => isPremiumActive({ status: c.status, expiresAt }, Date.now());

async function sessionPremium(userId: string) {
  const token = m.session.generateSessionToken();
  await m.session.createSession(token, userId);
  return (await m.session.validateSessionToken(token)).user!.premium;
}

const profile = async (userId: string) =>
  (
    await query<{ status: string; source: string | null; expires_at: Date | null }>(
      'SELECT subscription_status AS status, subscription_source AS source, subscription_expires_at AS expires_at FROM user_profiles WHERE id = $1',
      [userId],
    )
  )[0];

describe('premium_active and isPremiumActive', () => {
  it('agree on every status and expiry around one instant, the expiry instant itself included', async () => {
    const at = new Date('2026-11-25T12:00:00.000Z');
    const table = cases(['active', 'inactive', 'expired', 'Active', null], [null, -30 * DAY, -DAY, -1, 0, 1, DAY]);
    for (const c of table) {
      const expiresAt = c.expiresIn === null ? null : new Date(at.getTime() + c.expiresIn);
      const [row] = await query<{ premium: boolean }>(
        'SELECT premium_active($1::text, $2::timestamptz, $3::timestamptz) AS premium',
        [c.status, expiresAt?.toISOString() ?? null, at.toISOString()],
      );
      expect(row.premium, named(c)).toBe(isPremiumActive({ status: c.status, expiresAt }, at));
    }
    const [edge] = await query<{ premium: boolean }>(
      "SELECT premium_active('active', $1::timestamptz, $1::timestamptz) AS premium",
      [at.toISOString()],
    );
    expect(edge.premium).toBe(false);
  });
});

describe('the session read', () => {
  it('says premium exactly when the rule does: not for an active status whose expiry has passed', async () => {
    for (const c of LIVE_CASES) {
      const { userId, expiresAt } = await newUser(c);
      expect(await sessionPremium(userId), named(c)).toBe(premiumByRule(c, expiresAt));
    }
  });

  it('says not premium for a user without a profile row', async () => {
    const { userId } = await newUser({ status: 'active', expiresIn: DAY });
    await query('DELETE FROM user_profiles WHERE id = $1', [userId]);
    expect(await sessionPremium(userId)).toBe(false);
  });
});

describe('the subscription state', () => {
  it('is active by the rule, and writes an active status back as expired only when the rule says it lapsed', async () => {
    for (const c of LIVE_CASES) {
      const { userId, expiresAt } = await newUser(c);
      const premium = premiumByRule(c, expiresAt);
      expect((await m.sub.subscriptionOf(userId)).active, named(c)).toBe(premium);
      expect((await profile(userId)).status, named(c)).toBe(c.status === 'active' && !premium ? 'expired' : c.status);
    }
  });
});

describe('premium extended by a promo code (extend_premium)', () => {
  it('keeps a paid subscription paid and counts from its expiry only while the rule says it is premium', async () => {
    for (const c of LIVE_CASES) {
      const { userId, expiresAt } = await newUser({ ...c, source: 'payment' });
      const premium = premiumByRule(c, expiresAt);
      const before = Date.now();
      await m.sub.extendPremium(await m.db.db(), userId, 30);
      const after = Date.now();
      const extended = await profile(userId);
      expect(extended.source, named(c)).toBe(premium ? 'payment' : 'promo');
      expect(extended.status, named(c)).toBe('active');
      const expiry = new Date(extended.expires_at!).getTime();
      if (premium && expiresAt)
        expect(Math.abs(expiry - expiresAt.getTime() - 30 * DAY), named(c)).toBeLessThanOrEqual(HOUR);
      else {
        // From now: a lapsed expiry gives nothing, and an open-ended one (no row the product writes) gets a date.
        expect(expiry, named(c)).toBeGreaterThanOrEqual(before + 30 * DAY - 1000);
        expect(expiry, named(c)).toBeLessThanOrEqual(after + 30 * DAY + 1000);
      }
    }
  });
});

describe('premium extended by an approved charge (apply_charge_status)', () => {
  async function approvedFor(c: Case) {
    const user = await newUser(c);
    const outcome = await m.payments.createCheckout({
      userId: user.userId,
      email: user.email,
      fullName: 'Олена Коваль',
      phone: '+380501234567',
      lang: 'uk',
    });
    if (!outcome.ok) throw new Error(outcome.error);
    const premiumBefore = await sessionPremium(user.userId);
    const before = Date.now();
    expect(await m.charges.applyStatus(outcome.checkout.orderReference, 'Approved', 1, 'USD', {})).toMatchObject({
      ok: true,
    });
    const after = Date.now();
    const extended = await profile(user.userId);
    return {
      ...user,
      premiumBefore,
      premiumAfter: await sessionPremium(user.userId),
      expiry: new Date(extended.expires_at!).getTime(),
      before,
      after,
    };
  }

  it('counts 30 days from now for an active status whose expiry has passed: it was not premium', async () => {
    const lapsed = await approvedFor({ status: 'active', expiresIn: -DAY });
    expect(lapsed.premiumBefore).toBe(false);
    expect(lapsed.premiumAfter).toBe(true);
    expect(lapsed.expiry).toBeGreaterThanOrEqual(lapsed.before + 30 * DAY - 1000);
    expect(lapsed.expiry).toBeLessThanOrEqual(lapsed.after + 30 * DAY + 1000);
  });

  it('adds 30 days to a live expiry', async () => {
    const live = await approvedFor({ status: 'active', expiresIn: 5 * DAY });
    expect(live.premiumBefore).toBe(true);
    expect(live.premiumAfter).toBe(true);
    expect(Math.abs(live.expiry - live.expiresAt!.getTime() - 30 * DAY)).toBeLessThanOrEqual(HOUR);
  });
});
