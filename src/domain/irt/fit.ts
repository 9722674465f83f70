/**
 * Item fit: Orlando & Thissen's S-X² (2000, Applied Psychological Measurement 24(1); 2003, APM 27(4)) for
 * dichotomous items under the 2PL/3PL. People are grouped by their number right s on the whole form; in each group
 * the share who got item i right is set against what the model expects of people with that number right:
 *
 *   E_i(s) = Σ_k P_i(θ_k) · L_{−i}(s − 1 | θ_k) · w_k  /  Σ_k L(s | θ_k) · w_k
 *
 * over a quadrature of the N(0, 1) population, where L(s | θ) is the probability of a number right of s given θ,
 * by the Lord & Wingersky (1984, APM 8(4)) recursion, and L_{−i} the same without item i. Groups s = 1 … n − 1
 * (none right and all right say nothing about any item). S-X² = Σ_s N_s (O_s − E_s)² / (E_s (1 − E_s)), on
 * df = groups − the item's estimated parameters, after collapsing as R's mirt does (itemfit, mincell = 1; R/utils.R
 * collapseCells): empty groups are dropped, a group of one person is merged into the next (the last into the one
 * before), then while any expected count (right or wrong) is below 1 that group is merged into a neighbour — the
 * first into the second, the last into the one before, else into the neighbour with fewer people (the lower on a
 * tie). Only complete sheets count: a number right means nothing for a sheet with items not presented. Pure.
 */
import { probability, type ItemParameters } from './model.ts';
import type { ResponseData } from './calibrate.ts';
import { chiSquareUpper } from './probability.ts';
import { rectangular, type Quadrature } from './quadrature.ts';

/** Per quadrature point, the probability of each number right 0 … n given θ (Lord & Wingersky 1984). */
export function summedScoreLikelihoods(items: ItemParameters[], points: number[]): Float64Array[] {
  return points.map((theta) => {
    let L = Float64Array.of(1);
    for (const item of items) {
      const p = probability(theta, item);
      const next = new Float64Array(L.length + 1);
      for (let s = 0; s < L.length; s++) {
        next[s] += L[s] * (1 - p);
        next[s + 1] += L[s] * p;
      }
      L = next;
    }
    return L;
  });
}

/** The model's distribution of the number right in the N(0, 1) population: P(s) for s = 0 … n. */
export function summedScoreDistribution(items: ItemParameters[], q: Quadrature = rectangular()): number[] {
  const L = summedScoreLikelihoods(items, q.points);
  return Array.from({ length: items.length + 1 }, (_, s) => L.reduce((sum, Lk, k) => sum + Lk[s] * q.weights[k], 0));
}

export interface ItemFit {
  sx2: number;
  df: number;
  /** Null when collapsing left no degrees of freedom. */
  p: number | null;
  /** The score groups after collapsing: people, observed and expected right. */
  groups: { n: number; observed: number; expected: number }[];
}

export interface SX2Options {
  /** Estimated parameters per item: 2 for the 2PL or a fixed c, 3 with c estimated. */
  parameters?: number;
  /** mirt's default quadrature for itemfit: 61 rectangular points on [−6, 6] (R/utils.R select_quadpts). */
  quadrature?: Quadrature;
  minExpected?: number;
}

/** The complete sheets as weighted rows (a pattern's frequency, or 1), each with its index in `data.rows`. */
export function completeSheets(data: ResponseData): { row: (0 | 1)[]; weight: number; index: number }[] {
  return data.rows.flatMap((row, index) =>
    row.every((u) => u === 0 || u === 1) ? [{ row: row as (0 | 1)[], weight: data.weights?.[index] ?? 1, index }] : [],
  );
}

/** S-X² for every item of the form, in the order of `items` (the columns of `data`). */
export function sX2(items: ItemParameters[], data: ResponseData, options: SX2Options = {}): ItemFit[] {
  const { parameters = 2, quadrature: q = rectangular(), minExpected = 1 } = options;
  const n = items.length;
  const sheets = completeSheets(data);
  const people = new Array<number>(n + 1).fill(0);
  const right = items.map(() => new Array<number>(n + 1).fill(0));
  for (const { row, weight } of sheets) {
    const s = row.reduce<number>((sum, u) => sum + u, 0);
    people[s] += weight;
    row.forEach((u, i) => (right[i][s] += u * weight));
  }
  const full = summedScoreLikelihoods(items, q.points);
  const marginal = (s: number) => full.reduce((sum, L, k) => sum + L[s] * q.weights[k], 0);
  return items.map((item, i) => {
    const rest = summedScoreLikelihoods(
      items.filter((_, j) => j !== i),
      q.points,
    );
    const groups = [];
    for (let s = 1; s < n; s++) {
      const e = q.points.reduce((sum, t, k) => sum + probability(t, item) * rest[k][s - 1] * q.weights[k], 0);
      groups.push({ n: people[s], observed: right[i][s], expected: (people[s] * e) / marginal(s) });
    }
    const kept = collapse(groups, minExpected);
    const sx2 = kept.reduce((sum, g) => {
      const wrong = g.n - g.observed;
      const expectedWrong = g.n - g.expected;
      return sum + (g.observed - g.expected) ** 2 / g.expected + (wrong - expectedWrong) ** 2 / expectedWrong;
    }, 0);
    const df = Math.max(0, kept.length - parameters);
    return { sx2, df, p: df > 0 ? chiSquareUpper(sx2, df) : null, groups: kept };
  });
}

type Group = ItemFit['groups'][number];
const merge = (x: Group, y: Group): Group => ({
  n: x.n + y.n,
  observed: x.observed + y.observed,
  expected: x.expected + y.expected,
});

/** mirt's collapseCells for a dichotomous item (see the top of this file). */
function collapse(input: Group[], minExpected: number): Group[] {
  const groups = input.filter((g) => g.n > 0);
  for (let j = 0; j < groups.length - 1; j++)
    if (groups[j].n === 1) {
      groups[j + 1] = merge(groups[j], groups[j + 1]);
      groups.splice(j--, 1);
    }
  if (groups.length > 1 && groups.at(-1)!.n === 1) groups.splice(-2, 2, merge(groups.at(-2)!, groups.at(-1)!));
  const small = (g: Group) => g.expected < minExpected || g.n - g.expected < minExpected;
  while (groups.length > 1) {
    const j = groups.findIndex(small);
    if (j < 0) break;
    const into = j === 0 ? 1 : j === groups.length - 1 ? j - 1 : groups[j - 1].n <= groups[j + 1].n ? j - 1 : j + 1;
    groups[into] = merge(groups[j], groups[into]);
    groups.splice(j, 1);
  }
  return groups;
}
