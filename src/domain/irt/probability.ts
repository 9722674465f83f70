/**
 * Tail probabilities the item report needs, and nothing else: the chi-square and standard normal upper tails, both
 * from the regularized incomplete gamma function, and the Benjamini–Hochberg adjustment for testing many items at
 * once. Pure; checked against printed tables and R's pchisq, pnorm and p.adjust (tests/unit/irt-probability.test.ts).
 */

// Lanczos approximation, g = 7, nine coefficients (relative error below 1e-15 for x > 0.5; Godfrey's values, as
// used by Numerical Recipes 3rd ed. §6.1 and most libraries); x < 0.5 by the reflection formula.
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0. */
export function logGamma(x: number): number {
  if (!(x > 0)) throw new RangeError('logGamma: x must be positive');
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = LANCZOS[0];
  for (let i = 1; i < LANCZOS.length; i++) sum += LANCZOS[i] / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

const EPS = 1e-16;
const TINY = 1e-300;

/**
 * The regularized upper incomplete gamma Q(a, x) = Γ(a, x)/Γ(a) (Numerical Recipes §6.2): its series for P = 1 − Q
 * below x = a + 1, the Lentz continued fraction for Q above, so neither is taken where it converges slowly.
 */
export function upperGamma(a: number, x: number): number {
  if (!(a > 0) || x < 0 || Number.isNaN(x)) throw new RangeError('upperGamma: a > 0 and x ≥ 0');
  if (x === 0) return 1;
  if (x === Infinity) return 0;
  const front = Math.exp(-x + a * Math.log(x) - logGamma(a));
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 10_000; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * EPS) break;
    }
    return 1 - sum * front;
  }
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 10_000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < EPS) break;
  }
  return front * h;
}

/** P(χ²(df) > x): the p-value of a chi-square statistic. */
export const chiSquareUpper = (x: number, df: number): number => (x <= 0 ? 1 : upperGamma(df / 2, x / 2));

/** P(Z > z) for a standard normal Z: for z ≥ 0 it is ½·P(χ²(1) > z²). */
export const normalUpper = (z: number): number => (z >= 0 ? 0.5 * chiSquareUpper(z * z, 1) : 1 - normalUpper(-z));

/**
 * Benjamini–Hochberg (1995) adjusted p-values, as R's p.adjust(p, "BH"): the i-th smallest of m becomes
 * min over j ≥ i of m·p(j)/j, capped at 1. Nulls (no test) stay null and do not count in m.
 */
export function benjaminiHochberg(p: (number | null)[]): (number | null)[] {
  const tested = p.flatMap((value, i) => (value === null ? [] : [{ value, i }]));
  tested.sort((x, y) => y.value - x.value);
  const m = tested.length;
  const adjusted: (number | null)[] = p.map(() => null);
  let running = 1;
  tested.forEach(({ value, i }, k) => {
    running = Math.min(running, (m / (m - k)) * value);
    adjusted[i] = running;
  });
  return adjusted;
}
