/**
 * Person fit: whether a sheet looks like the model's — or like hard items right and easy ones wrong (copying,
 * guessing in runs, a key seen for some items). The standardised log-likelihood lz (Drasgow, Levine & Williams 1985)
 * is near N(0, 1) only when θ is known; with θ estimated from the same sheet it is too small in variance. lz*
 * (Snijders 2001) corrects for the estimate, here the maximum a posteriori (MAP) ability under the N(0, 1) prior
 * (Magis, Raîche & Béland 2012, "A didactic presentation of Snijders's lz* index of person fit with emphasis on
 * response model selection and ability estimation", JEBS 37(1), the correction for a Bayes modal estimator: r0(θ) =
 * −θ). Low values (below about −1.645, the 5 % one-sided point) flag a sheet as aberrant. Pure.
 */
import { logistic, type ItemParameters, type Responses } from './model.ts';

interface AtTheta {
  P: number;
  Q: number;
  /** dP/dθ. */
  dP: number;
}

function at(item: ItemParameters, theta: number): AtTheta {
  const s = logistic(item.a * (theta - item.b));
  const P = Math.min(1 - 1e-12, Math.max(1e-12, item.c + (1 - item.c) * s));
  return { P, Q: 1 - P, dP: (1 - item.c) * item.a * s * (1 - s) };
}

/**
 * The log posterior of θ (N(0, 1) prior) for a sheet. A plain loop, as `at` computes it but allocating nothing:
 * the MAP search calls it a few hundred times a sheet, and scoring is a hot path.
 */
function logPosterior(items: ItemParameters[], responses: Responses, theta: number): number {
  let sum = -0.5 * theta * theta;
  for (let j = 0; j < items.length; j++) {
    const u = responses[j];
    if (u !== 0 && u !== 1) continue;
    const { a, b, c } = items[j];
    const P = Math.min(1 - 1e-12, Math.max(1e-12, c + (1 - c) * logistic(a * (theta - b))));
    sum += Math.log(u === 1 ? P : 1 - P);
  }
  return sum;
}

/**
 * The MAP ability with a N(0, 1) prior: started from the best point of a 0.2 grid over [−6, 6] (so a steep,
 * many-peaked-looking path cannot send it back and forth), then Newton's method with step halving, every step
 * raising the log posterior; bounded to [−6, 6].
 */
export function mapTheta(items: ItemParameters[], responses: Responses): number {
  const gradient = (t: number) => {
    let g = -t;
    for (let j = 0; j < items.length; j++) {
      const u = responses[j];
      if (u !== 0 && u !== 1) continue;
      const { P, Q, dP } = at(items[j], t);
      g += ((u - P) * dP) / (P * Q);
    }
    return g;
  };
  let theta = -6;
  let best = logPosterior(items, responses, theta);
  // A 0.2 step: the posterior of a 20-item sheet, even with steep items, has no peak narrower than that (the tests'
  // a ≈ 3 items), and Newton's method below climbs to the top from the best point. Scoring calls this every sheet.
  for (let i = 1; i <= 60; i++) {
    const t = -6 + i * 0.2;
    const value = logPosterior(items, responses, t);
    if (value > best) [theta, best] = [t, value];
  }
  for (let step = 0; step < 100; step++) {
    const g = gradient(theta);
    const h = 1e-5;
    const curvature = (gradient(theta + h) - gradient(theta - h)) / (2 * h);
    let move = curvature < 0 ? -g / curvature : 0.05 * Math.sign(g);
    let next = theta;
    let value = best;
    for (let half = 0; half < 40; half++) {
      next = Math.max(-6, Math.min(6, theta + move));
      value = logPosterior(items, responses, next);
      if (value >= best) break;
      move /= 2;
    }
    if (!(value >= best) || Math.abs(next - theta) < 1e-10) break;
    theta = next;
    best = value;
  }
  return theta;
}

/** lz at a given θ (no correction): (l0 − E[l0]) / √Var[l0]. */
export function lz(items: ItemParameters[], responses: Responses, theta: number): number {
  let centred = 0;
  let variance = 0;
  items.forEach((item, j) => {
    const u = responses[j];
    if (u === null || u === undefined) return;
    const { P, Q } = at(item, theta);
    const w = Math.log(P / Q);
    centred += (u - P) * w;
    variance += P * Q * w * w;
  });
  return centred / Math.sqrt(variance);
}

/** Snijders's lz* at the MAP ability (returned with it). */
export function lzStar(items: ItemParameters[], responses: Responses): { lzStar: number; theta: number } {
  const theta = mapTheta(items, responses);
  const seen = items
    .map((item, j) => ({ u: responses[j], ...at(item, theta) }))
    .filter((x): x is AtTheta & { u: 0 | 1 } => x.u === 0 || x.u === 1);
  const w = seen.map(({ P, Q }) => Math.log(P / Q));
  const r = seen.map(({ P, Q, dP }) => dP / (P * Q));
  const cn = seen.reduce((s, x, i) => s + x.dP * w[i], 0) / seen.reduce((s, x, i) => s + x.dP * r[i], 0);
  const wTilde = w.map((wi, i) => wi - cn * r[i]);
  const r0 = -theta;
  const numerator = seen.reduce((s, x, i) => s + (x.u - x.P) * w[i], 0) + cn * r0;
  const variance = seen.reduce((s, x, i) => s + wTilde[i] * wTilde[i] * x.P * x.Q, 0);
  return { lzStar: numerator / Math.sqrt(variance), theta };
}
