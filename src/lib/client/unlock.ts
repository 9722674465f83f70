/**
 * "Get all results": a visitor is sent to sign in with the way back remembered (spec part 2, Subscribe button).
 * The signed-in path (payment modal) arrives with the premium issue.
 */
import * as session from './session.ts';
import type { TestKind } from '../../domain/views.ts';

export function startUnlock(kind: TestKind, resultId: string | undefined, loginHref: string): void {
  session.preAuth.returnUrl.write(location.pathname + location.search);
  session.preAuth.testType.write(kind);
  if (resultId) session.preAuth.resultId.write(resultId);
  location.assign(loginHref);
}
