/**
 * Quadrature for a standard normal ability, θ ~ N(0, 1): points and weights summing to 1, over which the marginal
 * likelihood is integrated (calibration) and the posterior taken (scoring).
 *
 * - `gaussHermite(n)`: Gauss–Hermite rule, the physicists' nodes x and weights w turned to the normal: θ = √2·x,
 *   weight w/√π. R's ltm uses 21 such points for one-factor models (Rizopoulos 2006, JSS 17(5), p. 4; ltm R/ltm.R,
 *   `GHk = if (factors == 1) 21 else 15`). Nodes are found by Newton's method on the Hermite recurrence (Press et al.,
 *   Numerical Recipes, §4.5 "gauher").
 * - `rectangular(n, limit)`: n equally spaced points on [−limit, limit], weights the normal density normalised to 1:
 *   R's mirt default for one factor, 61 points on [−6, 6] (mirt R/utils.R `select_quadpts`; R/03-estimation.R).
 */
export interface Quadrature {
  points: number[];
  weights: number[];
}

export function gaussHermite(n: number): Quadrature {
  // Past about 150 points the Newton iteration from these starting guesses no longer finds the roots.
  if (!Number.isInteger(n) || n < 2 || n > 150) throw new RangeError('gaussHermite: 2 to 150 points');
  const x = new Array<number>(n);
  const w = new Array<number>(n);
  const PIM4 = Math.pow(Math.PI, -0.25);
  const m = Math.floor((n + 1) / 2);
  let z = 0;
  for (let i = 0; i < m; i++) {
    // Starting guesses for the largest roots first (Numerical Recipes), each root refined by Newton's method.
    if (i === 0) z = Math.sqrt(2 * n + 1) - 1.85575 * Math.pow(2 * n + 1, -0.16667);
    else if (i === 1) z -= (1.14 * Math.pow(n, 0.426)) / z;
    else if (i === 2) z = 1.86 * z - 0.86 * x[0];
    else if (i === 3) z = 1.91 * z - 0.91 * x[1];
    else z = 2 * z - x[i - 2];
    let pp = 0;
    for (let iter = 0; iter < 100; iter++) {
      let p1 = PIM4;
      let p2 = 0;
      for (let j = 1; j <= n; j++) {
        const p3 = p2;
        p2 = p1;
        p1 = z * Math.sqrt(2 / j) * p2 - Math.sqrt((j - 1) / j) * p3;
      }
      pp = Math.sqrt(2 * n) * p2;
      const z1 = z;
      z = z1 - p1 / pp;
      if (Math.abs(z - z1) <= 1e-15) break;
    }
    x[i] = z;
    x[n - 1 - i] = -z;
    w[i] = 2 / (pp * pp);
    w[n - 1 - i] = w[i];
  }
  // Physicists' rule → standard normal: θ = √2·x, weight w/√π (the weights then sum to 1).
  const points = x.map((v) => Math.SQRT2 * v).reverse();
  const weights = w.map((v) => v / Math.sqrt(Math.PI)).reverse();
  const total = weights.reduce((s, v) => s + v, 0);
  if (!(Math.abs(total - 1) < 1e-9)) throw new Error(`gaussHermite(${n}): the weights sum to ${total}, not 1`);
  return { points, weights };
}

export function rectangular(n = 61, limit = 6): Quadrature {
  const points = Array.from({ length: n }, (_, i) => -limit + (2 * limit * i) / (n - 1));
  const density = points.map((t) => Math.exp(-0.5 * t * t));
  const total = density.reduce((s, v) => s + v, 0);
  return { points, weights: density.map((v) => v / total) };
}
