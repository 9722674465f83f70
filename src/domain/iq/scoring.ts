/**
 * IQ scoring (spec part 1 §9): difficulty weights → raw score → percentile → IQ, each step a linear
 * interpolation over the spec's tables, plus the labels and assessments the results page shows. What we report
 * (DESIGN.md §3.5) is the reading in reading.ts: a provisional IQ-equivalent with a 95 % interval.
 */
import { iqBank, IQ_CATEGORIES, type Difficulty, type IqCategory, type IqItem } from './bank.ts';
import { readIq, readTheta, type IqReading } from './reading.ts';
import {
  FOLLOWS_DIFFICULTY_ODDS,
  guessingLogLikelihood,
  iqCautions,
  MISFIT_LZ,
  nearChance,
  type IqCaution,
} from './cautions.ts';
import { formScale, type FormScale } from './scale.ts';
import { anchorIds } from './linking.ts';
import { subscores, type Subscore } from './subscores.ts';
import { eap } from '../irt/score.ts';
import { lzStar } from '../irt/person-fit.ts';

export const DIFFICULTY_WEIGHTS: Record<Difficulty, number> = { easy: 1, medium: 2, hard: 3 };
export const MAX_RAW_SCORE = 43;

export const speedAssessment = (totalMs: number): 'fast' | 'average' | 'methodical' =>
  totalMs < 900_000 ? 'fast' : totalMs < 1_200_000 ? 'average' : 'methodical';

export const correctnessAssessment = (correct: number): 'excellent' | 'good' | 'developing' =>
  correct >= 20 ? 'excellent' : correct >= 15 ? 'good' : 'developing';

export interface IqAnswer {
  questionId: number;
  /** The option chosen, as the form's key numbers it. */
  selectedAnswer: number;
  timeSpent: number;
  /** Where that option was shown in the sitting (its order is shuffled per sitting); absent: the key's order. */
  shown?: number;
}

/**
 * What a sheet is scored from: the form it was taken on, the answers, and how it is read — on its form's scale by
 * item response theory, or (a result saved before, read as then) by number right with the reliability it recorded.
 */
export interface IqSheet {
  formId: number;
  answers: IqAnswer[];
  /** Total milliseconds. */
  timeSpent: number;
  /** The scale the sheet is read on; absent: the classical reading with `reliability`. */
  scale?: FormScale;
  reliability: number;
  /** Served after the user had seen this form's worked answers (every form's, within the year). */
  reviewed?: boolean;
}

export type { IqCaution };

export interface IqResult extends IqReading {
  formId: number;
  /** The scale the reading used (null: the classical reading of a result saved before). */
  scale: { id: string; provisional: boolean } | null;
  score: number;
  maxScore: number;
  totalQuestions: number;
  correctAnswers: number;
  /** Total milliseconds. */
  timeSpent: number;
  breakdown: Record<IqCategory, number>;
  /**
   * The breakdown the premium page shows, with its error (subscores.ts): over the items a review shows (every form's
   * anchors left out), each category's items, number right, interval, and a strength or weakness only beyond error.
   */
  subscores: Subscore[];
  /** Behaviour cautions only (cautions.ts): how the sheet was answered, never how many were right. */
  cautions: IqCaution[];
  /** The number right is within what blind picking gives on this form: a notice, not a caution (cautions.ts). */
  nearChance: boolean;
  /**
   * Near chance, but the right answers follow the items' difficulty: the model explains the sheet at least
   * FOLLOWS_DIFFICULTY_ODDS times better than blind picking (false off near chance, and for a classical reading).
   */
  followsDifficulty: boolean;
  speed: ReturnType<typeof speedAssessment>;
  correctness: ReturnType<typeof correctnessAssessment>;
  accuracy: number;
  /** Seconds, at least 1. */
  averageTimePerQuestion: number;
  /** Per item, in form order: what was chosen and whether it was right. */
  review: { questionId: number; selectedAnswer: number; correctAnswer: number; correct: boolean }[];
}

/** Scores a complete answer sheet against its form's server-side key. Callers validate the sheet first. */
/** A sheet taken with the key in mind is cautioned whatever else it shows (its own cautions are memoized: a copy). */
const withKeySeen = (reviewed: boolean | undefined, cautions: IqCaution[]): IqCaution[] =>
  reviewed ? [...cautions, 'key_seen'] : cautions;

export function scoreIqSheet({ formId, answers, timeSpent, reliability, reviewed, scale }: IqSheet): IqResult {
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
  const responses = review.map((r) => (r.correct ? 1 : 0) as 0 | 1);
  const misfit = scale !== undefined && lzStar(scale.items, responses).lzStar < MISFIT_LZ;
  const estimate = scale ? eap(scale.items, responses) : null;
  // Read by item response theory, the labels' weights no longer say anything: guessing is judged on the number
  // right, the figure the page shows; a classical reading on the weighted score it was read from.
  const near = scale
    ? nearChance(
        correctAnswers,
        bank.map(() => 1),
      )
    : nearChance(
        score,
        bank.map((item) => DIFFICULTY_WEIGHTS[item.difficulty]),
      );
  const anchors = anchorIds(formId);
  return {
    formId,
    scale: scale ? { id: scale.id, provisional: scale.provisional } : null,
    ...(estimate ? readTheta(estimate, scale!.measured, scale!.reliability) : readIq(score, reliability)),
    score,
    maxScore,
    totalQuestions: bank.length,
    correctAnswers,
    timeSpent,
    breakdown: breakdownOf(bank, review),
    // A classical reading has no scale of its own: its categories are weighed on the provisional parameters.
    subscores: subscores(bank, responses, (scale ?? formScale(formId)!).items, (item) => !anchors.has(item.id)),
    cautions: withKeySeen(
      reviewed,
      iqCautions({
        bank,
        timeMs: bank.map((item) => byId.get(item.id)?.timeSpent ?? 0),
        positions: bank.map((item) => {
          const answer = byId.get(item.id);
          return answer ? (answer.shown ?? answer.selectedAnswer) : -1;
        }),
        totalMs: timeSpent,
        misfit,
      }),
    ),
    nearChance: near,
    followsDifficulty:
      near &&
      estimate !== null &&
      estimate.logMarginal - guessingLogLikelihood(responses) >= Math.log(FOLLOWS_DIFFICULTY_ODDS),
    speed: speedAssessment(timeSpent),
    correctness: correctnessAssessment(correctAnswers),
    accuracy: Math.round((correctAnswers / bank.length) * 100),
    averageTimePerQuestion: Math.max(1, Math.round(timeSpent / bank.length / 1000)),
    review,
  };
}

/** Percent correct per category. */
/** Per category, the percentage of its items answered right (items and review in the same order). */
export function breakdownOf(bank: IqItem[], review: { correct: boolean }[]): Record<IqCategory, number> {
  return Object.fromEntries(
    IQ_CATEGORIES.map((category) => {
      const inCategory = bank.flatMap((item, i) => (item.type === category ? [review[i]] : []));
      const right = inCategory.filter((r) => r.correct).length;
      return [category, inCategory.length ? Math.round((right / inCategory.length) * 100) : 0];
    }),
  ) as Record<IqCategory, number>;
}
