/** What the browser may know about the session: the non-secret hint cookie, and the pre-auth return context. */
import * as session from './session.ts';

export const isSignedIn = (): boolean => /(?:^|;\s*)rozum_signed_in=1(?:;|$)/.test(document.cookie);

/** Only a path on this site is followed back after sign-in (no "//evil.example" or absolute URLs). */
export function returnUrl(): string | null {
  const value = session.preAuth.returnUrl.read();
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : null;
}

export const clearPreAuth = () => session.clearAll(...Object.values(session.preAuth));
