/** Signing up, in and out, and which providers are configured (README, "HTTP API": auth). */
import { z } from 'zod';
import { contract } from './contract.ts';
import { langField, langQuery, optionalNameField } from './fields.ts';
import { LANGS } from '../i18n/paths.ts';

/** Longest password read (users.ts hashes nothing longer). */
export const MAX_PASSWORD = 256;

export const AuthBody = z.object({
  email: z.string().max(254).optional(),
  password: z.string().max(MAX_PASSWORD).optional(),
  fullName: optionalNameField,
  lang: langField,
  /** Sign-up only: the user ticked "send me news" (unticked by default). */
  mailingList: z.boolean().optional(),
});

/** A session started: its cookies come with the answer. */
export interface SignedIn {
  ok: true;
  userId: string;
}

export const signUp = contract<SignedIn>()({
  path: '/api/auth/signup',
  method: 'POST',
  auth: 'none',
  body: AuthBody,
  status: 201,
});
export const signIn = contract<SignedIn>()({ path: '/api/auth/signin', method: 'POST', auth: 'none', body: AuthBody });
export const signOut = contract<{ ok: true }>()({ path: '/api/auth/signout', method: 'POST', auth: 'optional' });
export const providers = contract<{ google: boolean }>()({
  path: '/api/auth/providers',
  method: 'GET',
  auth: 'none',
});
/** A redirect to Google (?lang= decides where it comes back to). */
export const google = contract<never>()({
  path: '/api/auth/google',
  method: 'GET',
  auth: 'none',
  query: z.object({ lang: langQuery }),
  raw: true,
});
/** Google's return: a redirect to /auth/callback or back to /login with the error. */
export const googleCallback = contract<never>()({
  path: '/api/auth/google/callback',
  method: 'GET',
  auth: 'optional',
  raw: true,
});

/** A link's one-time token, as mailed (email-tokens.ts: 43 base64url characters; anything else is refused). */
const TokenBody = z.object({ token: z.string().max(200) });
/**
 * Confirms the address a confirmation link was sent to; no sign-in needed (the link may open in another browser). The
 * session, when there is one, is kept when a change of address ends the others.
 */
export const verifyEmail = contract<{ ok: true; emailVerified: true }>()({
  path: '/api/auth/email/verify',
  method: 'POST',
  auth: 'optional',
  body: TokenBody,
});
/** Mails a new confirmation link to the signed-in account's address (voiding the old), in `lang` (required: a mail goes out). */
export const resendConfirmation = contract<{ ok: true }>()({
  path: '/api/auth/email/resend',
  method: 'POST',
  auth: 'required',
  body: z.object({ lang: z.enum(LANGS) }),
});

/** "Forgot password?": the same answer for any address (no account enumeration); a link is mailed to an account's. */
export const forgotPassword = contract<{ ok: true }>()({
  path: '/api/auth/password/forgot',
  method: 'POST',
  auth: 'none',
  body: z.object({ email: z.string().min(1).max(254), lang: z.enum(LANGS) }),
});
/** Whether a reset link's token can still set a password (unused, within its hour), before the page asks for one. */
export const checkResetToken = contract<{ ok: true }>()({
  path: '/api/auth/password/reset/check',
  method: 'POST',
  auth: 'none',
  body: z.object({ token: z.string().max(200) }),
});
/** A reset link's token and the new password: every session ends, and this browser is signed in. */
export const resetPassword = contract<SignedIn>()({
  path: '/api/auth/password/reset',
  method: 'POST',
  auth: 'none',
  body: z.object({ token: z.string().max(200), password: z.string().max(MAX_PASSWORD) }),
});
