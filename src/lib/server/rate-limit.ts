/**
 * Fixed-window rate limits kept in the database, so they hold across every function instance: one upsert per
 * attempt here; scoring, a hot path, counts in memory and shares its counts in batches (shared-limits.ts). A stale
 * window restarts.
 */
import { db, type Queryable } from './db.ts';
import { isProduction } from './production.ts';
import { env } from './env.ts';

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

export type LimitCheck = { ok: true } | { ok: false; retryAfterSeconds: number };

/** Attempts to add to a limit's shared count. */
export interface Attempts {
  key: string;
  windowMs: number;
  n: number;
}

/**
 * Adds each batch's attempts to its shared count in one statement and returns the counts; a window older than its
 * length restarts with the attempts just added.
 */
export async function countAttempts(
  database: Queryable,
  batch: Attempts[],
): Promise<{ key: string; count: number; windowStart: Date }[]> {
  // The update joins the batch (a hash join), so a batch of n keys costs O(n), not a lookup in it per row. A key
  // another writer inserts between the two parts is counted by ON CONFLICT, in the window it already has.
  const rows = await database.query<{ key: string; count: number; window_start: Date }>(
    `WITH w (key, ms, n) AS (SELECT * FROM unnest($1::text[], $2::float8[], $3::int[])),
     up AS (UPDATE rate_limits r SET
         count = CASE WHEN r.window_start < now() - make_interval(secs => w.ms / 1000) THEN w.n ELSE r.count + w.n END,
         window_start = CASE WHEN r.window_start < now() - make_interval(secs => w.ms / 1000) THEN now() ELSE r.window_start END
       FROM w WHERE r.key = w.key
       RETURNING r.key, r.count, r.window_start),
     ins AS (INSERT INTO rate_limits (key, count, window_start)
       SELECT key, n, now() FROM w WHERE key NOT IN (SELECT key FROM up)
       ON CONFLICT (key) DO UPDATE SET count = rate_limits.count + EXCLUDED.count
       RETURNING key, count, window_start)
     SELECT key, count, window_start FROM up UNION ALL SELECT key, count, window_start FROM ins`,
    [batch.map((b) => b.key), batch.map((b) => b.windowMs), batch.map((b) => b.n)],
  );
  return rows.map((r) => ({ key: r.key, count: Number(r.count), windowStart: new Date(r.window_start) }));
}

/**
 * Counts one attempt against every limit in one statement (one round trip however many limits); the first limit
 * exceeded decides.
 */
export async function consumeAll(limits: Limit[]): Promise<LimitCheck> {
  if (!limits.length) return { ok: true };
  const scaled = limits.map(scaledLimit);
  const rows = await countAttempts(
    await db(),
    scaled.map((l) => ({ key: l.key, windowMs: l.windowMs, n: 1 })),
  );
  for (const limit of scaled) {
    const row = rows.find((r) => r.key === limit.key);
    if (row && row.count > limit.max) return refusedUntil(row.windowStart.getTime() + limit.windowMs);
  }
  return { ok: true };
}

/** A refusal until the window ends, in whole seconds (at least one). */
export const refusedUntil = (endMs: number, now = Date.now()): LimitCheck => ({
  ok: false,
  retryAfterSeconds: Math.max(1, Math.ceil((endMs - now) / 1000)),
});

export const consume = (limit: Limit): Promise<LimitCheck> => consumeAll([limit]);

/**
 * RATE_LIMIT_MULTIPLIER raises every limit for load tests and end-to-end runs, where one machine plays many people.
 * Production ignores it: there the limits are the ones written below.
 */
export function scaledLimit(limit: Limit): Limit {
  return { ...limit, max: limit.max * (isProduction() ? 1 : Math.max(1, env().RATE_LIMIT_MULTIPLIER)) };
}

const MINUTE = 60_000;
export const LIMITS = {
  signInIp: (ip: string): Limit => ({ key: `signin:ip:${ip}`, max: 30, windowMs: 10 * MINUTE }),
  /** Attempts from a browser the account has signed in from before: its owner's typos, counted apart. */
  signInDevice: (deviceId: string, userId: string): Limit => ({
    key: `signin:device:${deviceId}:${userId}`,
    max: 8,
    windowMs: 10 * MINUTE,
  }),
  signUpIp: (ip: string): Limit => ({ key: `signup:ip:${ip}`, max: 10, windowMs: 60 * MINUTE }),
  /**
   * IQ scoring: a person needs one request per test taken, a class behind one address a few dozen an hour; recovering
   * a form's key from the teaser's correct count needs about fifty sheets of that form, so per address and form
   * the day's allowance is what a person could use, not what probing needs (README, "Abuse limits").
   */
  scoreIqIp: (ip: string): Limit => ({ key: `score:iq:ip:${ip}`, max: 60, windowMs: 60 * MINUTE }),
  scoreIqIpForm: (ip: string, formId: number): Limit => ({
    key: `score:iq:ip:${ip}:form:${formId}`,
    max: 20,
    windowMs: 24 * 60 * MINUTE,
  }),
  scoreIqUser: (userId: string): Limit => ({ key: `score:iq:user:${userId}`, max: 20, windowMs: 24 * 60 * MINUTE }),
  /** Each checkout writes an order row: enough for a buyer's retries, not for filling the table. */
  checkout: (userId: string): Limit => ({ key: `checkout:${userId}`, max: 20, windowMs: 60 * MINUTE }),
  /** Promo codes: a person mistypes a few; guessing codes needs thousands. */
  promo: (userId: string): Limit => ({ key: `promo:${userId}`, max: 10, windowMs: 10 * MINUTE }),
};
