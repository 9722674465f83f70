/**
 * Google sign-in with arctic's OAuth2 client, PKCE and state (DESIGN.md §2). The endpoints are configurable so
 * tests can stand a local server of ours in for Google's token endpoint. The OAuth cookies live only here.
 */
import { CodeChallengeMethod, decodeIdToken, generateCodeVerifier, generateState, OAuth2Client } from 'arctic';
import { db } from './db.ts';
import { createUser, normalizeEmail } from './users.ts';
import { readCookie, setCookie } from './cookies.ts';
import { env, siteUrl } from './env.ts';
import { toPlainText } from '../../domain/text.ts';
import { NAME_MAX_LENGTH, personName } from '../../domain/contact.ts';
import type { Lang } from '../../i18n/paths.ts';
import { noteRefusal } from './refusals.ts';

const STATE_COOKIE = 'google_oauth_state';
const VERIFIER_COOKIE = 'google_code_verifier';
const LANG_COOKIE = 'oauth_lang';
const OAUTH_COOKIE_SECONDS = 600;

export const isGoogleConfigured = (): boolean => Boolean(env().GOOGLE_CLIENT_ID && env().GOOGLE_CLIENT_SECRET);
const endpoints = () => ({
  authorize: env().GOOGLE_AUTH_ENDPOINT ?? 'https://accounts.google.com/o/oauth2/v2/auth',
  token: env().GOOGLE_TOKEN_ENDPOINT ?? 'https://oauth2.googleapis.com/token',
});

/** The address Google sends the user back to: always the configured site (a spoofed Host must not move it). */
const redirectUri = () => new URL('/api/auth/google/callback', siteUrl()).toString();
const client = () => new OAuth2Client(env().GOOGLE_CLIENT_ID!, env().GOOGLE_CLIENT_SECRET!, redirectUri());

const cookie = (req: Request, name: string, value: string, maxAge: number) => setCookie(req, name, value, { maxAge });

export function startGoogleSignIn(req: Request, lang: Lang): { url: string; cookies: string[] } {
  const state = generateState();
  const verifier = generateCodeVerifier();
  const url = client().createAuthorizationURLWithPKCE(
    endpoints().authorize,
    state,
    CodeChallengeMethod.S256,
    verifier,
    ['openid', 'profile', 'email'],
  );
  url.searchParams.set('prompt', 'consent');
  url.searchParams.set('access_type', 'offline');
  return {
    url: url.toString(),
    cookies: [
      cookie(req, STATE_COOKIE, state, OAUTH_COOKIE_SECONDS),
      cookie(req, VERIFIER_COOKIE, verifier, OAUTH_COOKIE_SECONDS),
      cookie(req, LANG_COOKIE, lang, OAUTH_COOKIE_SECONDS),
    ],
  };
}

export const clearedOAuthCookies = (req: Request) =>
  [STATE_COOKIE, VERIFIER_COOKIE, LANG_COOKIE].map((name) => cookie(req, name, '', 0));

export const oauthLang = (req: Request): Lang => (readCookie(req, LANG_COOKIE) === 'en' ? 'en' : 'uk');

interface GoogleClaims {
  iss: string;
  aud: string;
  sub: string;
  exp: number;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export type GoogleOutcome =
  | { ok: true; userId: string }
  | {
      ok: false;
      error:
        | 'auth.error.google.failed'
        | 'auth.error.google.unverified'
        | 'auth.error.google.password_first'
        | 'auth.error.google.account_unverified';
    };

/**
 * Checks state, exchanges the code (with the PKCE verifier), reads the ID token and finds or links the user.
 * `signedInUserId`: the account whose session this browser already holds (linking from a password sign-in).
 */
export async function finishGoogleSignIn(req: Request, signedInUserId?: string): Promise<GoogleOutcome> {
  const url = new URL(req.url);
  const code = url.searchParams.get('code');
  const state = url.searchParams.get('state');
  const storedState = readCookie(req, STATE_COOKIE);
  const verifier = readCookie(req, VERIFIER_COOKIE);
  if (!code || !state || !storedState || !verifier || state !== storedState)
    return { ok: false, error: 'auth.error.google.failed' };
  let claims: GoogleClaims;
  try {
    const tokens = await client().validateAuthorizationCode(endpoints().token, code, verifier);
    // The ID token came straight from the token endpoint over TLS, so its claims are checked, not its signature
    // (OpenID Connect Core §3.1.3.7).
    claims = decodeIdToken(tokens.idToken()) as GoogleClaims;
  } catch (err) {
    // Anyone can send a made-up code: counted, one line a minute (refusals.ts), with the last error's message.
    noteRefusal('google sign-in: code exchange failed', (err as Error).message);
    return { ok: false, error: 'auth.error.google.failed' };
  }
  const validIssuer = claims.iss === 'https://accounts.google.com' || claims.iss === 'accounts.google.com';
  if (!validIssuer || claims.aud !== env().GOOGLE_CLIENT_ID || claims.exp * 1000 < Date.now() || !claims.sub)
    return { ok: false, error: 'auth.error.google.failed' };
  return linkGoogleAccount(claims, signedInUserId);
}

/**
 * Google's profile name as the holder's name: made safe, cut to the length a typed name may have (at a character,
 * never inside one), then the one name rule; a name it refuses (only invisible characters) means no name — the email
 * stands in, as for a sign-up without one — rather than a refused sign-in.
 */
function googleName(claim: unknown): string | undefined {
  if (claim === undefined) return undefined;
  let text = '';
  for (const char of toPlainText(String(claim))) {
    if (text.length + char.length > NAME_MAX_LENGTH) break;
    text += char;
  }
  const checked = personName(text);
  return checked.ok ? checked.name : undefined;
}

/**
 * An existing account with the same address is linked only when both sides vouch for it: Google has verified the
 * address (the ID token's email_verified, https://developers.google.com/identity/openid-connect/openid-connect#an-id-tokens-payload),
 * and the account's own address is verified too (email_verified_at) — or its owner is signed in right now. Otherwise
 * whoever created an account with someone else's address first — a password sign-up, or a Google account whose
 * address Google never verified (a pre-account hijack) — would get into that person's Google sign-ins; the user is
 * asked to sign in as before (with the password: then Google links at once).
 */
async function linkGoogleAccount(claims: GoogleClaims, signedInUserId?: string): Promise<GoogleOutcome> {
  return (await db()).transaction(async (tx) => {
    const [linked] = await tx.query<{ user_id: string }>(
      "SELECT user_id FROM oauth_accounts WHERE provider = 'google' AND provider_user_id = $1",
      [claims.sub],
    );
    if (linked) return { ok: true, userId: linked.user_id };
    if (!claims.email) return { ok: false, error: 'auth.error.google.failed' };
    const [existing] = await tx.query<{ id: string; password_hash: string | null; email_verified_at: Date | null }>(
      'SELECT id, password_hash, email_verified_at FROM users WHERE email_normalized = $1',
      [normalizeEmail(claims.email)],
    );
    let userId: string;
    if (existing) {
      if (claims.email_verified !== true) return { ok: false, error: 'auth.error.google.unverified' };
      const ownerPresent = existing.id === signedInUserId;
      if (!existing.email_verified_at && !ownerPresent) {
        const error = existing.password_hash
          ? 'auth.error.google.password_first'
          : 'auth.error.google.account_unverified';
        return { ok: false, error };
      }
      userId = existing.id;
      // The owner, signed in, has now also shown a Google account that verified this address.
      await tx.query('UPDATE users SET email_verified_at = now() WHERE id = $1 AND email_verified_at IS NULL', [
        userId,
      ]);
    } else {
      const created = await createUser(
        {
          email: claims.email,
          passwordHash: null,
          fullName: googleName(claims.name),
          emailVerified: claims.email_verified === true,
          via: 'google',
        },
        tx,
      );
      if (!created) return { ok: false, error: 'auth.error.google.failed' };
      userId = created.id;
    }
    await tx.query("INSERT INTO oauth_accounts (provider, provider_user_id, user_id) VALUES ('google', $1, $2)", [
      claims.sub,
      userId,
    ]);
    return { ok: true, userId };
  });
}
