/**
 * Calibration: item parameters by marginal maximum likelihood (Bock & Aitkin 1981), θ ~ N(0, 1) integrated over a
 * quadrature (quadrature.ts). Pure, no I/O.
 *
 * 1. EM: the E-step takes each sheet's posterior over the quadrature points and adds up, per item and point, the
 *    expected number of sheets that saw it (n) and answered it right (r); the M-step maximises each item's expected
 *    complete-data log-likelihood Σ r·log P + (n − r)·log(1 − P) (+ the log prior of c) by Newton's method in
 *    slope–intercept form (a, d = −a·b; for a free c, γ = logit c). Until the largest change of a, b or c is below
 *    `emTolerance`.
 * 2. Newton–Raphson on the marginal log-likelihood itself in every item's (a, b), from where EM stopped, until the
 *    largest step is below `tolerance` (EM's last digits come slowly; R's ltm likewise follows EM with a
 *    quasi-Newton phase). c stays where EM put it. The gradient is exact (Fisher's identity: the E-step's expected
 *    gradient), the Hessian its central difference.
 * 3. Standard errors of a and b from the inverse of that observed-information matrix (c taken as known).
 *
 * Several groups (`data.groups`: each sheet's group; Bock & Zimowski 1997, multiple-group IRT): group 0's ability is
 * N(0, 1), every other group's N(μ, 1) with μ estimated in the EM (after each E-step, the mean of the group's sheets'
 * posterior means), so forms linked by common items, each taken by its own group, are put on group 0's scale
 * whether or not the groups differ in level. The groups' SDs are held at 1: with four anchors of twenty items, a
 * group's SD trades against its own form's slopes and was measured unstable when freed (1.0–1.6 for groups all drawn
 * with SD 1, four forms of 500 sheets; tests/unit/irt-linking.test.ts keeps a group's mean recovered). The quadrature is then always mirt's rectangular 61 points on [−6, 6], each
 * group's prior its normal density on them; the Newton phase and the standard errors hold the groups' μ and σ where EM left
 * them.
 *
 * Models: '2pl' (c = 0); '3pl' with c fixed (`guessing`, e.g. 1/6 for six options) or free with a Beta prior
 * (`cPrior`; BILOG-MG's convention for k options, n = 20: α = 20/k + 1, β = 20(1 − 1/k) + 1), or free without one.
 */
import { logistic, type ItemParameters, type Responses } from './model.ts';
import { gaussHermite, rectangular, type Quadrature } from './quadrature.ts';

export interface ResponseData {
  /** Item ids, in the order of each row's answers. */
  items: string[];
  /** One row per sheet (or per response pattern, with `weights`). */
  rows: Responses[];
  /** How many sheets each row stands for (a pattern's frequency); 1 each when absent. */
  weights?: number[];
  /** Each row's group (0, 1, …; group 0 the reference, N(0, 1)); one group when absent. */
  groups?: number[];
}

/** A group's ability distribution, on the reference group's scale. */
export interface GroupDistribution {
  mean: number;
  sd: number;
}

export interface CalibrationOptions {
  model: '2pl' | '3pl';
  /** 3PL: every item's c fixed at this value (1/6 for six-option items). */
  guessing?: number;
  /** 3PL with free c: a Beta(α, β) prior on c; none (pure maximum likelihood) when absent. */
  cPrior?: { alpha: number; beta: number };
  quadrature?: Quadrature;
  emTolerance?: number;
  tolerance?: number;
  maxEmCycles?: number;
}

export interface CalibratedItem extends ItemParameters {
  seA: number;
  seB: number;
}

export interface Calibration {
  model: '2pl' | '3pl';
  /**
   * With c estimated (free or under its prior), seA and seB treat each c as known: they understate the uncertainty
   * of a and b for an item whose c is off 0. Exact for the 2PL and for a fixed c.
   */
  seConditionalOnC: boolean;
  logLik: number;
  items: CalibratedItem[];
  emCycles: number;
  newtonSteps: number;
  converged: boolean;
  quadraturePoints: number;
  /** With several groups: each group's estimated ability distribution (group 0's N(0, 1)). */
  groups?: GroupDistribution[];
}

/** An item seen by fewer people than this is not calibrated (its estimates would be noise). */
export const MIN_SEEN = 10;

/** BILOG-MG's prior on c for an item of `options` options: a Beta whose mode is 1/options, weight of 20 sheets. */
export const guessingPrior = (options: number) => ({ alpha: 20 / options + 1, beta: 20 * (1 - 1 / options) + 1 });

interface Expected {
  /** Per item, per point: expected sheets that saw the item (n) and answered it right (r). */
  n: Float64Array[];
  r: Float64Array[];
  logLik: number;
  /** Per group: the sheets' weight, and the sum of their posterior means of θ. */
  moments: { n: number; m1: number }[];
}

/** Each group's prior over the points: its normal density there, normalised to 1. */
function groupPriors(q: Quadrature, groups: GroupDistribution[]): number[][] {
  return groups.map(({ mean, sd }) => {
    const density = q.points.map((t) => Math.exp(-0.5 * ((t - mean) / sd) ** 2));
    const total = density.reduce((sum, d) => sum + d, 0);
    return density.map((d) => d / total);
  });
}

/**
 * E-step: the posterior of every sheet over the points, summed per item and point; the marginal log-likelihood.
 * `priors`: each group's weights over the points (the quadrature's own when absent: one group).
 */
function expect(data: ResponseData, items: ItemParameters[], q: Quadrature, priors?: number[][]): Expected {
  const K = q.points.length;
  const p = items.map((item) =>
    Float64Array.from(q.points, (t) => item.c + (1 - item.c) * logistic(item.a * (t - item.b))),
  );
  const notP = p.map((pj) => pj.map((x) => 1 - x));
  const n = items.map(() => new Float64Array(K));
  const r = items.map(() => new Float64Array(K));
  const post = new Float64Array(K);
  let logLik = 0;
  const moments = (priors ?? [q.weights]).map(() => ({ n: 0, m1: 0 }));
  const answered = answeredOf(data.rows);
  data.rows.forEach((_, i) => {
    const w = data.weights?.[i] ?? 1;
    if (w === 0) return;
    const group = priors ? data.groups![i] : 0;
    const prior = priors ? priors[group] : q.weights;
    const { items: js, right } = answered[i];
    // The items the sheet answered only (a sheet of one form among several presents a fraction of the columns), in
    // column order: the same products, factor by factor, as over every column.
    for (let k = 0; k < K; k++) post[k] = prior[k];
    for (let m = 0; m < js.length; m++) {
      const pj = right[m] ? p[js[m]] : notP[js[m]];
      for (let k = 0; k < K; k++) post[k] *= pj[k];
    }
    let total = 0;
    for (let k = 0; k < K; k++) total += post[k];
    logLik += w * Math.log(total);
    const moment = moments[group];
    moment.n += w;
    for (let k = 0; k < K; k++) {
      post[k] = (w * post[k]) / total;
      moment.m1 += post[k] * q.points[k];
    }
    for (let m = 0; m < js.length; m++) {
      const nj = n[js[m]];
      for (let k = 0; k < K; k++) nj[k] += post[k];
      if (!right[m]) continue;
      const rj = r[js[m]];
      for (let k = 0; k < K; k++) rj[k] += post[k];
    }
  });
  return { n, r, logLik, moments };
}

const answeredCache = new WeakMap<Responses[], { items: Int32Array; right: Uint8Array }[]>();
/** Each row's answered columns and whether each was right (computed once per data set). */
function answeredOf(rows: Responses[]): { items: Int32Array; right: Uint8Array }[] {
  let answered = answeredCache.get(rows);
  if (!answered) {
    answered = rows.map((row) => {
      const js = row.flatMap((u, j) => (u === 0 || u === 1 ? [j] : []));
      return { items: Int32Array.from(js), right: Uint8Array.from(js, (j) => (row[j] === 1 ? 1 : 0)) };
    });
    answeredCache.set(rows, answered);
  }
  return answered;
}

const clampProbability = (x: number) => Math.min(1 - 1e-12, Math.max(1e-12, x));

/** The log prior of c (0 without a prior or with c fixed). */
function logPrior(c: number, prior: CalibrationOptions['cPrior']): number {
  if (!prior) return 0;
  return (prior.alpha - 1) * Math.log(clampProbability(c)) + (prior.beta - 1) * Math.log(clampProbability(1 - c));
}

/**
 * One item's expected complete-data log-likelihood and its gradient, in the parameters `v`: [a, d] or, with c free,
 * [a, d, γ = logit c] (M-step); or [a, b] with c fixed (the marginal Newton phase, `ab`).
 */
function itemObjective(
  v: number[],
  nk: Float64Array,
  rk: Float64Array,
  q: Quadrature,
  fixedC: number | null,
  prior: CalibrationOptions['cPrior'],
  ab: boolean,
): { f: number; g: number[] } {
  const a = v[0];
  const free = fixedC === null;
  const c = free ? logistic(v[2]) : fixedC;
  let f = 0;
  const g = free ? [0, 0, 0] : [0, 0];
  for (let k = 0; k < q.points.length; k++) {
    const t = q.points[k];
    const z = ab ? a * (t - v[1]) : a * t + v[1];
    const s = logistic(z);
    const P = clampProbability(c + (1 - c) * s);
    f += rk[k] * Math.log(P) + (nk[k] - rk[k]) * Math.log(1 - P);
    const dfdP = (rk[k] - nk[k] * P) / (P * (1 - P));
    const slope = (1 - c) * s * (1 - s);
    if (ab) {
      g[0] += dfdP * slope * (t - v[1]);
      g[1] += dfdP * slope * -a;
    } else {
      g[0] += dfdP * slope * t;
      g[1] += dfdP * slope;
      if (free) g[2] += dfdP * (1 - s) * c * (1 - c);
    }
  }
  if (free && prior) {
    f += logPrior(c, prior);
    const dPrior = (prior.alpha - 1) / clampProbability(c) - (prior.beta - 1) / clampProbability(1 - c);
    g[2] += dPrior * c * (1 - c);
  }
  return { f, g };
}

/** Solves H·x = y (Gauss–Jordan with partial pivoting); null when H is singular. */
export function solve(H: number[][], y: number[]): number[] | null {
  const m = y.length;
  const A = H.map((row, i) => [...row, y[i]]);
  for (let col = 0; col < m; col++) {
    let pivot = col;
    for (let i = col + 1; i < m; i++) if (Math.abs(A[i][col]) > Math.abs(A[pivot][col])) pivot = i;
    if (Math.abs(A[pivot][col]) < 1e-300) return null;
    [A[col], A[pivot]] = [A[pivot], A[col]];
    for (let i = 0; i < m; i++) {
      if (i === col) continue;
      const factor = A[i][col] / A[col][col];
      for (let j = col; j <= m; j++) A[i][j] -= factor * A[col][j];
    }
  }
  return A.map((row, i) => row[m] / row[i]);
}

/** The inverse of a symmetric matrix, column by column; null when singular. */
export function invert(H: number[][]): number[][] | null {
  const columns: number[][] = [];
  for (let i = 0; i < H.length; i++) {
    const col = solve(
      H,
      H.map((_, j) => (i === j ? 1 : 0)),
    );
    if (!col) return null;
    columns.push(col);
  }
  return H.map((_, i) => columns.map((col) => col[i]));
}

/** Newton ascent on one item's expected log-likelihood (M-step), with step halving so it never goes down. */
function maximiseItem(
  v: number[],
  nk: Float64Array,
  rk: Float64Array,
  q: Quadrature,
  fixedC: number | null,
  prior: CalibrationOptions['cPrior'],
): number[] {
  let current = v;
  let { f } = itemObjective(current, nk, rk, q, fixedC, prior, false);
  for (let step = 0; step < 25; step++) {
    const { g } = itemObjective(current, nk, rk, q, fixedC, prior, false);
    const H = current.map((_, i) => {
      const h = 1e-5;
      const up = [...current];
      const down = [...current];
      up[i] += h;
      down[i] -= h;
      const gu = itemObjective(up, nk, rk, q, fixedC, prior, false).g;
      const gd = itemObjective(down, nk, rk, q, fixedC, prior, false).g;
      return gu.map((x, j) => (x - gd[j]) / (2 * h));
    });
    let direction = solve(H, g)?.map((x) => -x) ?? g;
    // Not an ascent direction (H not negative definite here): follow the gradient instead.
    if (direction.reduce((s, x, i) => s + x * g[i], 0) <= 0) direction = g.map((x) => x * 1e-3);
    let scale = 1;
    let next = current;
    let fNext = -Infinity;
    for (let half = 0; half < 30; half++) {
      next = current.map((x, i) => x + scale * direction[i]);
      next[0] = Math.max(1e-3, Math.min(next[0], 20));
      if (next.length === 3) next[2] = Math.max(-20, Math.min(next[2], 20));
      fNext = itemObjective(next, nk, rk, q, fixedC, prior, false).f;
      if (fNext >= f) break;
      scale /= 2;
    }
    if (!(fNext >= f)) break;
    const moved = Math.max(...next.map((x, i) => Math.abs(x - current[i])));
    current = next;
    f = fNext;
    if (moved < 1e-10) break;
  }
  return current;
}

const toItems = (ids: string[], params: { a: number; b: number; c: number }[]): ItemParameters[] =>
  params.map((p, i) => ({ id: ids[i], ...p }));

/**
 * The marginal log-likelihood and its gradient in every item's (a, b), each item's c held where it is (Fisher's
 * identity: the E-step's expected gradient).
 */
function marginalGradient(
  data: ResponseData,
  items: ItemParameters[],
  q: Quadrature,
  priors?: number[][],
): { logLik: number; g: number[] } {
  const e = expect(data, items, q, priors);
  const g: number[] = [];
  items.forEach((item, j) => g.push(...itemObjective([item.a, item.b], e.n[j], e.r[j], q, item.c, undefined, true).g));
  return { logLik: e.logLik, g };
}

export function calibrate(data: ResponseData, options: CalibrationOptions): Calibration {
  const J = data.items.length;
  if (data.rows.some((row) => row.length !== J)) throw new Error('calibrate: every row needs one entry per item');
  const groupCount = data.groups ? Math.max(0, ...data.groups) + 1 : 1;
  if (
    data.groups &&
    (data.groups.length !== data.rows.length ||
      !data.groups.every((g) => Number.isInteger(g) && g >= 0) ||
      !data.groups.includes(0) ||
      Array.from({ length: groupCount }, (_, g) => data.groups!.includes(g)).includes(false))
  )
    throw new Error('calibrate: groups are one per row, numbered 0, 1, … with none missing');
  const multiple = groupCount > 1;
  // Several groups: each group's prior is its normal density on equally spaced points, which Gauss–Hermite nodes
  // (placed for one N(0, 1)) are not; a quadrature given is for one group.
  const q = multiple ? rectangular(61, 6) : (options.quadrature ?? gaussHermite(21));
  let distributions: GroupDistribution[] = Array.from({ length: groupCount }, () => ({ mean: 0, sd: 1 }));
  let priors = multiple ? groupPriors(q, distributions) : undefined;
  const fixedC = options.model === '2pl' ? 0 : options.guessing !== undefined ? options.guessing : null;
  const prior = fixedC === null ? options.cPrior : undefined;
  // Items no calibration can place: say which, rather than let one of them stall every other's estimate.
  // How many sheets saw each item and how many answered it right: for the screening and the starting values.
  const counts = data.items.map((_, j) => {
    let seen = 0;
    let right = 0;
    data.rows.forEach((row, i) => {
      const w = data.weights?.[i] ?? 1;
      if (row[j] === null || row[j] === undefined) return;
      seen += w;
      if (row[j] === 1) right += w;
    });
    return { seen, right };
  });
  const unfit = data.items.flatMap((id, j) => {
    const { seen, right } = counts[j];
    if (seen < MIN_SEEN) return [`${id} (seen by ${seen}; at least ${MIN_SEEN} are needed)`];
    if (right === 0) return [`${id} (nobody answered it right)`];
    if (right === seen) return [`${id} (everybody answered it right)`];
    return [];
  });
  if (unfit.length) throw new Error(`these items cannot be calibrated: ${unfit.join(', ')}`);
  const emTolerance = options.emTolerance ?? 1e-5;
  const tolerance = options.tolerance ?? 1e-8;
  const maxEm = options.maxEmCycles ?? 5000;

  // Start: a = 1, b from each item's proportion right above its floor (c at the prior's mode, or 0.2, when free).
  const start = counts.map(({ seen, right }) => {
    const c = fixedC ?? (prior ? (prior.alpha - 1) / (prior.alpha + prior.beta - 2) : 0.2);
    const pv = Math.min(0.99, Math.max(0.01, (right / Math.max(seen, 1) - c) / (1 - c)));
    return { a: 1, b: -Math.log(pv / (1 - pv)), c };
  });
  let params = start;

  // 1. EM.
  let emCycles = 0;
  for (; emCycles < maxEm; emCycles++) {
    const e = expect(data, toItems(data.items, params), q, priors);
    const next = params.map((p, j) => {
      const v = fixedC === null ? [p.a, -p.a * p.b, Math.log(p.c / (1 - p.c))] : [p.a, -p.a * p.b];
      const m = maximiseItem(v, e.n[j], e.r[j], q, fixedC, prior);
      return { a: m[0], b: -m[1] / m[0], c: fixedC ?? logistic(m[2]) };
    });
    const change = Math.max(
      ...next.map((p, j) =>
        Math.max(Math.abs(p.a - params[j].a), Math.abs(p.b - params[j].b), Math.abs(p.c - params[j].c)),
      ),
    );
    params = next;
    let moved = 0;
    if (multiple) {
      // Every group but the reference: the mean of its sheets' posteriors (the SD stays 1, see above).
      const nextGroups = distributions.map((d, g) => (g === 0 ? d : { mean: e.moments[g].m1 / e.moments[g].n, sd: 1 }));
      moved = Math.max(
        ...nextGroups.map((d, g) =>
          Math.max(Math.abs(d.mean - distributions[g].mean), Math.abs(d.sd - distributions[g].sd)),
        ),
      );
      distributions = nextGroups;
      priors = groupPriors(q, distributions);
    }
    if (Math.max(change, moved) < emTolerance) break;
  }

  // 2. Newton–Raphson on the marginal log-likelihood in every item's (a, b), c where EM left it: fixed, or for a
  // free c its EM estimate (often on its boundary at 0, where a Newton step in c has no meaning).
  const cs = params.map((p) => p.c);
  const withC = (v: number[]): ItemParameters[] =>
    data.items.map((id, j) => ({ id, a: v[2 * j], b: v[2 * j + 1], c: cs[j] }));
  const gradientAt = (v: number[]) => marginalGradient(data, withC(v), q, priors);
  const hessianAt = (v: number[]) => {
    const H = v.map((_, i) => {
      const h = 1e-5 * Math.max(1, Math.abs(v[i]));
      const up = [...v];
      const down = [...v];
      up[i] += h;
      down[i] -= h;
      const gu = gradientAt(up).g;
      const gd = gradientAt(down).g;
      return gu.map((x, j) => (x - gd[j]) / (2 * h));
    });
    return H.map((row, i) => row.map((x, j) => (x + H[j][i]) / 2));
  };
  let v = params.flatMap((p) => [p.a, p.b]);
  let newtonSteps = 0;
  let converged = false;
  let { logLik } = gradientAt(v);
  for (; newtonSteps < 50; newtonSteps++) {
    const { g } = gradientAt(v);
    const step = solve(hessianAt(v), g);
    if (!step) break;
    let scale = 1;
    let next = v;
    let nextLogLik = -Infinity;
    for (let half = 0; half < 20; half++) {
      next = v.map((x, i) => x - scale * step[i]);
      nextLogLik = gradientAt(next).logLik;
      if (nextLogLik >= logLik - 1e-12) break;
      scale /= 2;
    }
    if (!(nextLogLik >= logLik - 1e-12)) break;
    const moved = Math.max(...next.map((x, i) => Math.abs(x - v[i])));
    v = next;
    logLik = nextLogLik;
    if (moved < tolerance) {
      converged = true;
      break;
    }
  }

  // 3. Standard errors of a and b from the observed information (the negative Hessian's inverse), c as estimated.
  const covariance = invert(hessianAt(v).map((row) => row.map((x) => -x)));
  const items = withC(v).map((item, j) => ({
    ...item,
    seA: covariance ? Math.sqrt(Math.max(0, covariance[2 * j][2 * j])) : NaN,
    seB: covariance ? Math.sqrt(Math.max(0, covariance[2 * j + 1][2 * j + 1])) : NaN,
  }));
  const dataLogLik = logLik;
  return {
    model: options.model,
    seConditionalOnC: fixedC === null,
    logLik: dataLogLik,
    items,
    emCycles,
    newtonSteps,
    converged,
    quadraturePoints: q.points.length,
    ...(multiple ? { groups: distributions } : {}),
  };
}
