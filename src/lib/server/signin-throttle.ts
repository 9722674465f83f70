/**
 * Sign-in attempts on one account from browsers it does not know: slowed, never locked (README, "Sign-in
 * throttling"; issue 27). The first FREE_ATTEMPTS in a row go through; after the n-th, the next waits
 * 2^(n − FREE_ATTEMPTS + 1) seconds — 2, 4, 8 … — and never more than MAX_DELAY_SECONDS. An attempt refused while it
 * waits is not counted and does not push the wait on, so however many addresses keep trying, a browser told to wait
 * is let through within MAX_DELAY_SECONDS unless another attempt took that turn first; and however many addresses
 * guess, the account gets at most one guess per MAX_DELAY_SECONDS (30 an hour) once the first dozen are spent. A right
 * password clears the run; a day without attempts forgets it. The schedule follows Lucia's throttler
 * (lucia-auth example apps: 1, 2, 4 … 300 s per user), capped lower because the owner must never wait long.
 *
 * One row of rate_limits per account: `count` is the run of attempts, `window_start` when the last one was let
 * through. Letting one through and counting it is one statement, so two at the same moment cannot both pass.
 */
import { db } from './db.ts';
import { scaledLimit } from './rate-limit.ts';
import { addressKey } from './address-keys.ts';

export const FREE_ATTEMPTS = 5;
export const MAX_DELAY_SECONDS = 120;
const FORGET_SECONDS = 24 * 60 * 60;

/** The account's run, keyed by its address (as the attempts name it) without naming it (address-keys.ts). */
export const accountThrottleKey = (normalizedEmail: string) => `signin:account:${addressKey(normalizedEmail)}`;

/** The wait after a run of `count` attempts, as SQL over a rate_limits row aliased `r`, in seconds. */
const DELAY_SQL = `(CASE WHEN r.count < $2 THEN 0 ELSE LEAST($3::float8, power(2, r.count - $2 + 1)) END)`;
const STALE_SQL = `r.window_start < now() - make_interval(secs => $4::float8)`;

export type Turn = { ok: true } | { ok: false; retryAfterSeconds: number };

/** Lets this attempt on the account through and counts it, or says how long to wait. */
export async function takeAccountTurn(normalizedEmail: string): Promise<Turn> {
  // RATE_LIMIT_MULTIPLIER (tests and benchmarks, never production) raises the free run as it raises every limit.
  const free = scaledLimit({ key: '', max: FREE_ATTEMPTS, windowMs: 0 }).max;
  const [row] = await (
    await db()
  ).query<{ admitted: number | null; wait_seconds: number | null }>(
    `WITH claim AS (
       INSERT INTO rate_limits AS r (key, count, window_start) VALUES ($1, 1, now())
       ON CONFLICT (key) DO UPDATE SET count = CASE WHEN ${STALE_SQL} THEN 1 ELSE r.count + 1 END, window_start = now()
       WHERE ${STALE_SQL} OR r.window_start + make_interval(secs => ${DELAY_SQL}) <= now()
       RETURNING r.count)
     SELECT (SELECT count FROM claim) AS admitted,
       (SELECT EXTRACT(EPOCH FROM r.window_start + make_interval(secs => ${DELAY_SQL}) - now())
        FROM rate_limits r WHERE r.key = $1) AS wait_seconds`,
    [accountThrottleKey(normalizedEmail), free, MAX_DELAY_SECONDS, FORGET_SECONDS],
  );
  if (row?.admitted != null) return { ok: true };
  const wait = Math.ceil(Number(row?.wait_seconds ?? 1));
  return { ok: false, retryAfterSeconds: Math.min(MAX_DELAY_SECONDS, Math.max(1, wait)) };
}

/** The owner got in: strangers' run on the account is over. */
export async function clearAccountTurns(normalizedEmail: string): Promise<void> {
  await (await db()).query('DELETE FROM rate_limits WHERE key = $1', [accountThrottleKey(normalizedEmail)]);
}
