/**
 * Whether an answer sheet is complete and well-formed, beyond its JSON shape: known questions, each once, options
 * in range, the right count, and for the career test exactly the tie-break statements the tie calls for.
 * Returns a message key for the first problem, or null.
 */
import type { IqItem } from './iq/bank.ts';
import type { IqAnswer } from './iq/scoring.ts';
import { CAREER_QUESTIONS, CORE_QUESTIONS, LEGACY_CORE } from './career/questions.ts';
import { tieAfterCore, type CareerAnswer } from './career/scoring.ts';

export type SheetError =
  | 'score.error.unknown_question'
  | 'score.error.duplicate_answer'
  | 'score.error.option_out_of_range'
  | 'score.error.answer_count'
  | 'score.error.unexpected_tiebreak';

function idProblems(ids: number[], known: Set<number>): SheetError | null {
  if (ids.some((id) => !known.has(id))) return 'score.error.unknown_question';
  if (new Set(ids).size !== ids.length) return 'score.error.duplicate_answer';
  return null;
}

export function checkIqSheet(bank: IqItem[], answers: IqAnswer[]): SheetError | null {
  const items = new Map(bank.map((item) => [item.id, item]));
  const problem = idProblems(
    answers.map((a) => a.questionId),
    new Set(items.keys()),
  );
  if (problem) return problem;
  if (answers.some((a) => a.selectedAnswer >= items.get(a.questionId)!.options.uk.length))
    return 'score.error.option_out_of_range';
  if (answers.length !== bank.length) return 'score.error.answer_count';
  return null;
}

/**
 * A career sheet: every core statement once — all of them, or for a sheet begun before sittings (it answers no
 * reverse-keyed statement) the core set of that time — and exactly the tie-break statements its tie asks.
 */
export function checkCareerSheet(answers: CareerAnswer[]): SheetError | null {
  const questions = new Map(CAREER_QUESTIONS.map((q) => [q.id, q]));
  const problem = idProblems(
    answers.map((a) => a.questionId),
    new Set(questions.keys()),
  );
  if (problem) return problem;
  const legacy = !answers.some((a) => questions.get(a.questionId)!.reverse);
  const coreSet = new Set((legacy ? LEGACY_CORE : CORE_QUESTIONS).map((q) => q.id));
  const core = answers.filter((a) => !questions.get(a.questionId)!.isAdditional);
  if (core.length !== coreSet.size || core.some((a) => !coreSet.has(a.questionId))) return 'score.error.answer_count';
  const expected = new Set(tieAfterCore(answers).tieBreak.map((q) => q.id));
  const extra = answers.filter((a) => questions.get(a.questionId)!.isAdditional);
  if (extra.some((a) => !expected.has(a.questionId))) return 'score.error.unexpected_tiebreak';
  if (extra.length !== expected.size) return 'score.error.answer_count';
  return null;
}

/**
 * Times the server can vouch for (issue 43): a sheet's total is at most the time since its sitting was served (the
 * sitting token says when), and when the items' times add up to more than that total they are scaled down to fit,
 * each in proportion (whole milliseconds, rounded down, so their sum never exceeds it). A sheet scored seconds after
 * its form was served is then too fast whatever it claims; a browser's honest times, never more than the wall clock,
 * are kept as they are.
 */
export function vouchedTimes<A extends { timeSpent: number }>(
  answers: A[],
  timeSpent: number,
  servedMs: number,
): { answers: A[]; timeSpent: number } {
  const total = Math.max(0, Math.min(timeSpent, Math.floor(servedMs)));
  const claimed = answers.reduce((sum, a) => sum + a.timeSpent, 0);
  if (claimed <= total) return { answers, timeSpent: total };
  const scale = total / claimed;
  return { answers: answers.map((a) => ({ ...a, timeSpent: Math.floor(a.timeSpent * scale) })), timeSpent: total };
}
