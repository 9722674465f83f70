/** What the browser may know about the session: the non-secret hint cookie, and the pre-auth return context. */
import { readSession, removeSession } from './storage.ts';

export const isSignedIn = (): boolean => /(?:^|;\s*)rozum_signed_in=1(?:;|$)/.test(document.cookie);

export const PRE_AUTH_KEYS = ['returnUrlAfterAuth', 'testTypeBeforeAuth', 'testResultIdBeforeAuth'] as const;

/** Only a path on this site is followed back after sign-in (no "//evil.example" or absolute URLs). */
export function returnUrl(): string | null {
  const value = readSession<string>('returnUrlAfterAuth');
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : null;
}

export const clearPreAuth = () => removeSession(...PRE_AUTH_KEYS);
