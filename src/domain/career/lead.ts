/**
 * How sure a career result can be of its type (issue 43, point 5). A type's score is its number of points on its
 * eight core statements, so two scores a point or two apart are well within what a retake changes. The rule, stated
 * once and used by the result, the certificate and the study:
 *
 * - each statement of a type is taken as a trial the person's answers pass at their own rate for that type, so a
 *   score x of n has the binomial variance n·p(1 − p), p estimated by (x + 1) / (n + 2) — Laplace's rule, so that a
 *   full or empty score is not taken as certain (x / n would give it no error at all);
 * - a score's error band: x ± 1.96 standard errors, within 0…n;
 * - the lead of the primary type over the next is **beyond error** when it exceeds the critical difference of the two
 *   scores, 1.96 · √(var₁ + var₂) — the two scores being independent sets of statements. On eight statements that is
 *   a lead of 4 points or more, whatever the two scores (3.2–3.6 is the critical difference); on the six of a sheet
 *   from before the reverse-keyed statements, 4 or more, or 3 from a full or empty score (6–3, 3–0).
 *
 * A lead within error is said as it is: the closest type, and that the next is as close on a retake. Pure.
 */
import type { TypeId } from './profiles.ts';

export const LEAD_Z = 1.96;

/** The variance of a score of x points on n statements (see above). */
export function scoreVariance(x: number, n: number): number {
  if (n <= 0) return 0;
  const p = (x + 1) / (n + 2);
  return n * p * (1 - p);
}

/** A score's 95 % error band, within 0…n, to one decimal. */
export function scoreBand(x: number, n: number): [number, number] {
  const half = LEAD_Z * Math.sqrt(scoreVariance(x, n));
  const round = (v: number) => Math.round(v * 10) / 10;
  return [round(Math.max(0, x - half)), round(Math.min(n, x + half))];
}

/** The smallest difference of two scores on n statements that is beyond error. */
export const criticalDifference = (x: number, y: number, n: number): number =>
  LEAD_Z * Math.sqrt(scoreVariance(x, n) + scoreVariance(y, n));

export interface Lead {
  /** The primary type's core points less the next type's (0 when the tie-break statements separated them). */
  points: number;
  /** The lead exceeds the critical difference of the two scores (see above). */
  beyondError: boolean;
  /** The next type: the one a retake could as well name when the lead is within error. */
  nextType: TypeId;
}

export function leadOf(scores: Record<TypeId, number>, primary: TypeId, next: TypeId, perType: number): Lead {
  const points = scores[primary] - scores[next];
  return {
    points,
    beyondError: points > criticalDifference(scores[primary], scores[next], perType),
    nextType: next,
  };
}
