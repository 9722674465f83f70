/**
 * Email-and-password sign-up and sign-in (spec part 2, error catalogue): message keys exactly as the catalogue,
 * one generic error for every sign-in failure, the same work whether or not the email exists, rate limits per
 * IP and per email — except that a browser the account signed in from before is counted on its own, so wrong
 * passwords typed elsewhere cannot lock the owner out (README, "Sign-in throttling").
 */
import { isPlainText } from '../../domain/text.ts';
import { z } from 'zod';
import { consumeAll, LIMITS } from './rate-limit.ts';
import { createSession, generateSessionToken, sessionCookies, sessionFromRequest, withCookies, type SessionUser } from './session.ts';
import { crossSiteRefusal, invalidBody, json, jsonError, readJson, requestLang } from './http.ts';
import { burnPasswordCheck, createUser, findUserByEmail, hashPassword, MAX_PASSWORD, MIN_PASSWORD, normalizeEmail, verifyPassword } from './users.ts';
import { db } from './db.ts';
import { subscriptionOf } from './subscription.ts';
import { cleanEmail } from '../../domain/email.ts';
import { deviceCookie, knownDevice, type KnownDevice } from './device.ts';

export const AuthBody = z.object({
  email: z.string().max(254).optional(),
  password: z.string().max(MAX_PASSWORD).optional(),
  fullName: z.string().max(100).refine(isPlainText).optional(),
  lang: z.enum(['uk', 'en']).optional(),
  /** Sign-up only: the user ticked "send me news" (unticked by default). */
  mailingList: z.boolean().optional(),
});
export type AuthInput = z.infer<typeof AuthBody>;

type Failure = { ok: false; status: number; error: string; retryAfterSeconds?: number };
type Signed = { ok: true; userId: string; token: string; expiresAt: Date };

export async function signUp(input: AuthInput, ip: string, _device?: KnownDevice | null): Promise<Signed | Failure> {
  const typed = input.email?.trim() ?? '';
  const password = input.password ?? '';
  if (!typed || !password) return { ok: false, status: 400, error: 'auth.error.fill.fields' };
  const email = cleanEmail(typed);
  if (!email) return { ok: false, status: 400, error: 'auth.error.email.invalid' };
  if (password.length < MIN_PASSWORD) return { ok: false, status: 400, error: 'auth.error.password.length' };
  const limited = await consumeAll([LIMITS.signUpIp(ip)]);
  if (!limited.ok) return { ok: false, status: 429, error: 'auth.error.rate_limited', retryAfterSeconds: limited.retryAfterSeconds };
  const created = await createUser({ email, passwordHash: await hashPassword(password), fullName: input.fullName, via: 'email', mailingConsent: input.mailingList === true });
  if (!created) return { ok: false, status: 409, error: 'auth.error.exists' };
  return startSession(created.id);
}

/**
 * Throttling: 30 attempts per address and 8 per account per 10 minutes — but attempts from a browser carrying this
 * account's device cookie count against that device instead of the account, so a stranger's nine wrong passwords
 * lock out strangers, not the owner at their own browser.
 */
export async function signIn(input: AuthInput, ip: string, device?: KnownDevice | null): Promise<Signed | Failure> {
  const email = input.email?.trim() ?? '';
  const password = input.password ?? '';
  if (!email || !password) return { ok: false, status: 400, error: 'auth.error.fill.fields' };
  const user = await findUserByEmail(email);
  const ownDevice = device && user && device.userId === user.id ? device : null;
  const perAccount = ownDevice ? LIMITS.signInDevice(ownDevice.deviceId, ownDevice.userId) : LIMITS.signInEmail(normalizeEmail(email));
  const limited = await consumeAll([LIMITS.signInIp(ip), perAccount]);
  if (!limited.ok) return { ok: false, status: 429, error: 'auth.error.rate_limited', retryAfterSeconds: limited.retryAfterSeconds };
  if (!user?.password_hash) {
    await burnPasswordCheck(password);
    return { ok: false, status: 401, error: 'auth.error.invalid' };
  }
  if (!(await verifyPassword(user.password_hash, password))) return { ok: false, status: 401, error: 'auth.error.invalid' };
  return startSession(user.id);
}

/** Every sign-in gets a new session. */
export async function startSession(userId: string): Promise<Signed> {
  const token = generateSessionToken();
  const session = await createSession(token, userId);
  return { ok: true, userId, token, expiresAt: session.expiresAt };
}

export const displayName = (fullName: string, email: string): string => fullName.trim() || email.split('@')[0] || 'User';

/** What /api/me answers: the user, the profile and the subscription. */
export async function meOf(user: SessionUser) {
  const [profile] = await (await db()).query<{ full_name: string; email: string; created_at: Date }>(
    'SELECT full_name, email, created_at FROM user_profiles WHERE id = $1',
    [user.id],
  );
  const fullName = profile?.full_name ?? '';
  return {
    user: { id: user.id, email: user.email, createdAt: user.createdAt.toISOString() },
    profile: { fullName, displayName: displayName(fullName, user.email), email: profile?.email ?? user.email, createdAt: new Date(profile?.created_at ?? user.createdAt).toISOString() },
    subscription: await subscriptionOf(user.id),
  };
}

/** The signed-in user, or null. */
export async function currentUser(req: Request): Promise<SessionUser | null> {
  return (await sessionFromRequest(req)).user;
}

/**
 * The handler sign-up and sign-in share: CSRF guard, bounded JSON body, schema, then the action; failures carry
 * their message key (and Retry-After when rate-limited), success sets the session cookies.
 */
export function authHandler(action: typeof signIn, successStatus: number, after?: (context: { waitUntil(p: Promise<unknown>): void }) => void) {
  return async (req: Request, context: { ip: string; waitUntil(p: Promise<unknown>): void }): Promise<Response> => {
    const refused = crossSiteRefusal(req);
    if (refused) return refused;
    const body = await readJson(req, 8 * 1024);
    if (!body.ok) return body.response;
    const lang = requestLang(req, (body.value as { lang?: unknown } | null)?.lang);
    const parsed = AuthBody.safeParse(body.value);
    if (!parsed.success) return invalidBody(parsed.error.issues, lang);
    const outcome = await action(parsed.data, context.ip, knownDevice(req));
    if (!outcome.ok) {
      const retry = outcome.retryAfterSeconds;
      return jsonError(outcome.status, outcome.error, lang, retry ? { retryAfterSeconds: retry } : {}, { headers: retry ? { 'Retry-After': String(retry) } : {} });
    }
    after?.(context);
    return withCookies(json({ ok: true, userId: outcome.userId }, { status: successStatus }), [...sessionCookies(req, outcome.token, outcome.expiresAt), deviceCookie(req, outcome.userId)]);
  };
}
