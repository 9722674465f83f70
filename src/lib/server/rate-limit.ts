/**
 * Fixed-window rate limits kept in the database, so they hold across every function instance. One upsert per
 * attempt; a stale window restarts.
 */
import { db } from './db.ts';

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

export type LimitCheck = { ok: true } | { ok: false; retryAfterSeconds: number };

export async function consume(limit: Limit): Promise<LimitCheck> {
  const [row] = await (await db()).query<{ count: number; window_start: Date }>(
    `INSERT INTO rate_limits (key, count, window_start) VALUES ($1, 1, now())
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN rate_limits.window_start < now() - make_interval(secs => $2::float8 / 1000) THEN 1 ELSE rate_limits.count + 1 END,
       window_start = CASE WHEN rate_limits.window_start < now() - make_interval(secs => $2::float8 / 1000) THEN now() ELSE rate_limits.window_start END
     RETURNING count, window_start`,
    [limit.key, limit.windowMs],
  );
  if (row.count <= limit.max) return { ok: true };
  const retryAfterMs = new Date(row.window_start).getTime() + limit.windowMs - Date.now();
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
}

/** Checks every limit (all are counted); the first one exceeded decides. */
export async function consumeAll(limits: Limit[]): Promise<LimitCheck> {
  const results = await Promise.all(limits.map(consume));
  return results.find((r) => !r.ok) ?? { ok: true };
}

const MINUTE = 60_000;
export const LIMITS = {
  signInIp: (ip: string): Limit => ({ key: `signin:ip:${ip}`, max: 30, windowMs: 10 * MINUTE }),
  signInEmail: (email: string): Limit => ({ key: `signin:email:${email}`, max: 8, windowMs: 10 * MINUTE }),
  signUpIp: (ip: string): Limit => ({ key: `signup:ip:${ip}`, max: 10, windowMs: 60 * MINUTE }),
};
