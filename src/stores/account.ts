/**
 * Signing up, in and out, which sign-in providers are configured, and the account's settings. Who the signed-in
 * user is ($me, loadMe) and their name on certificates live in ./me.ts, which the results pages load without the
 * rest of this module; they are re-exported here.
 */
import type * as auth from '../api/auth.ts';
import type * as me from '../api/me.ts';
import { call, callRetrying } from '../lib/client/call.ts';
import { forgetPurchase } from './payment.ts';
import { forgetMe } from './me.ts';

export { $me, loadMe, renameAccount, type Me } from './me.ts';

/** Whether Google sign-in is configured here (false when the server cannot say). */
export const googleConfigured = async (): Promise<boolean> => {
  const outcome = await call<typeof auth.providers>('GET /api/auth/providers');
  return outcome.ok && outcome.data.google;
};

type Credentials = NonNullable<Parameters<typeof call<typeof auth.signIn>>[1]>['body'];

/** Signs in or up with email and password; the session's cookies come with the answer. */
export function signInWith(mode: 'signin' | 'signup', body: Credentials) {
  return mode === 'signin'
    ? call<typeof auth.signIn>('POST /api/auth/signin', { body })
    : call<typeof auth.signUp>('POST /api/auth/signup', { body });
}

/** Ends the session here and on the server, and any purchase under way in this tab (its payer's name and phone). */
export async function signOut(): Promise<void> {
  await call<typeof auth.signOut>('POST /api/auth/signout');
  forgetPurchase();
  forgetMe();
}

/** Confirms an address with a mailed link's token (once: a retry would find the token used, so no retries here). */
export const confirmEmail = (token: string) =>
  call<typeof auth.verifyEmail>('POST /api/auth/email/verify', { body: { token } });

/** Mails a new confirmation link to the signed-in account's address, in the page's language; what happened, in a word. */
export async function resendConfirmation(lang: 'uk' | 'en'): Promise<'sent' | 'limited' | 'confirmed' | 'failed'> {
  const r = await call<typeof auth.resendConfirmation>('POST /api/auth/email/resend', { body: { lang } });
  if (r.ok) return 'sent';
  if (r.kind === 'limited') return 'limited';
  return r.error === 'auth.error.email.already_verified' ? 'confirmed' : 'failed';
}

/** "Forgot password?": the same answer for any address; a link goes to an account's. */
export const forgotPassword = (email: string, lang: 'uk' | 'en') =>
  call<typeof auth.forgotPassword>('POST /api/auth/password/forgot', { body: { email, lang } });

/** Whether a reset link's token can still set a password (asked before the form is shown; it uses nothing). */
export const checkResetToken = (token: string) =>
  callRetrying<typeof auth.checkResetToken>('POST /api/auth/password/reset/check', { body: { token } });

/** Sets a new password with a reset link's token; signs this browser in (once: no retries). */
export const resetPassword = (token: string, password: string) =>
  call<typeof auth.resetPassword>('POST /api/auth/password/reset', { body: { token, password } });

/** Account settings (issue 30, point 4); the name: renameAccount, in ./me.ts. */
export const changePassword = (currentPassword: string, newPassword: string) =>
  call<typeof me.changePassword>('POST /api/me/password', { body: { currentPassword, newPassword } });
export const changeEmail = (email: string, password: string, lang: 'uk' | 'en') =>
  call<typeof me.changeEmail>('POST /api/me/email', { body: { email, password, lang } });
/**
 * Deletes the account for good (issue 30, point 5): with its password, or with none a fresh Google sign-in. Once
 * done, the session is gone here too. Not retried: a lost answer is read again from the profile (signed out).
 */
export async function deleteAccount(password: string, lang: 'uk' | 'en') {
  const r = await call<typeof me.remove>('DELETE /api/me', { body: { ...(password ? { password } : {}), lang } });
  if (r.ok) forgetMe();
  return r;
}
/** Where "Download my data" saves from (a plain link: the browser saves the file the answer names). */
export const EXPORT_URL = '/api/me/export' satisfies typeof me.exportData.path;
