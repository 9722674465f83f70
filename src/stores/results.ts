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

/** The results held in this browser that no account has yet: lost on restart, saved by signing in. */
export const unsavedKinds = (): TestKind[] =>
  (['iq', 'professional'] as const).filter((kind) => {
    const stored = readTempResult(kind);
    return Boolean(stored?.token && !stored.id);
  });

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
        formToken: pending.formToken,
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

type Claimed = { claimed: ({ kind: TestKind; id: string } | { error: string })[] };

/**
 * Saves results held in this browser into the signed-in account, from their tokens, and remembers each saved id
 * with its result. `retry` keeps asking through failed connections (a results page can wait; the sign-in return
 * step cannot). Returns the ids saved, by kind.
 */
export async function claimStoredResults(
  kinds: TestKind[],
  lang: Lang,
  { retry = false } = {},
): Promise<Partial<Record<TestKind, string>>> {
  const tokens = kinds.flatMap((kind) => session.tempResult(kind).read()?.token ?? []);
  if (!tokens.length) return {};
  const send = () => postJson<Claimed>('/api/results/claim', { tokens, lang });
  const res = await (retry ? withRetry(send, () => {}) : send());
  const ids: Partial<Record<TestKind, string>> = {};
  if (!res.ok) return ids;
  for (const entry of res.data.claimed) {
    if (!('id' in entry)) continue;
    ids[entry.kind] = entry.id;
    session.currentResultId(entry.kind).write(entry.id);
    const stored = session.tempResult(entry.kind).read();
    if (stored) session.tempResult(entry.kind).write({ ...stored, id: entry.id, saved: true });
  }
  return ids;
}

/** Saves a signed-in user's result that is not saved yet, from its token (the career banner's "saving"). */
export async function saveStoredResult(kind: TestKind, stored: StoredResult, lang: Lang): Promise<StoredResult | null> {
  if (!stored.token) return null;
  const id = (await claimStoredResults([kind], lang, { retry: true }))[kind];
  return id ? { ...stored, id, saved: true } : null;
}
