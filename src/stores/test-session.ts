/**
 * A test in progress: answers, position, elapsed time and mode (main or tie-break), kept in sessionStorage so a
 * reload or a language switch resumes where the visitor was. Components only read these stores and call the
 * actions below (the nanostores habit in STYLE.md).
 */
import { atom, computed, map } from 'nanostores';
import * as session from '../lib/client/session.ts';
import type { AnswerValue, PendingSheet, Progress } from '../lib/client/session.ts';
import type { TestKind } from '../domain/views.ts';
import type * as tests from '../api/tests.ts';
import { call, callRetrying, type Failure, type Outcome } from '../lib/client/call.ts';
import type { Lang } from '../i18n/paths.ts';

/** A question as a sitting shows it (the contract's). */
export type Question = tests.Question;

/** Spec part 1 §9. */
export const DELAYS = { advance: 300, complete: 500, toResults: 3000 } as const;

const fresh = (): Progress => ({
  phase: 'intro',
  mode: 'main',
  index: 0,
  answers: {},
  spent: {},
  tiedTypes: [],
  startedAt: 0,
  shownAt: 0,
  completedAt: null,
});

export const $kind = atom<TestKind>('iq');
export const $lang = atom<Lang>('uk');
export const $questions = atom<Question[]>([]);
export const $progress = map<Progress>(fresh());

/** The questions being asked now: the main set, or the tie-break statements the server sent for this sheet. */
export const $currentSet = computed([$questions, $progress], (questions, progress) =>
  questions.filter((q) => Boolean(q.isAdditional) === (progress.mode === 'additional')),
);
/** True while the server is asked whether the career answers need tie-break statements. */
export const $checkingTie = atom(false);
/** The try the tie-break question is on, once the first has failed (the runner says so); 0 otherwise. */
export const $tieAttempt = atom(0);
/** The last ask for tie-break statements failed (the runner says why; finishing again asks again). */
export const $tieFailure = atom<Failure | null>(null);
export const $current = computed(
  [$currentSet, $progress],
  (set, progress) => set[Math.min(progress.index, set.length - 1)],
);
export const $allAnswered = computed(
  [$currentSet, $progress],
  (set, progress) => set.length > 0 && set.every((q) => String(q.id) in progress.answers),
);

let timer: ReturnType<typeof setTimeout> | undefined;
let unsubscribe: (() => void) | undefined;

/** The progress saved in this browser session for a test, if any. */
export const savedProgress = (kind: TestKind): Progress | null => session.progress(kind).read();

/** The IQ forms finished in this browser session, oldest first. */
export const iqFormsTaken = (): number[] => session.iqFormsTaken.read() ?? [];

/** The sitting the questions belong to: the form, and the signed token naming its order (none for a retired form). */
export interface SittingRef {
  formId?: number;
  formToken?: string;
}

/** Loads the saved progress of this test (if it is for this sitting) and keeps saving it. */
export function initTest(kind: TestKind, lang: Lang, questions: Question[], sitting: SittingRef = {}): void {
  $kind.set(kind);
  $lang.set(lang);
  $questions.set(questions);
  const saved = savedProgress(kind);
  const same = saved && saved.formId === sitting.formId && saved.formToken === sitting.formToken;
  $progress.set(same ? { ...fresh(), ...saved } : { ...fresh(), ...sitting });
  unsubscribe?.();
  unsubscribe = $progress.listen((value) => session.progress(kind).write(value));
}

export function startTest(): void {
  const now = Date.now();
  const { formId, formToken } = $progress.get();
  $progress.set({ ...fresh(), formId, formToken, phase: 'running', startedAt: now, shownAt: now });
}

/**
 * The time on screen so far, with the visit of the question shown now added (it ends now): what an item's time is
 * made of (issue 43 — a re-check adds to an item's time; it once replaced it, so a careful person's quick second
 * look read as "too fast").
 */
function spentWithVisit(now: number): Record<string, number> {
  const progress = $progress.get();
  const spent = { ...progress.spent };
  const question = $current.get();
  if (question && progress.phase === 'running' && progress.shownAt > 0)
    spent[question.id] = (spent[question.id] ?? 0) + Math.max(0, now - progress.shownAt);
  return spent;
}

export function goTo(index: number): void {
  clearTimeout(timer);
  const now = Date.now();
  const last = $currentSet.get().length - 1;
  $progress.set({
    ...$progress.get(),
    spent: spentWithVisit(now),
    index: Math.max(0, Math.min(index, last)),
    shownAt: now,
  });
}
export const next = () => goTo($progress.get().index + 1);
export const prev = () => goTo($progress.get().index - 1);

/**
 * Records (or replaces) the answer to the current question, then after 300 ms moves on; on the last question of
 * a complete set it completes after 500 ms — or, for the career test, switches to the tie-break statements.
 * Answering the one question that was still open, out of order, stays put: every question is answered, so the page
 * offers Finish rather than moving on to a question already answered.
 */
export function answer(value: AnswerValue): void {
  const wasOpen = !(String($current.get()?.id) in $progress.get().answers);
  if (!record(value)) return;
  const progress = $progress.get();
  const set = $currentSet.get();
  const isLast = progress.index >= set.length - 1;
  if (!isLast) {
    if (!(wasOpen && $allAnswered.get())) timer = setTimeout(next, DELAYS.advance);
    return;
  }
  if ($allAnswered.get()) timer = setTimeout(() => void finishSet(), DELAYS.complete);
}

/** Records (or replaces) the answer to the current question without moving on (arrow keys in the options). */
export function record(value: AnswerValue): boolean {
  const progress = $progress.get();
  const question = $current.get();
  if (!question || progress.phase !== 'running') return false;
  clearTimeout(timer);
  // Its time so far (every visit); the sheet takes the final figure when the test completes.
  $progress.setKey('answers', {
    ...progress.answers,
    [question.id]: { selectedAnswer: value, timeSpent: spentWithVisit(Date.now())[question.id] ?? 0 },
  });
  return true;
}

/**
 * The tie-break statements this sitting's core answers call for: only the server knows which type a statement
 * scores, so it is asked (again while it is out of reach, up to the cap in call.ts).
 */
export async function fetchTieBreak(): Promise<Outcome<Question[]>> {
  const { formToken, answers } = $progress.get();
  const core = $questions.get().filter((q) => !q.isAdditional);
  const outcome = await callRetrying<typeof tests.careerTieBreak>(
    'POST /api/tests/professional/tiebreak',
    {
      body: {
        formToken: formToken ?? '',
        lang: $lang.get(),
        answers: core.map((q) => ({ questionId: q.id, selectedAnswer: answers[q.id]?.selectedAnswer === true })),
      },
    },
    { onRetry: (next) => $tieAttempt.set(next) },
  );
  $tieAttempt.set(0);
  return outcome.ok ? { ok: true, data: outcome.data.questions } : outcome;
}

/**
 * A sitting of the test for this page: the one in progress again (after a reload or a language switch), else a new
 * one — for the IQ test, of a form not taken in this browser (the server chooses). Starts the test's stores on it.
 * Answers whether the user has seen the worked answers of every IQ form within the year (so this one's too).
 */
export async function loadSitting(kind: TestKind, lang: Lang): Promise<Outcome<{ reviewed: boolean }>> {
  const saved = savedProgress(kind);
  const resume = saved?.formToken ? { formToken: saved.formToken } : undefined;
  const sitting =
    kind === 'iq'
      ? await call<typeof tests.iqForm>('GET /api/tests/iq/form', {
          query: { lang, ...(resume ?? { taken: iqFormsTaken().join(',') }) },
        })
      : await call<typeof tests.careerForm>('GET /api/tests/professional/form', { query: { lang, ...resume } });
  if (!sitting.ok) return sitting;
  const data = sitting.data;
  const formId = kind === 'iq' ? (data as tests.IqSitting).formId : undefined;
  initTest(kind, lang, data.questions, { formId, formToken: data.formToken });
  // Back in the tie-break statements: the server names them again, in this page's language.
  if ($progress.get().mode === 'additional') {
    const tieBreak = await fetchTieBreak();
    if (!tieBreak.ok) return tieBreak;
    addTieBreak(tieBreak.data);
  }
  return { ok: true, data: { reviewed: 'reviewed' in data && data.reviewed === true } };
}

/** Adds the tie-break statements to the questions (after a reload, or once the server has named them). */
export function addTieBreak(questions: Question[]): void {
  $questions.set([...$questions.get().filter((q) => !q.isAdditional), ...questions]);
}

/** The end of the current set: tie-break statements when the server finds a tie after the core ones, else completion. */
export async function finishSet(): Promise<void> {
  clearTimeout(timer);
  if (!$allAnswered.get() || $checkingTie.get()) return;
  if ($kind.get() === 'professional' && $progress.get().mode === 'main') {
    $checkingTie.set(true);
    $tieFailure.set(null);
    const tieBreak = await fetchTieBreak();
    $checkingTie.set(false);
    // Not scored without the server's word on a tie: the sheet would be refused. Finishing again asks again.
    if (!tieBreak.ok) return $tieFailure.set(tieBreak);
    if (tieBreak.data.length) {
      const now = Date.now();
      const spent = spentWithVisit(now);
      addTieBreak(tieBreak.data);
      $progress.set({ ...$progress.get(), spent, mode: 'additional', index: 0, shownAt: now });
      return;
    }
  }
  complete();
}

function complete(): void {
  const progress = $progress.get();
  const kind = $kind.get();
  const asked = new Set($questions.get().map((q) => q.id));
  const now = Date.now();
  const spent = spentWithVisit(now);
  const sheet: PendingSheet = {
    kind,
    submissionId: crypto.randomUUID(),
    // A sitting is named by its token (the form id is kept for the browser's list of forms taken).
    formToken: progress.formToken,
    ...(progress.formId === undefined ? {} : { formId: progress.formId }),
    answers: Object.entries(progress.answers)
      .filter(([id]) => asked.has(Number(id)))
      .map(([id, a]) => ({
        questionId: Number(id),
        selectedAnswer: a.selectedAnswer,
        // Every visit to the question added up (a sheet saved by an older page has only its answer's time).
        timeSpent: Math.max(0, Math.round(spent[id] ?? a.timeSpent)),
      })),
    timeSpent: now - progress.startedAt,
    lang: $lang.get(),
  };
  session.pendingSheet(kind).write(sheet);
  if (progress.formId !== undefined)
    session.iqFormsTaken.write([...iqFormsTaken().filter((f) => f !== progress.formId), progress.formId]);
  session.clearAll(session.tempResult(kind), session.currentResultId(kind));
  $progress.set({ ...progress, spent, phase: 'calculating', completedAt: now });
}

/** Forgets the test in progress (leaving, or after the results page has taken over). */
export function resetTest(kind: TestKind = $kind.get()): void {
  clearTimeout(timer);
  session.progress(kind).clear();
  $progress.set(fresh());
}
