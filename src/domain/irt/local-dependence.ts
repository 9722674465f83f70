/**
 * Local dependence: Yen's Q3 (1984, Applied Psychological Measurement 8(2)). Each person's residual on an item is
 * d = u − P(θ̂), with θ̂ the EAP ability under the N(0, 1) prior — as R's mirt residuals(type = 'Q3'), whose
 * default θ̂ is fscores()' EAP — and Q3 for a pair of items is the Pearson correlation of their residuals over the
 * people who saw both. Items that only the trait links have residuals nearly uncorrelated; a pair sharing something
 * else (one item giving away the other, two items on one picture) correlates.
 *
 * Under local independence Q3 is not centred on 0 but a little below (about −1/(n − 1) for n items: Yen 1993), so a
 * pair is flagged relative to the form's own average, as Christensen, Makransky & Horton (2017, APM 41(3))
 * recommend: Q3 − mean(Q3) > 0.2. Pure.
 */
import { probability, type ItemParameters, type Responses } from './model.ts';
import { eap } from './score.ts';
import type { Quadrature } from './quadrature.ts';

/** Christensen, Makransky & Horton (2017): a residual correlation 0.2 above the form's average. */
export const Q3_ABOVE_MEAN = 0.2;

export interface Q3Pair {
  /** Indexes of the two items in the form. */
  i: number;
  j: number;
  q3: number;
}

export interface LocalDependence {
  /** Every pair i < j that at least 3 people saw together. */
  pairs: Q3Pair[];
  mean: number;
  /** The pairs above the criterion, largest first. */
  flagged: Q3Pair[];
}

/** The EAP ability of each sheet; a quadrature may be given (mirt's fscores: 61 rectangular points on [−6, 6]). */
export const eapThetas = (items: ItemParameters[], rows: Responses[], quadrature?: Quadrature): number[] =>
  rows.map((row) => eap(items, row, quadrature).theta);

export function q3(
  items: ItemParameters[],
  rows: Responses[],
  thetas: number[],
  weights: number[] = rows.map(() => 1),
): LocalDependence {
  const residual = rows.map((row, r) =>
    items.map((item, j) => (row[j] === null || row[j] === undefined ? null : row[j]! - probability(thetas[r], item))),
  );
  const pairs: Q3Pair[] = [];
  for (let i = 0; i < items.length; i++)
    for (let j = i + 1; j < items.length; j++) {
      const r = correlation(residual, weights, i, j);
      if (r !== null) pairs.push({ i, j, q3: r });
    }
  const mean = pairs.length ? pairs.reduce((s, p) => s + p.q3, 0) / pairs.length : 0;
  const flagged = pairs.filter((p) => p.q3 - mean > Q3_ABOVE_MEAN).sort((x, y) => y.q3 - x.q3);
  return { pairs, mean, flagged };
}

/** Weighted Pearson correlation of two residual columns over the rows where both exist. */
function correlation(residual: (number | null)[][], weights: number[], i: number, j: number): number | null {
  const both = residual.flatMap((row, r) =>
    row[i] === null || row[j] === null || !weights[r] ? [] : [{ x: row[i]!, y: row[j]!, w: weights[r] }],
  );
  if (both.length < 3) return null;
  const n = both.reduce((s, p) => s + p.w, 0);
  const mx = both.reduce((s, p) => s + p.w * p.x, 0) / n;
  const my = both.reduce((s, p) => s + p.w * p.y, 0) / n;
  const sum = (f: (p: (typeof both)[number]) => number) => both.reduce((s, p) => s + p.w * f(p), 0);
  const sxx = sum((p) => (p.x - mx) ** 2);
  const syy = sum((p) => (p.y - my) ** 2);
  return sxx > 0 && syy > 0 ? sum((p) => (p.x - mx) * (p.y - my)) / Math.sqrt(sxx * syy) : null;
}
