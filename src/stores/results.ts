/**
 * Results: the temporary result of a visitor kept in the browser session (spec keys tempTestResult /
 * tempProfessionalTestResult), the answer sheet still waiting to be scored, a saved result read by its id, and saving
 * a visitor's results into the account. Scoring and saving try again while the server is out of reach, up to a cap
 * (call.ts), and the sheet stays in the browser whatever happens — a refusal or a limit stops, never loses it.
 */
import { atom } from 'nanostores';
import type * as results from '../api/results.ts';
import type * as tests from '../api/tests.ts';
import { call, callRetrying, DEFAULT_ATTEMPTS, type Failure, type Outcome } from '../lib/client/call.ts';
import { track } from '../lib/analytics.ts';
import * as session from '../lib/client/session.ts';
import type { StoredResult } from '../lib/client/session.ts';
import type { TestKind } from '../domain/views.ts';
import type { Lang } from '../i18n/paths.ts';

export const readTempResult = (kind: TestKind) => session.tempResult(kind).read();
/** How many days this device keeps a visitor's result no account has. */
export const KEEP_DAYS = session.KEEP_DAYS;
export const readPending = (kind: TestKind) => session.pendingSheet(kind).read();

/** The results held in this browser that no account has yet: lost on restart, saved by signing in. */
export const unsavedKinds = (): TestKind[] =>
  (['iq', 'professional'] as const).filter((kind) => {
    const stored = readTempResult(kind);
    return Boolean(stored?.token && !stored.id);
  });

let inFlight: Partial<Record<TestKind, Promise<Outcome<StoredResult>>>> = {};

/** How many tries scoring and saving make before they stop and say so. */
export const ATTEMPTS = DEFAULT_ATTEMPTS;

/**
 * Scores the waiting sheet (once per page, however many callers ask), storing the result when it comes. The sheet
 * is kept until then: a limit (429), a refusal or a server out of reach after ATTEMPTS tries leave it for another try.
 */
export function scorePending(
  kind: TestKind,
  onRetry: (attempt: number) => void = () => {},
): Promise<Outcome<StoredResult>> | null {
  const pending = readPending(kind);
  if (!pending) return null;
  const running = inFlight[kind];
  if (running) return running;
  // Limited a moment ago (on this page or the one before): said again, not asked again, until the time has come.
  if (pending.limited && pending.limited.retryAt > Date.now())
    return Promise.resolve({ ok: false, kind: 'limited', status: 429, ...pending.limited });
  const sheet = {
    formToken: pending.formToken ?? '',
    timeSpent: pending.timeSpent,
    lang: pending.lang,
    submissionId: pending.submissionId,
  };
  const answersAs = <V>(is: (value: unknown) => value is V) =>
    pending.answers.flatMap((a) => (is(a.selectedAnswer) ? [{ ...a, selectedAnswer: a.selectedAnswer }] : []));
  const retry = { onRetry: (next: number) => onRetry(next) };
  const scored =
    kind === 'iq'
      ? callRetrying<typeof tests.iqScore>(
          'POST /api/tests/iq/score',
          { body: { ...sheet, answers: answersAs((v): v is number => typeof v === 'number') } },
          retry,
        )
      : callRetrying<typeof tests.careerScore>(
          'POST /api/tests/professional/score',
          { body: { ...sheet, answers: answersAs((v): v is boolean => typeof v === 'boolean') } },
          retry,
        );
  const settled = scored.then((outcome): Outcome<StoredResult> => {
    if (outcome.ok) {
      session.tempResult(kind).write(outcome.data);
      // As kept (with until when this device keeps it), so the page says the date from the first moment.
      outcome = { ...outcome, data: session.tempResult(kind).read() ?? outcome.data };
      session.pendingSheet(kind).clear();
      const r = outcome.data.result;
      track('test_completed', {
        testType: kind,
        ...(r.kind === 'iq' ? { iqScore: r.iqEstimate } : { personalityType: r.personalityType }),
        timeSpent: pending.timeSpent,
      });
    } else if (outcome.kind === 'limited') {
      const { message, error, retryAt } = outcome;
      session.pendingSheet(kind).write({ ...pending, limited: { message, error, retryAt } });
    }
    inFlight = { ...inFlight, [kind]: undefined };
    return outcome;
  });
  inFlight[kind] = settled;
  return settled;
}

/** The same visitor result in another language, from its signed token. */
export async function relocalize(kind: TestKind, stored: StoredResult, lang: Lang): Promise<StoredResult> {
  if (!stored.token || stored.result.language === lang) return stored;
  const outcome = await call<typeof results.fromToken>('POST /api/results/from-token', {
    body: { token: stored.token, lang },
  });
  if (!outcome.ok) return stored;
  const updated = { ...stored, result: outcome.data.result };
  session.tempResult(kind).write(updated);
  return updated;
}

/** "Forget it on this device": a visitor's result of one test, from this tab and this device. */
export const forgetResult = (kind: TestKind) =>
  session.clearAll(session.tempResult(kind), session.currentResultId(kind));

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

/**
 * Saves results held in this browser into the signed-in account, from their tokens, and remembers each saved id
 * with its result. `retry` tries again while the server is out of reach, up to ATTEMPTS tries (a results page can
 * wait; the sign-in return step cannot). Answers the ids saved, by kind, or the failure.
 */
export async function claimStoredResults(
  kinds: TestKind[],
  lang: Lang,
  { retry = false, onRetry }: { retry?: boolean; onRetry?: (attempt: number) => void } = {},
): Promise<Outcome<Partial<Record<TestKind, string>>>> {
  const tokens = kinds.flatMap((kind) => session.tempResult(kind).read()?.token ?? []);
  if (!tokens.length) return { ok: true, data: {} };
  const input = { body: { tokens, lang } };
  const res = retry
    ? await callRetrying<typeof results.claim>('POST /api/results/claim', input, { onRetry })
    : await call<typeof results.claim>('POST /api/results/claim', input);
  if (!res.ok) return res;
  const ids: Partial<Record<TestKind, string>> = {};
  for (const entry of res.data.claimed) {
    if (!('id' in entry)) continue;
    ids[entry.kind] = entry.id;
    session.currentResultId(entry.kind).write(entry.id);
    const stored = session.tempResult(entry.kind).read();
    if (stored) session.tempResult(entry.kind).write({ ...stored, id: entry.id, saved: true });
  }
  return { ok: true, data: ids };
}

/**
 * The sign-in return step: saves the results this browser holds into the account just signed in, and remembers
 * which tests were saved by it (the results page then says so). Answers the ids saved, by kind (none on a failure).
 */
export async function claimAfterSignIn(lang: Lang): Promise<Partial<Record<TestKind, string>>> {
  const outcome = await claimStoredResults(unsavedKinds(), lang);
  const claimed = outcome.ok ? outcome.data : {};
  for (const kind of ['iq', 'professional'] as const) if (claimed[kind]) session.savedAfterAuth.write(kind);
  return claimed;
}

/** Whether the sign-in this page came back from saved this test's result; asking forgets it (it is said once). */
export function takeSavedAfterAuth(kind: TestKind): boolean {
  if (session.savedAfterAuth.read() !== kind) return false;
  session.savedAfterAuth.clear();
  return true;
}

/** Saving a signed-in user's result into the account (the career banner): where it stands, per test. */
export type Saving =
  | { status: 'idle' | 'success' }
  | { status: 'saving'; attempt: number; max: number }
  | { status: 'error'; failure?: Failure };
export const $saving = atom<Saving>({ status: 'idle' });

/**
 * Saves a signed-in user's result that is not saved yet, from its token, trying again while the server is out of
 * reach (the banner says which try it is), and says how it ended in $saving. Null when it is not saved.
 */
export async function saveStoredResult(kind: TestKind, stored: StoredResult, lang: Lang): Promise<StoredResult | null> {
  if (!stored.token) return null;
  $saving.set({ status: 'saving', attempt: 0, max: ATTEMPTS });
  const claimed = await claimStoredResults([kind], lang, {
    retry: true,
    onRetry: (attempt) => $saving.set({ status: 'saving', attempt, max: ATTEMPTS }),
  });
  const id = claimed.ok ? claimed.data[kind] : undefined;
  if (!id) {
    $saving.set({ status: 'error', failure: claimed.ok ? undefined : claimed });
    return null;
  }
  $saving.set({ status: 'success' });
  return { ...stored, id, saved: true };
}

/** A saved result of the signed-in user, by its id, in `lang`. */
export const loadSaved = (kind: TestKind, id: string, lang: Lang) =>
  callRetrying<typeof results.get>('GET /api/results/:kind/:id', { params: { kind, id }, query: { lang } });
