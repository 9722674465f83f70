/**
 * "Get all results" for a visitor: sign in first, with the way back remembered (spec part 2, Subscribe button).
 * A signed-in user gets the payment modal instead (PaymentModal.tsx).
 */
import * as session from './session.ts';
import { rememberWayBack } from './auth-state.ts';
import type { TestKind } from '../../domain/views.ts';

export function startUnlock(kind: TestKind, resultId: string | undefined, loginHref: string): void {
  rememberWayBack(kind, resultId);
  session.purchase.resume.write(kind);
  location.assign(loginHref);
}
