/** What the browser may know about the session: the non-secret hint cookie, and the way back after signing in. */
import * as session from './session.ts';
import { SIGNED_IN_HINT } from '../kept-hint.ts';
import type { TestKind } from '../../domain/views.ts';

export const isSignedIn = (): boolean => SIGNED_IN_HINT.test(document.cookie);

/**
 * A path on this site, as it was given, or null: no "//evil.example", "/\evil.example" (which browsers read as
 * "//"), absolute URLs or other schemes — whatever the URL parser would take off this origin.
 */
export function sameSitePath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/')) return null;
  const here = 'http://same.invalid';
  try {
    return new URL(value, here).origin === here ? value : null;
  } catch {
    return null;
  }
}

/** Only a path on this site is followed back after sign-in. */
export const returnUrl = (): string | null => sameSitePath(session.preAuth.returnUrl.read());

/**
 * Sign-in from a result page comes back to it (spec part 2: return URL, test type and result id before auth); the
 * sign-in return step then saves the visitor's result and opens it by its id. Forgets any purchase to resume, which
 * only "Get all results" asks for (unlock.ts).
 */
export function rememberWayBack(kind: TestKind, resultId: string | undefined): void {
  session.preAuth.returnUrl.write(location.pathname + location.search);
  session.preAuth.testType.write(kind);
  if (resultId) session.preAuth.resultId.write(resultId);
  else session.preAuth.resultId.clear();
  session.purchase.resume.clear();
}

/** Sign-in from elsewhere (a fresh Google sign-in to confirm deleting the account) comes back to `path`. */
export function rememberReturnTo(path: string): void {
  session.preAuth.returnUrl.write(path);
  session.preAuth.testType.clear();
  session.preAuth.resultId.clear();
  session.purchase.resume.clear();
}

/** Signing in that will lead back to a result: which test's, and whether its purchase is taken up again there. */
export interface ResultWayBack {
  kind: TestKind;
  purchase: boolean;
}

/**
 * The way back remembered from a result page (rememberWayBack, startUnlock), or null when signing in leads to the
 * profile or elsewhere — so the sign-in page can say where the person is going.
 */
export function resultWayBack(): ResultWayBack | null {
  const kind = session.preAuth.testType.read();
  if (!returnUrl() || (kind !== 'iq' && kind !== 'professional')) return null;
  return { kind, purchase: session.purchase.resume.read() === kind };
}

export const clearPreAuth = () => session.clearAll(...Object.values(session.preAuth));
