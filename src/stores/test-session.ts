/**
 * A test in progress: answers, position, elapsed time and mode (main or tie-break), kept in sessionStorage so a
 * reload or a language switch resumes where the visitor was. Components only read these stores and call the
 * actions below (the nanostores habit in STYLE.md).
 */
import { atom, computed, map } from 'nanostores';
import * as session from '../lib/client/session.ts';
import type { AnswerValue, PendingSheet, Progress } from '../lib/client/session.ts';
import type { TestKind } from '../domain/views.ts';
import { countYes, tiedForTop } from '../domain/career/tie.ts';
import type { Lang } from '../i18n/paths.ts';

export interface Question {
  id: number;
  type: string | number;
  text: string;
  options: string[];
  difficulty?: string;
  isAdditional?: boolean;
  image?: { src: string; alt: string; optionAlts: string[] };
}

/** Spec part 1 §9. */
export const DELAYS = { advance: 300, complete: 500, toResults: 3000 } as const;

const fresh = (): Progress => ({
  phase: 'intro',
  mode: 'main',
  index: 0,
  answers: {},
  tiedTypes: [],
  startedAt: 0,
  shownAt: 0,
  completedAt: null,
});

export const $kind = atom<TestKind>('iq');
export const $lang = atom<Lang>('uk');
export const $questions = atom<Question[]>([]);
export const $progress = map<Progress>(fresh());

/** The questions being asked now: the main set, or the tie-break statements of the tied types. */
export const $currentSet = computed([$questions, $progress], (questions, progress) =>
  progress.mode === 'main'
    ? questions.filter((q) => !q.isAdditional)
    : questions.filter((q) => q.isAdditional && progress.tiedTypes.includes(Number(q.type))),
);
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

/** Loads the saved progress of this test (if it is for these questions) and keeps saving it. */
export function initTest(kind: TestKind, lang: Lang, questions: Question[], formId?: number): void {
  $kind.set(kind);
  $lang.set(lang);
  $questions.set(questions);
  const saved = savedProgress(kind);
  $progress.set(saved && saved.formId === formId ? { ...fresh(), ...saved } : { ...fresh(), formId });
  unsubscribe?.();
  unsubscribe = $progress.listen((value) => session.progress(kind).write(value));
}

export function startTest(): void {
  const now = Date.now();
  $progress.set({ ...fresh(), formId: $progress.get().formId, phase: 'running', startedAt: now, shownAt: now });
}

export function goTo(index: number): void {
  clearTimeout(timer);
  const last = $currentSet.get().length - 1;
  $progress.setKey('index', Math.max(0, Math.min(index, last)));
  $progress.setKey('shownAt', Date.now());
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
  if ($allAnswered.get()) timer = setTimeout(finishSet, DELAYS.complete);
}

/** Records (or replaces) the answer to the current question without moving on (arrow keys in the options). */
export function record(value: AnswerValue): boolean {
  const progress = $progress.get();
  const question = $current.get();
  if (!question || progress.phase !== 'running') return false;
  clearTimeout(timer);
  $progress.setKey('answers', {
    ...progress.answers,
    [question.id]: { selectedAnswer: value, timeSpent: Date.now() - progress.shownAt },
  });
  return true;
}

/** The end of the current set: tie-break when types tie after the core statements, else completion. */
export function finishSet(): void {
  clearTimeout(timer);
  if (!$allAnswered.get()) return;
  const progress = $progress.get();
  if ($kind.get() === 'professional' && progress.mode === 'main') {
    const tied = tiedTypes();
    const hasTieBreak = $questions.get().some((q) => q.isAdditional && tied.includes(Number(q.type)));
    if (tied.length > 1 && hasTieBreak) {
      $progress.set({ ...progress, mode: 'additional', tiedTypes: tied, index: 0, shownAt: Date.now() });
      return;
    }
  }
  complete();
}

/** Types sharing the top count of Yes answers among the core statements (more than one, or none). */
export function tiedTypes(): number[] {
  const { answers } = $progress.get();
  const questions = $questions.get();
  const core = questions.filter((q) => !q.isAdditional);
  const counts = countYes(core.map((q) => ({ type: Number(q.type), yes: answers[q.id]?.selectedAnswer === true })));
  return tiedForTop([...new Set(questions.map((q) => Number(q.type)))], (t) => counts.get(t) ?? 0);
}

function complete(): void {
  const progress = $progress.get();
  const kind = $kind.get();
  const asked = new Set(
    [
      ...$questions.get().filter((q) => !q.isAdditional),
      ...$questions.get().filter((q) => q.isAdditional && progress.tiedTypes.includes(Number(q.type))),
    ].map((q) => q.id),
  );
  const now = Date.now();
  const sheet: PendingSheet = {
    kind,
    submissionId: crypto.randomUUID(),
    ...(progress.formId === undefined ? {} : { formId: progress.formId }),
    answers: Object.entries(progress.answers)
      .filter(([id]) => asked.has(Number(id)))
      .map(([id, a]) => ({
        questionId: Number(id),
        selectedAnswer: a.selectedAnswer,
        timeSpent: Math.max(0, Math.round(a.timeSpent)),
      })),
    timeSpent: now - progress.startedAt,
    lang: $lang.get(),
  };
  session.pendingSheet(kind).write(sheet);
  if (progress.formId !== undefined)
    session.iqFormsTaken.write([...iqFormsTaken().filter((f) => f !== progress.formId), progress.formId]);
  session.clearAll(session.tempResult(kind), session.currentResultId(kind));
  $progress.set({ ...progress, phase: 'calculating', completedAt: now });
}

/** Forgets the test in progress (leaving, or after the results page has taken over). */
export function resetTest(kind: TestKind = $kind.get()): void {
  clearTimeout(timer);
  session.progress(kind).clear();
  $progress.set(fresh());
}
