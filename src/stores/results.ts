/**
 * Results kept in the browser session: the temporary result of a visitor (spec keys tempTestResult /
 * tempProfessionalTestResult) and the answer sheet still waiting to be scored. Scoring keeps trying until the
 * server answers, so a result is never lost to a dropped connection.
 */
import { postJson, withRetry, type ApiResult } from '../lib/client/api.ts';
import { track } from '../lib/analytics.ts';
import * as session from '../lib/client/session.ts';
import type { StoredResult } from '../lib/client/session.ts';
import type { TestKind } from '../domain/views.ts';
import type { Lang } from '../i18n/paths.ts';

export const readTempResult = (kind: TestKind) => session.tempResult(kind).read();
export const readPending = (kind: TestKind) => session.pendingSheet(kind).read();

let inFlight: Partial<Record<TestKind, Promise<ApiResult<StoredResult>>>> = {};

/** Scores the waiting sheet (once per page, however many callers ask), storing the result when it comes. */
export function scorePending(
  kind: TestKind,
  onRetry: (attempt: number) => void = () => {},
): Promise<ApiResult<StoredResult>> | null {
  const pending = readPending(kind);
  if (!pending) return null;
  inFlight[kind] ??= withRetry(
    () =>
      postJson<StoredResult>(`/api/tests/${kind}/score`, {
        formId: pending.formId,
        answers: pending.answers,
        timeSpent: pending.timeSpent,
        lang: pending.lang,
        submissionId: pending.submissionId,
      }),
    (n) => onRetry(n),
  ).then((outcome) => {
    if (outcome.ok) {
      session.tempResult(kind).write(outcome.data);
      session.pendingSheet(kind).clear();
      const r = outcome.data.result;
      track('test_completed', {
        testType: kind,
        ...(r.kind === 'iq' ? { iqScore: r.iqEstimate } : { personalityType: r.personalityType }),
        timeSpent: pending.timeSpent,
      });
    }
    inFlight = { ...inFlight, [kind]: undefined };
    return outcome;
  });
  return inFlight[kind]!;
}

/** The same visitor result in another language, from its signed token. */
export async function relocalize(kind: TestKind, stored: StoredResult, lang: Lang): Promise<StoredResult> {
  if (!stored.token || stored.result.language === lang) return stored;
  const outcome = await postJson<StoredResult>('/api/results/from-token', { token: stored.token, lang });
  if (!outcome.ok) return stored;
  const updated = { ...stored, result: outcome.data.result };
  session.tempResult(kind).write(updated);
  return updated;
}

/** "Restart": clears the temporary results and anything pending (spec part 1 §2). */
export function clearTemporaryResults(): void {
  for (const kind of ['iq', 'professional'] as const) {
    session.clearAll(
      session.tempResult(kind),
      session.pendingSheet(kind),
      session.progress(kind),
      session.currentResultId(kind),
    );
  }
}

/** Saves a signed-in user's result that is not saved yet, from its token (the career banner's "saving"). */
export async function saveStoredResult(kind: TestKind, stored: StoredResult, lang: Lang): Promise<StoredResult | null> {
  if (!stored.token) return null;
  const res = await withRetry(
    () =>
      postJson<{ claimed: ({ kind: TestKind; id: string } | { error: string })[] }>('/api/results/claim', {
        tokens: [stored.token],
        lang,
      }),
    () => {},
  );
  const entry = res.ok ? res.data.claimed[0] : null;
  if (!entry || !('id' in entry)) return null;
  const updated = { ...stored, id: entry.id, saved: true };
  session.tempResult(kind).write(updated);
  session.currentResultId(kind).write(entry.id);
  return updated;
}
