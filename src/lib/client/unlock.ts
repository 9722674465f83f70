/**
 * "Get all results": a visitor is sent to sign in with the way back remembered (spec part 2, Subscribe button).
 * The signed-in path (payment modal) arrives with the premium issue.
 */
import { writeSession } from './storage.ts';

export function startUnlock(kind: 'iq' | 'professional', resultId: string | undefined, loginHref: string): void {
  writeSession('returnUrlAfterAuth', location.pathname + location.search);
  writeSession('testTypeBeforeAuth', kind);
  if (resultId) writeSession('testResultIdBeforeAuth', resultId);
  location.assign(loginHref);
}
