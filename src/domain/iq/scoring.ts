/**
 * IQ scoring (spec part 1 §9): difficulty weights → raw score → percentile → IQ, each step a linear
 * interpolation over the spec's tables, plus the labels and assessments the results page shows.
 * We report the computed estimate (DESIGN.md §3.5) with an honest range around it.
 */
import { IQ_CATEGORIES, type Difficulty, type IqCategory, type IqItem } from './bank.ts';

export const DIFFICULTY_WEIGHTS: Record<Difficulty, number> = { easy: 1, medium: 2, hard: 3 };
export const MAX_RAW_SCORE = 43;

/** raw score → percentile */
export const RAW_TO_PERCENTILE: [number, number][] = [[0, 1], [5, 5], [10, 15], [15, 30], [22, 50], [28, 70], [34, 85], [39, 95], [43, 99]];
/** percentile → IQ */
export const PERCENTILE_TO_IQ: [number, number][] = [[2, 70], [16, 85], [50, 100], [84, 115], [95, 125], [98, 130], [99.9, 145]];

/**
 * The standard error of measurement of a 20-item form: SD 15 × √(1 − reliability), with reliability 0.80
 * (typical KR-20 for short matrix-and-reasoning forms) → about 7 IQ points. The range is estimate ± 1 SEM.
 */
export const ASSUMED_RELIABILITY = 0.8;
export const MEASUREMENT_ERROR = Math.round(15 * Math.sqrt(1 - ASSUMED_RELIABILITY));

/** Linear interpolation over a table of [x, y] points, clamped to its ends. */
export function interpolate(table: [number, number][], x: number): number {
  if (x <= table[0][0]) return table[0][1];
  for (let i = 1; i < table.length; i++) {
    const [x1, y1] = table[i];
    if (x <= x1) {
      const [x0, y0] = table[i - 1];
      return y0 + ((x - x0) * (y1 - y0)) / (x1 - x0);
    }
  }
  return table[table.length - 1][1];
}

export const percentileFromRawScore = (raw: number): number => Math.round(interpolate(RAW_TO_PERCENTILE, raw) * 10) / 10;
export const iqFromPercentile = (percentile: number): number => Math.round(interpolate(PERCENTILE_TO_IQ, percentile));

export type RatingLabel = 'genius' | 'gifted' | 'superior' | 'aboveAverage' | 'average' | 'belowAverage' | 'low';
export function ratingLabel(iq: number): RatingLabel {
  if (iq >= 140) return 'genius';
  if (iq >= 130) return 'gifted';
  if (iq >= 120) return 'superior';
  if (iq >= 110) return 'aboveAverage';
  if (iq >= 90) return 'average';
  if (iq >= 80) return 'belowAverage';
  return 'low';
}

/** The short percentile line: top 2 % / 16 % / 50 %, and for scores under 100 "top 84 %" (extended reading). */
export function percentileText(iq: number): 'top2' | 'top16' | 'top50' | 'top84' {
  if (iq >= 130) return 'top2';
  if (iq >= 115) return 'top16';
  if (iq >= 100) return 'top50';
  return 'top84';
}

/** The detailed meaning of a score, with the share of people at or below it. */
export function levelOf(iq: number): { level: 'significantlyAbove' | 'above' | 'average' | 'slightlyBelow' | 'below'; percentile: number } {
  if (iq >= 130) return { level: 'significantlyAbove', percentile: 98 };
  if (iq >= 115) return { level: 'above', percentile: 84 };
  if (iq >= 100) return { level: 'average', percentile: 50 };
  if (iq >= 85) return { level: 'slightlyBelow', percentile: 16 };
  return { level: 'below', percentile: 2 };
}

export const speedAssessment = (totalMs: number): 'fast' | 'average' | 'methodical' =>
  totalMs < 900_000 ? 'fast' : totalMs < 1_200_000 ? 'average' : 'methodical';

export const correctnessAssessment = (correct: number): 'excellent' | 'good' | 'developing' =>
  correct >= 20 ? 'excellent' : correct >= 15 ? 'good' : 'developing';

export interface IqAnswer {
  questionId: number;
  selectedAnswer: number;
  timeSpent: number;
}

export interface IqResult {
  score: number;
  maxScore: number;
  totalQuestions: number;
  correctAnswers: number;
  /** Total milliseconds. */
  timeSpent: number;
  iqEstimate: number;
  iqRange: [number, number];
  percentile: number;
  breakdown: Record<IqCategory, number>;
  ratingLabel: RatingLabel;
  level: ReturnType<typeof levelOf>['level'];
  percentileText: ReturnType<typeof percentileText>;
  speed: ReturnType<typeof speedAssessment>;
  correctness: ReturnType<typeof correctnessAssessment>;
  accuracy: number;
  /** Seconds, at least 1. */
  averageTimePerQuestion: number;
  /** Per item, in form order: what was chosen and whether it was right. */
  review: { questionId: number; selectedAnswer: number; correctAnswer: number; correct: boolean }[];
}

/** Scores a complete answer sheet against the server-side key. Callers validate the sheet first. */
export function scoreIqAnswers(bank: IqItem[], answers: IqAnswer[], timeSpent: number): IqResult {
  const byId = new Map(answers.map((a) => [a.questionId, a]));
  const review = bank.map((item) => {
    const selected = byId.get(item.id)?.selectedAnswer ?? -1;
    return { questionId: item.id, selectedAnswer: selected, correctAnswer: item.correctAnswer, correct: selected === item.correctAnswer };
  });
  const score = bank.reduce((sum, item, i) => sum + (review[i].correct ? DIFFICULTY_WEIGHTS[item.difficulty] : 0), 0);
  const correctAnswers = review.filter((r) => r.correct).length;
  const breakdown = Object.fromEntries(
    IQ_CATEGORIES.map((category) => {
      const inCategory = bank.map((item, i) => ({ item, r: review[i] })).filter(({ item }) => item.type === category);
      const right = inCategory.filter(({ r }) => r.correct).length;
      return [category, inCategory.length ? Math.round((right / inCategory.length) * 100) : 0];
    }),
  ) as Record<IqCategory, number>;
  const percentile = percentileFromRawScore(score);
  const iqEstimate = iqFromPercentile(percentile);
  return {
    score,
    maxScore: MAX_RAW_SCORE,
    totalQuestions: bank.length,
    correctAnswers,
    timeSpent,
    iqEstimate,
    iqRange: [iqEstimate - MEASUREMENT_ERROR, iqEstimate + MEASUREMENT_ERROR],
    percentile,
    breakdown,
    ratingLabel: ratingLabel(iqEstimate),
    level: levelOf(iqEstimate).level,
    percentileText: percentileText(iqEstimate),
    speed: speedAssessment(timeSpent),
    correctness: correctnessAssessment(correctAnswers),
    accuracy: Math.round((correctAnswers / bank.length) * 100),
    averageTimePerQuestion: Math.max(1, Math.round(timeSpent / bank.length / 1000)),
    review,
  };
}
