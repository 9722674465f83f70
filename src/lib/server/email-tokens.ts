/**
 * One-time tokens mailed as links (issue 30): 32 random bytes (base64url) in the link, only their SHA-256 stored
 * (db/migrations/0014_email_tokens.sql). Issuing one voids the user's outstanding tokens of that purpose; using one
 * marks it used in the same statement that finds it, so two clicks (or two tabs) cannot both succeed.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from './db.ts';
import { db } from './db.ts';
import { emailKey } from '../../domain/email.ts';

export type TokenPurpose = 'verify' | 'reset' | 'change';
const HOUR = 60 * 60_000;
/** How long a link is good for: a day to confirm an address, an hour to reset a password. */
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = { verify: 24 * HOUR, reset: HOUR, change: 24 * HOUR };

/** 32 random bytes in base64url: anything else was never issued. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * A new token for the user and purpose (voiding their outstanding ones), sent to `email`; the raw token. Tokens
 * expired a week ago, anyone's, go in the same statement (the privacy policy's retention).
 */
export async function issueToken(q: Queryable, userId: string, purpose: TokenPurpose, email: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await q.query(
    `WITH void AS (UPDATE email_tokens SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL),
       purge AS (DELETE FROM email_tokens WHERE expires_at < now() - interval '7 days')
     INSERT INTO email_tokens (token_hash, user_id, purpose, email, expires_at)
     VALUES ($3, $1, $2, $4, now() + make_interval(secs => $5))`,
    [userId, purpose, digest(token), email, TOKEN_LIFETIME_MS[purpose] / 1000],
  );
  return token;
}

export type Consumed =
  | { ok: true; userId: string; email: string }
  | { ok: false; error: 'auth.error.token.invalid' | 'auth.error.token.expired' };

/**
 * Voids the user's outstanding tokens of these purposes: what a change to the account does to the links it had
 * mailed (issue 44) — a new address or password voids every reset link, so none outlives the change it protects.
 */
export async function voidTokens(q: Queryable, userId: string, purposes: TokenPurpose[]): Promise<void> {
  await q.query(
    'UPDATE email_tokens SET used_at = now() WHERE user_id = $1 AND purpose = ANY ($2::text[]) AND used_at IS NULL',
    [userId, purposes],
  );
}

/**
 * Whether a token of the purpose could be used now (unused, unexpired, not voided — and for a reset or confirmation
 * link, mailed to the address the account still has), without using it: a page asks before it draws a form the token
 * would only refuse. Changes nothing.
 */
export async function tokenUsable(
  token: string,
  purpose: TokenPurpose,
): Promise<{ ok: true } | { ok: false; error: 'auth.error.token.invalid' | 'auth.error.token.expired' }> {
  if (!TOKEN_SHAPE.test(token)) return { ok: false, error: 'auth.error.token.invalid' };
  const [row] = await (
    await db()
  ).query<{ usable: boolean; expired: boolean; email: string; current: string }>(
    `SELECT t.used_at IS NULL AND t.expires_at > now() AS usable, t.used_at IS NULL AND t.expires_at <= now() AS expired,
       t.email, u.email_normalized AS current
     FROM email_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = $1 AND t.purpose = $2`,
    [digest(token), purpose],
  );
  // A change link names the new address; the others, the account's own, which it may have left since.
  const moved = row && purpose !== 'change' && emailKey(row.email) !== row.current;
  if (row?.usable && !moved) return { ok: true };
  if (moved) return { ok: false, error: 'auth.error.token.invalid' };
  return { ok: false, error: row?.expired ? 'auth.error.token.expired' : 'auth.error.token.invalid' };
}

/** Uses a token of the purpose: once, unexpired, not voided. Anything else changes nothing. */
export async function consumeToken(token: string, purpose: TokenPurpose, q?: Queryable): Promise<Consumed> {
  const database = q ?? (await db());
  if (!TOKEN_SHAPE.test(token)) return { ok: false, error: 'auth.error.token.invalid' };
  const [used] = await database.query<{ user_id: string; email: string }>(
    `UPDATE email_tokens SET used_at = now()
     WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now() RETURNING user_id, email`,
    [digest(token), purpose],
  );
  if (used) return { ok: true, userId: used.user_id, email: used.email };
  const [stale] = await database.query<{ expired: boolean }>(
    'SELECT used_at IS NULL AND expires_at <= now() AS expired FROM email_tokens WHERE token_hash = $1 AND purpose = $2',
    [digest(token), purpose],
  );
  return { ok: false, error: stale?.expired ? 'auth.error.token.expired' : 'auth.error.token.invalid' };
}
