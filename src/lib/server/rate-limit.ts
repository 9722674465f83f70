/**
 * Fixed-window rate limits kept in the database, so they hold across every function instance: one upsert per
 * attempt here; scoring, a hot path, counts in memory and shares its counts in batches (shared-limits.ts). A stale
 * window restarts.
 */
import { db, type Queryable } from './db.ts';
import { isProduction } from './production.ts';
import { env } from './env.ts';
import { addressKey } from './address-keys.ts';

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
  /** A rule, not a brake (a sitting is scored once): RATE_LIMIT_MULTIPLIER does not raise it. */
  exact?: boolean;
}

export type LimitCheck = { ok: true } | { ok: false; retryAfterSeconds: number };

/** Attempts to add to a limit's shared count. */
/** No window is longer than this (a sitting's two days, rounded up): a count older than it counts for nothing. */
const LONGEST_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;

export interface Attempts {
  key: string;
  windowMs: number;
  n: number;
}

/**
 * Adds each batch's attempts to its shared count in one statement and returns the counts; a window older than its
 * length restarts with the attempts just added. With `purge`, the same statement deletes counts whose window ended
 * long ago (no window is longer than a sitting's two days), so the table holds only live ones — one row per sitting
 * scored among them.
 */
export async function countAttempts(
  database: Queryable,
  batch: Attempts[],
  purge = false,
): Promise<{ key: string; count: number; windowStart: Date }[]> {
  // The update joins the batch (a hash join), so a batch of n keys costs O(n), not a lookup in it per row. A key
  // another writer inserts between the two parts is counted by ON CONFLICT, in the window it already has.
  const rows = await database.query<{ key: string; count: number; window_start: Date }>(
    `WITH w (key, ms, n) AS (SELECT * FROM unnest($1::text[], $2::float8[], $3::int[])),
     purged AS (DELETE FROM rate_limits WHERE $4::boolean
       AND window_start < now() - make_interval(secs => $5::float8) AND key <> ALL ($1::text[])),
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
    [batch.map((b) => b.key), batch.map((b) => b.windowMs), batch.map((b) => b.n), purge, LONGEST_WINDOW_MS / 1000],
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

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * Housekeeping (the daily scheduled function `housekeeping`): deletes counts whose window ended long ago, and counts
 * keyed by an account that no longer exists — a request racing the account's deletion may write one after the
 * deletion's own clean-up (account-data.ts), and none may outlive the person for more than a day (issue 44).
 */
export async function purgeOrphanCounts(): Promise<number> {
  const rows = await (
    await db()
  ).query(
    `DELETE FROM rate_limits r
     WHERE r.window_start < now() - make_interval(secs => $1::float8)
        OR (r.key ~ $2 AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = substring(r.key from $2)::uuid))
     RETURNING 1`,
    [LONGEST_WINDOW_MS / 1000, UUID],
  );
  return rows.length;
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
  if (limit.exact) return limit;
  return { ...limit, max: limit.max * (isProduction() ? 1 : Math.max(1, env().RATE_LIMIT_MULTIPLIER)) };
}

/**
 * The bucket a client address counts in: an IPv4 address as it is, an IPv6 address by its /64 — one subscriber's
 * network (RFC 6177 assigns a site at least a /64, and a host picks any of its 2^64 addresses at will), so walking
 * through addresses in it does not walk past a limit. An IPv4-mapped IPv6 address counts as its IPv4 address.
 */
export function addressBucket(ip: string): string {
  const address = ip
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  if (!address.includes(':')) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff)
    return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (with `::` and a dotted IPv4 tail), or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const parts = (half: string) => {
    const out: string[] = [];
    for (const part of half ? half.split(':') : []) {
      const dotted = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(part);
      if (dotted) {
        const [a, b, c, d] = dotted.slice(1).map(Number);
        out.push(((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
      } else out.push(part);
    }
    return out;
  };
  const left = parts(halves[0]);
  const right = halves.length === 2 ? parts(halves[1]) : [];
  const missing = 8 - left.length - right.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...left, ...Array(Math.max(0, missing)).fill('0'), ...right];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return all.map((g) => parseInt(g, 16));
}

const MINUTE = 60_000;
export const LIMITS = {
  signInIp: (ip: string): Limit => ({ key: `signin:ip:${addressBucket(ip)}`, max: 30, windowMs: 10 * MINUTE }),
  /** Attempts from a browser the account has signed in from before: its owner's typos, counted apart. */
  signInDevice: (deviceId: string, userId: string): Limit => ({
    key: `signin:device:${deviceId}:${userId}`,
    max: 8,
    windowMs: 10 * MINUTE,
  }),
  signUpIp: (ip: string): Limit => ({ key: `signup:ip:${addressBucket(ip)}`, max: 10, windowMs: 60 * MINUTE }),
  /**
   * "Forgot password?": per address asking, and per address asked about (known or not: the same for both, keyed
   * without naming it) — or, from a browser that has signed in to an account (its device cookie), per that device:
   * strangers' requests never use up the owner's (issue 44).
   */
  resetIp: (ip: string): Limit => ({ key: `reset:ip:${addressBucket(ip)}`, max: 10, windowMs: 60 * MINUTE }),
  resetEmail: (normalizedEmail: string): Limit => ({
    key: `reset:email:${addressKey(normalizedEmail)}`,
    max: 3,
    windowMs: 60 * MINUTE,
  }),
  resetDevice: (deviceId: string): Limit => ({ key: `reset:device:${deviceId}`, max: 3, windowMs: 60 * MINUTE }),
  /** Following a confirmation link: a token is 256 bits, so this only stops a flood (as resetTokenIp). */
  verifyTokenIp: (ip: string): Limit => ({
    key: `verify:token:ip:${addressBucket(ip)}`,
    max: 30,
    windowMs: 10 * MINUTE,
  }),
  /** Setting a password from a link: a token is 256 bits, so this only stops a flood. */
  resetTokenIp: (ip: string): Limit => ({ key: `reset:token:ip:${addressBucket(ip)}`, max: 30, windowMs: 10 * MINUTE }),
  /** Account settings that check the current password: ten tries in ten minutes per account (no guessing through them). */
  accountSettingsUser: (userId: string): Limit => ({ key: `settings:${userId}`, max: 10, windowMs: 10 * MINUTE }),
  /** Mails a change of address sends for an account (counted as they are sent): a person needs one or two (issue 44). */
  emailChangeUser: (userId: string): Limit => ({ key: `mail:change:${userId}`, max: 3, windowMs: 60 * MINUTE }),
  /** "Send again" for a confirmation mail: a person needs one or two; a mailbox is not to be flooded. */
  confirmationMailUser: (userId: string): Limit => ({ key: `mail:confirm:${userId}`, max: 3, windowMs: 60 * MINUTE }),
  /**
   * IQ scoring: a person needs one request per test taken, a class behind one address a few dozen an hour; recovering
   * a form's key from the teaser's correct count needs about fifty sheets of that form, so per address and form
   * the day's allowance is what a person could use, not what probing needs (README, "Abuse limits").
   */
  scoreIqIp: (ip: string): Limit => ({ key: `score:iq:ip:${addressBucket(ip)}`, max: 60, windowMs: 60 * MINUTE }),
  scoreIqIpForm: (ip: string, formId: number): Limit => ({
    key: `score:iq:ip:${addressBucket(ip)}:form:${formId}`,
    max: 20,
    windowMs: 24 * 60 * MINUTE,
  }),
  scoreIqUser: (userId: string): Limit => ({ key: `score:iq:user:${userId}`, max: 20, windowMs: 24 * 60 * MINUTE }),
  /**
   * Career scoring: the same allowance as IQ scoring per address; per account, a person retakes it a few times a day
   * at most, and each signed-in sheet is a saved row (one account wrote 231 a second before this limit).
   */
  scoreCareerIp: (ip: string): Limit => ({
    key: `score:career:ip:${addressBucket(ip)}`,
    max: 60,
    windowMs: 60 * MINUTE,
  }),
  /**
   * The career tie-break: one set of answers per sitting (tie-break.ts), asked again on a reload: twice what career
   * scoring allows an address.
   */
  tieBreakIp: (ip: string): Limit => ({ key: `tiebreak:ip:${addressBucket(ip)}`, max: 120, windowMs: 60 * MINUTE }),
  scoreCareerUser: (userId: string): Limit => ({
    key: `score:career:user:${userId}`,
    max: 20,
    windowMs: 24 * 60 * MINUTE,
  }),
  /** Claims: a visitor's one or two results after sign-in, and retries; not a stream of rows. */
  claim: (userId: string): Limit => ({ key: `claim:${userId}`, max: 30, windowMs: 60 * MINUTE }),
  /** Each checkout writes an order row: enough for a buyer's retries, not for filling the table. */
  checkout: (userId: string): Limit => ({ key: `checkout:${userId}`, max: 20, windowMs: 60 * MINUTE }),
  /** Promo codes: a person mistypes a few; guessing codes needs thousands. */
  promo: (userId: string): Limit => ({ key: `promo:${userId}`, max: 10, windowMs: 10 * MINUTE }),
};
