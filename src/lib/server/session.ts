/**
 * Sessions, as Lucia's authors now recommend writing them yourself: a random token in an HttpOnly cookie, only
 * its SHA-256 in the database, 30-day sliding expiry, a new session on every sign-in, the row deleted on sign-out.
 * Cookies are set and cleared only here.
 */
import { hash } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { db } from './db.ts';
import { batchesOn } from './database/batches.ts';
import { clearCookie, readCookie, setCookie } from './cookies.ts';
import { addResponseCookies } from './response-cookies.ts';
import { SIGNED_IN_HINT_COOKIE } from '../kept-hint.ts';

export const SESSION_COOKIE = 'rozum_session';
/** Not a secret: tells the static header to show "Profile" instead of "Sign in" (its name shared with the pages). */
export { SIGNED_IN_HINT_COOKIE };
const DAY = 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = 30 * DAY;
const REFRESH_WHEN_LEFT_MS = 15 * DAY;

export interface SessionUser {
  id: string;
  email: string;
  createdAt: Date;
  /**
   * Whether the subscription counts as premium (read with the session, saving a query per request): premium_active,
   * src/domain/access.ts's rule in SQL; no profile row, no premium.
   */
  premium: boolean;
}
export interface Session {
  id: string;
  userId: string;
  expiresAt: Date;
}

export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** The token's SHA-256 in hex (node:crypto's one-shot hash: 0.2 µs a token here, where @oslojs/crypto's took 3.3). */
export const sessionIdOf = (token: string): string => hash('sha256', token, 'hex');

/** `via`: the sign-in that made it; a recent Google one stands in for a password (account-data.ts). */
export async function createSession(
  token: string,
  userId: string,
  via: 'password' | 'google' = 'password',
): Promise<Session> {
  const session: Session = { id: sessionIdOf(token), userId, expiresAt: new Date(Date.now() + SESSION_TTL_MS) };
  await (
    await db()
  ).query('INSERT INTO sessions (id, user_id, expires_at, via) VALUES ($1, $2, $3, $4)', [
    session.id,
    session.userId,
    session.expiresAt,
    via,
  ]);
  return session;
}

/** `slid`: this read moved the expiry on (the session was in its second half). */
export type SessionValidation =
  { session: Session; user: SessionUser; slid: boolean } | { session: null; user: null; slid: false };
const NO_SESSION = { session: null, user: null, slid: false } as const;

type SessionRow = {
  id: string;
  user_id: string;
  expires_at: Date;
  expired: boolean;
  slid: boolean;
  email: string;
  created_at: Date;
  premium: boolean;
};

/**
 * One statement for any number of sessions, whatever happens to each: it is read with its user and subscription,
 * deleted when it has expired, and its expiry moved on when less than half its life is left (so at most once in
 * fifteen days; `slid` says it was). One text whatever the count, so it is prepared once.
 */
const VALIDATE = `WITH s AS (SELECT id, user_id, expires_at, expires_at <= now() AS expired FROM sessions WHERE id = ANY ($1::text[])),
  gone AS (DELETE FROM sessions WHERE id = ANY ($1::text[]) AND expires_at <= now()),
  slid AS (UPDATE sessions SET expires_at = now() + make_interval(secs => $2::float8 / 1000)
    WHERE id = ANY ($1::text[]) AND expires_at > now() AND expires_at < now() + make_interval(secs => $3::float8 / 1000)
    RETURNING id, expires_at)
  SELECT s.id, s.user_id, COALESCE(slid.expires_at, s.expires_at) AS expires_at, s.expired,
    slid.id IS NOT NULL AS slid, u.email, u.created_at, premium_active(p.subscription_status, p.subscription_expires_at, now()) AS premium
  FROM s JOIN users u ON u.id = s.user_id LEFT JOIN user_profiles p ON p.id = s.user_id LEFT JOIN slid ON slid.id = s.id`;

/**
 * Session reads come in batches (./database/batches.ts), as saves do: under load on the local server the reads that
 * arrive in one turn of the event loop, or while the last such statement runs, go together as one statement.
 */
const readers = batchesOn<string, SessionRow | undefined>(async (database, ids) => {
  const rows = await database.query<SessionRow>(VALIDATE, [[...new Set(ids)], SESSION_TTL_MS, REFRESH_WHEN_LEFT_MS]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id));
});

/** The session and its user behind a token, or none (unknown, or expired and now deleted). One statement. */
export async function validateSessionToken(token: string): Promise<SessionValidation> {
  const id = sessionIdOf(token);
  const row = await readers(await db())(id);
  if (!row || row.expired) return NO_SESSION;
  return {
    session: { id, userId: row.user_id, expiresAt: new Date(row.expires_at) },
    user: { id: row.user_id, email: row.email, createdAt: new Date(row.created_at), premium: row.premium },
    slid: row.slid,
  };
}

export async function invalidateSession(sessionId: string): Promise<void> {
  await (await db()).query('DELETE FROM sessions WHERE id = $1', [sessionId]);
}

/**
 * The session behind a request's cookie, if any. Every request that reads a session comes through here, so this is
 * where a slid session's cookies are re-issued with the new expiry (secured() adds them to the response): without
 * that the browser would drop the cookie 30 days after sign-in however active the user.
 */
export async function sessionFromRequest(req: Request): Promise<SessionValidation> {
  const token = readCookie(req, SESSION_COOKIE);
  if (!token) return NO_SESSION;
  const validation = await validateSessionToken(token);
  if (validation.slid) addResponseCookies(req, sessionCookies(req, token, validation.session.expiresAt));
  return validation;
}

/** The session cookie (HttpOnly) and the hint the page's script reads to know someone is signed in. */
export function sessionCookies(req: Request, token: string, expiresAt: Date): string[] {
  const maxAge = (expiresAt.getTime() - Date.now()) / 1000;
  return [
    setCookie(req, SESSION_COOKIE, token, { maxAge, expires: expiresAt }),
    setCookie(req, SIGNED_IN_HINT_COOKIE, '1', { maxAge, expires: expiresAt, httpOnly: false }),
  ];
}

export const clearedSessionCookies = (req: Request): string[] => [
  clearCookie(req, SESSION_COOKIE),
  clearCookie(req, SIGNED_IN_HINT_COOKIE, { httpOnly: false }),
];

export function withCookies(response: Response, cookies: string[]): Response {
  for (const cookie of cookies) response.headers.append('Set-Cookie', cookie);
  return response;
}
