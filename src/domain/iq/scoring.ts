/**
 * IQ scoring (spec part 1 §9): difficulty weights → raw score → percentile → IQ, each step a linear
 * interpolation over the spec's tables, plus the labels and assessments the results page shows. What we report
 * (DESIGN.md §3.5) is the reading in reading.ts: a provisional IQ-equivalent with a 95 % interval.
 */
import { iqBank, IQ_CATEGORIES, type Difficulty, type IqCategory, type IqItem } from './bank.ts';
import { readIq, type IqReading } from './reading.ts';

export const DIFFICULTY_WEIGHTS: Record<Difficulty, number> = { easy: 1, medium: 2, hard: 3 };
export const MAX_RAW_SCORE = 43;

export const speedAssessment = (totalMs: number): 'fast' | 'average' | 'methodical' =>
  totalMs < 900_000 ? 'fast' : totalMs < 1_200_000 ? 'average' : 'methodical';

export const correctnessAssessment = (correct: number): 'excellent' | 'good' | 'developing' =>
  correct >= 20 ? 'excellent' : correct >= 15 ? 'good' : 'developing';

export interface IqAnswer {
  questionId: number;
  selectedAnswer: number;
  timeSpent: number;
}

/** What a sheet is scored from: the form it was taken on, the answers, and the reliability in use for that form. */
export interface IqSheet {
  formId: number;
  answers: IqAnswer[];
  /** Total milliseconds. */
  timeSpent: number;
  reliability: number;
}

/** Reasons not to take a sheet at face value, shown above the score. */
export type IqCaution = 'too_fast' | 'below_chance';
export const CAUTION_LIMITS = { medianItemMs: 5_000, totalMs: 120_000 } as const;
/** Each item has six options, so guessing gets one weighted point in six on average. */
export const CHANCE_ACCURACY = 1 / 6;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export function iqCautions(answers: IqAnswer[], timeSpent: number, score: number, maxScore: number): IqCaution[] {
  const cautions: IqCaution[] = [];
  if (
    timeSpent < CAUTION_LIMITS.totalMs ||
    (answers.length > 0 && median(answers.map((a) => a.timeSpent)) < CAUTION_LIMITS.medianItemMs)
  )
    cautions.push('too_fast');
  if (score / maxScore < CHANCE_ACCURACY) cautions.push('below_chance');
  return cautions;
}

export interface IqResult extends IqReading {
  formId: number;
  score: number;
  maxScore: number;
  totalQuestions: number;
  correctAnswers: number;
  /** Total milliseconds. */
  timeSpent: number;
  breakdown: Record<IqCategory, number>;
  cautions: IqCaution[];
  speed: ReturnType<typeof speedAssessment>;
  correctness: ReturnType<typeof correctnessAssessment>;
  accuracy: number;
  /** Seconds, at least 1. */
  averageTimePerQuestion: number;
  /** Per item, in form order: what was chosen and whether it was right. */
  review: { questionId: number; selectedAnswer: number; correctAnswer: number; correct: boolean }[];
}

/** Scores a complete answer sheet against its form's server-side key. Callers validate the sheet first. */
export function scoreIqSheet({ formId, answers, timeSpent, reliability }: IqSheet): IqResult {
  const bank = iqBank(formId);
  const byId = new Map(answers.map((a) => [a.questionId, a]));
  const review = bank.map((item) => {
    const selected = byId.get(item.id)?.selectedAnswer ?? -1;
    return {
      questionId: item.id,
      selectedAnswer: selected,
      correctAnswer: item.correctAnswer,
      correct: selected === item.correctAnswer,
    };
  });
  const score = bank.reduce((sum, item, i) => sum + (review[i].correct ? DIFFICULTY_WEIGHTS[item.difficulty] : 0), 0);
  const maxScore = bank.reduce((sum, item) => sum + DIFFICULTY_WEIGHTS[item.difficulty], 0);
  const correctAnswers = review.filter((r) => r.correct).length;
  return {
    formId,
    ...readIq(score, reliability),
    score,
    maxScore,
    totalQuestions: bank.length,
    correctAnswers,
    timeSpent,
    breakdown: breakdownOf(bank, review),
    cautions: iqCautions(answers, timeSpent, score, maxScore),
    speed: speedAssessment(timeSpent),
    correctness: correctnessAssessment(correctAnswers),
    accuracy: Math.round((correctAnswers / bank.length) * 100),
    averageTimePerQuestion: Math.max(1, Math.round(timeSpent / bank.length / 1000)),
    review,
  };
}

/** Percent correct per category. */
function breakdownOf(bank: IqItem[], review: { correct: boolean }[]): Record<IqCategory, number> {
  return Object.fromEntries(
    IQ_CATEGORIES.map((category) => {
      const inCategory = bank.flatMap((item, i) => (item.type === category ? [review[i]] : []));
      const right = inCategory.filter((r) => r.correct).length;
      return [category, inCategory.length ? Math.round((right / inCategory.length) * 100) : 0];
    }),
  ) as Record<IqCategory, number>;
}
