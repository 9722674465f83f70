/**
 * Differential item functioning between two groups (here the Ukrainian form, reference, and the English one,
 * focal) by the Mantel–Haenszel procedure (Holland & Thayer 1988): people are matched on their number right on the
 * whole form, the studied item included (as Holland & Thayer and R's difR do), and in each stratum k a 2×2 table
 * — A, B the reference group right and wrong; C, D the focal group's; T its size — enters
 *
 *   α_MH = Σ A·D/T ÷ Σ B·C/T    (the common odds ratio; above 1 the item favours the reference group)
 *   Δ_MH = −2.35 · ln α_MH      (ETS delta scale; negative: harder for the focal group)
 *   χ²_MH = (|Σ A − Σ E(A)| − ½)² / Σ Var(A),  E(A) = n_R·m_1/T,  Var(A) = n_R·n_F·m_1·m_0 / (T²(T − 1))
 *
 * with the continuity correction, never past 0 (as R's chisq.test: the ½ is at most |Σ A − Σ E(A)|), and the
 * Robins–Breslow–Greenland (1986) variance of ln α_MH. Strata of one person carry no information and are skipped.
 * ETS's classes (Zwick 2012, ETS RR-12-08; Dorans & Holland 1993): A when χ²_MH is not significant at 5 % or |Δ| < 1;
 * C when |Δ| ≥ 1.5 and |Δ| is significantly above 1 at 5 % (the interval-null test of Paek & Holland 2015,
 * Psychometrika 80(2): p = Φ((1 − |Δ|)/s) + Φ((−1 − |Δ|)/s), s = 2.35·SE(ln α)); B otherwise. Pure.
 */
import { chiSquareUpper, normalUpper } from './probability.ts';

/** One stratum: reference right (a) and wrong (b), focal right (c) and wrong (d). */
export interface Stratum {
  a: number;
  b: number;
  c: number;
  d: number;
}

export type EtsClass = 'A' | 'B' | 'C';

export interface MantelHaenszel {
  alpha: number;
  /** Robins–Breslow–Greenland standard error of ln α_MH. */
  seLogAlpha: number;
  chiSquare: number;
  p: number;
  delta: number;
  ets: EtsClass;
}

const DELTA_PER_LOG_ODDS = -2.35;
const SIGNIFICANCE = 0.05;

export function mantelHaenszel(strata: Stratum[], correct = true): MantelHaenszel | null {
  let R = 0;
  let S = 0;
  let PR = 0;
  let PSQR = 0;
  let QS = 0;
  let deviation = 0;
  let variance = 0;
  for (const { a, b, c, d } of strata) {
    const T = a + b + c + d;
    if (T <= 1) continue;
    const r = (a * d) / T;
    const s = (b * c) / T;
    const P = (a + d) / T;
    const Q = (b + c) / T;
    R += r;
    S += s;
    PR += P * r;
    PSQR += P * s + Q * r;
    QS += Q * s;
    const nR = a + b;
    const nF = c + d;
    const right = a + c;
    deviation += a - (nR * right) / T;
    variance += (nR * nF * right * (T - right)) / (T * T * (T - 1));
  }
  if (!(R > 0 && S > 0 && variance > 0)) return null;
  const alpha = R / S;
  const seLogAlpha = Math.sqrt(PR / (2 * R * R) + PSQR / (2 * R * S) + QS / (2 * S * S));
  const chiSquare = (Math.abs(deviation) - (correct ? Math.min(0.5, Math.abs(deviation)) : 0)) ** 2 / variance;
  const p = chiSquareUpper(chiSquare, 1);
  const delta = DELTA_PER_LOG_ODDS * Math.log(alpha);
  return { alpha, seLogAlpha, chiSquare, p, delta, ets: etsClass(delta, -DELTA_PER_LOG_ODDS * seLogAlpha, p) };
}

/** ETS A/B/C from Δ_MH, its standard error and the p-value of χ²_MH (see the top of this file). */
export function etsClass(delta: number, seDelta: number, p: number): EtsClass {
  const size = Math.abs(delta);
  if (p >= SIGNIFICANCE || size < 1) return 'A';
  const aboveOne = normalUpper((size - 1) / seDelta) + normalUpper((size + 1) / seDelta);
  return size >= 1.5 && aboveOne < SIGNIFICANCE ? 'C' : 'B';
}

/** Which side of the comparison a sheet is on; null: neither (left out). */
export type DifGroup = 'reference' | 'focal' | null;

/**
 * The strata of one item: complete sheets of the two groups, matched on the number right on the whole form.
 */
export function itemStrata(
  rows: (0 | 1)[][],
  group: DifGroup[],
  item: number,
  weights: number[] = rows.map(() => 1),
): Stratum[] {
  const byScore = new Map<number, Stratum>();
  rows.forEach((row, r) => {
    const g = group[r];
    if (g === null) return;
    const score = row.reduce<number>((s, u) => s + u, 0);
    const stratum = byScore.get(score) ?? { a: 0, b: 0, c: 0, d: 0 };
    if (g === 'reference') stratum[row[item] === 1 ? 'a' : 'b'] += weights[r];
    else stratum[row[item] === 1 ? 'c' : 'd'] += weights[r];
    byScore.set(score, stratum);
  });
  return [...byScore.values()];
}
