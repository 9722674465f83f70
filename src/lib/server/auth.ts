/**
 * Email-and-password sign-up and sign-in (spec part 2, error catalogue): message keys exactly as the catalogue,
 * one generic error for every sign-in failure, the same work whether or not the email exists, a limit per address,
 * and per account growing delays that slow guessing but lock nobody out — a browser the account signed in from
 * before is counted on its own, apart from them (README, "Sign-in throttling").
 */
import type { z } from 'zod';
import { AuthBody } from '../../api/auth.ts';
import { consumeAll, LIMITS } from './rate-limit.ts';
import { clearAccountTurns, takeAccountTurn } from './signin-throttle.ts';
import { createSession, generateSessionToken, sessionFromRequest, type SessionUser } from './session.ts';
import type { ErrorKey } from './http.ts';
import {
  burnPasswordCheck,
  createUser,
  findUserByEmail,
  hashPassword,
  MIN_PASSWORD,
  normalizeEmail,
  verifyPassword,
} from './users.ts';
import { db } from './db.ts';
import { mailConfirmation } from './email-confirmation.ts';
import { subscriptionOf } from './subscription.ts';
import { cleanEmail } from '../../domain/email.ts';
import type { KnownDevice } from './device.ts';

export { AuthBody };
export type AuthInput = z.infer<typeof AuthBody>;

type Failure = { ok: false; error: ErrorKey; retryAfterSeconds?: number };
export type Signed = { ok: true; userId: string; token: string; expiresAt: Date };

export async function signUp(input: AuthInput, ip: string): Promise<Signed | Failure> {
  const typed = input.email?.trim() ?? '';
  const password = input.password ?? '';
  if (!typed || !password) return { ok: false, error: 'auth.error.fill.fields' };
  const email = cleanEmail(typed);
  if (!email) return { ok: false, error: 'auth.error.email.invalid' };
  if (password.length < MIN_PASSWORD) return { ok: false, error: 'auth.error.password.length' };
  const limited = await consumeAll([LIMITS.signUpIp(ip)]);
  if (!limited.ok) return { ok: false, error: 'auth.error.rate_limited', retryAfterSeconds: limited.retryAfterSeconds };
  const passwordHash = await hashPassword(password);
  // The account and the mail confirming its address land together (the mail is sent after the response).
  const created = await (
    await db()
  ).transaction(async (tx) => {
    const user = await createUser(
      { email, passwordHash, fullName: input.fullName, via: 'email', mailingConsent: input.mailingList === true },
      tx,
    );
    // A confirmation the address has had enough of this hour is not sent; the profile offers "send again" (mail-budget.ts).
    if (user) await mailConfirmation(tx, user.id, email, input.lang ?? 'uk');
    return user;
  });
  if (!created) return { ok: false, error: 'auth.error.exists' };
  return startSession(created.id);
}

/**
 * Throttling: 30 attempts per address per 10 minutes; then, from a browser carrying this account's device cookie,
 * 8 per device per 10 minutes (the owner's own typos), and from any other browser the account's growing delays
 * (signin-throttle.ts: at most 2 minutes' wait), which strangers' wrong passwords fill and the owner's own browser
 * never meets.
 */
export async function signIn(input: AuthInput, ip: string, device?: KnownDevice | null): Promise<Signed | Failure> {
  const email = input.email?.trim() ?? '';
  const password = input.password ?? '';
  if (!email || !password) return { ok: false, error: 'auth.error.fill.fields' };
  const user = await findUserByEmail(email);
  const ownDevice = device && user && device.userId === user.id ? device : null;
  const limited = await consumeAll([
    LIMITS.signInIp(ip),
    ...(ownDevice ? [LIMITS.signInDevice(ownDevice.deviceId, ownDevice.userId)] : []),
  ]);
  if (!limited.ok) return { ok: false, error: 'auth.error.rate_limited', retryAfterSeconds: limited.retryAfterSeconds };
  const account = normalizeEmail(email);
  if (!ownDevice) {
    const turn = await takeAccountTurn(account);
    if (!turn.ok) return { ok: false, error: 'auth.error.rate_limited', retryAfterSeconds: turn.retryAfterSeconds };
  }
  if (!user?.password_hash) {
    await burnPasswordCheck(password);
    return { ok: false, error: 'auth.error.invalid' };
  }
  if (!(await verifyPassword(user.password_hash, password))) return { ok: false, error: 'auth.error.invalid' };
  if (!ownDevice) await clearAccountTurns(account);
  return startSession(user.id);
}

/** Every sign-in gets a new session. */
export async function startSession(userId: string, via: 'password' | 'google' = 'password'): Promise<Signed> {
  const token = generateSessionToken();
  const session = await createSession(token, userId, via);
  return { ok: true, userId, token, expiresAt: session.expiresAt };
}

export const displayName = (fullName: string, email: string): string =>
  fullName.trim() || email.split('@')[0] || 'User';

/** What /api/me answers: the user, the profile and the subscription. */
export async function meOf(user: SessionUser) {
  const [profile] = await (
    await db()
  ).query<{ full_name: string; email: string; created_at: Date; verified: boolean; has_password: boolean }>(
    `SELECT p.full_name, p.email, p.created_at, u.email_verified_at IS NOT NULL AS verified,
       u.password_hash IS NOT NULL AS has_password
     FROM user_profiles p JOIN users u ON u.id = p.id WHERE p.id = $1`,
    [user.id],
  );
  const fullName = profile?.full_name ?? '';
  return {
    user: {
      id: user.id,
      email: user.email,
      createdAt: user.createdAt.toISOString(),
      emailVerified: profile?.verified === true,
      hasPassword: profile?.has_password === true,
    },
    profile: {
      fullName,
      displayName: displayName(fullName, user.email),
      email: profile?.email ?? user.email,
      createdAt: new Date(profile?.created_at ?? user.createdAt).toISOString(),
    },
    subscription: await subscriptionOf(user.id),
  };
}

/** The signed-in user, or null. */
export async function currentUser(req: Request): Promise<SessionUser | null> {
  return (await sessionFromRequest(req)).user;
}
