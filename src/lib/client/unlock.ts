/**
 * "Get all results" for a visitor: sign in first, with the way back remembered (spec part 2, Subscribe button).
 * A signed-in user gets the payment modal instead (PaymentModal.tsx).
 */
import * as session from './session.ts';
import type { TestKind } from '../../domain/views.ts';

export function startUnlock(kind: TestKind, resultId: string | undefined, loginHref: string): void {
  session.preAuth.returnUrl.write(location.pathname + location.search);
  session.preAuth.testType.write(kind);
  if (resultId) session.preAuth.resultId.write(resultId);
  session.purchase.resume.write(kind);
  location.assign(loginHref);
}
