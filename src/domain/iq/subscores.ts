/**
 * The premium category breakdown with its error (issue 43, point 4). A category holds 3–5 of the items the breakdown
 * shows (the anchors are left out: views.ts), so its share right is a noisy figure: with one ability behind all four
 * categories, most people would see a wide gap between their "best" and "worst" category by chance alone. So each
 * category is shown as what it is — items, number right, and a 95 % interval for the share of such items the person
 * would get right — and called a relative strength or weakness only when it differs from the person's level on the
 * *other* shown items by more than its error:
 *
 * - the level: the posterior of θ from the other shown items (N(0, 1) prior, the form's scale);
 * - what that level predicts for the category: the posterior predictive distribution of its number right,
 *   P(k | rest) = ∫ P(k | θ) p(θ | rest) dθ, P(k | θ) the Poisson-binomial of its items' 3PL probabilities — so the
 *   uncertainty of the level is in it, not only the category's own;
 * - the rule: a strength when P(K ≥ k | rest) < 0.025, a weakness when P(K ≤ k | rest) < 0.025 — the category's number
 *   right lies outside the central 95 % of what the other items predict. With one ability behind every category
 *   (nothing to find), 1.8 % of people see any strength or weakness, against the ≤ 5 % asked; the reviewer's 40-point
 *   gap between a "best" and a "worst" category is seen by about 69 % (`subscoreStudy`, `npm run items:simulate`).
 *   Bonferroni over the four categories (0.00625) would show 0.15 %: the counts are so small that the tests are
 *   conservative already, and it would hide the few real differences a category this short can show.
 *
 * The interval is Wilson's score interval (Wilson 1927; Agresti & Coull 1998), which keeps its coverage at the small
 * counts a category has. Pure.
 */
import { IQ_CATEGORIES, type IqCategory, type IqItem } from './bank.ts';
import { probability, type ItemParameters } from '../irt/model.ts';
import { gaussHermite } from '../irt/quadrature.ts';
import { EAP_POINTS } from '../irt/score.ts';
import { seeded } from '../irt/simulate.ts';

/** Each tail of a category's predicted number right: outside the central 95 % is beyond error. */
export const SUBSCORE_ALPHA = 0.025;
const Z95 = 1.96;

export interface Subscore {
  category: IqCategory;
  /** Items of the category the breakdown shows. */
  items: number;
  right: number;
  /** Wilson's 95 % interval for the share of such items this person gets right, whole percent. */
  interval: [number, number];
  /** Beyond error against the level of the other items (see above); null: within it, as is usual. */
  relative: 'strength' | 'weakness' | null;
}

/** Wilson's 95 % score interval for k right of n, as whole percent. */
export function wilsonInterval(k: number, n: number, z = Z95): [number, number] {
  if (n === 0) return [0, 100];
  const p = k / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return [Math.max(0, Math.round((centre - half) * 100)), Math.min(100, Math.round((centre + half) * 100))];
}

/** P(K = k) for K the number right of independent items with these probabilities (Poisson-binomial). */
function poissonBinomial(ps: number[]): number[] {
  let dist = [1];
  for (const p of ps) {
    const next = new Array<number>(dist.length + 1).fill(0);
    for (let k = 0; k < dist.length; k++) {
      next[k] += dist[k] * (1 - p);
      next[k + 1] += dist[k] * p;
    }
    dist = next;
  }
  return dist;
}

let points: ReturnType<typeof gaussHermite> | null = null;

/**
 * The breakdown of the items `shown` keeps (in the bank's order, with their 1/0 responses and parameters): per
 * category its count, number right, interval and whether it stands apart from the rest beyond error.
 */
export function subscores(
  bank: IqItem[],
  responses: (0 | 1)[],
  parameters: ItemParameters[],
  shown: (item: IqItem, i: number) => boolean = () => true,
  alpha = SUBSCORE_ALPHA,
): Subscore[] {
  const q = (points ??= gaussHermite(EAP_POINTS));
  const kept = bank.flatMap((item, i) => (shown(item, i) ? [i] : []));
  // Each kept item's log-likelihood at each point, once: a category's "rest" is the total less its own items.
  const logLike = kept.map((i) =>
    q.points.map((t) => {
      const p = probability(t, parameters[i]);
      return Math.log(responses[i] === 1 ? p : 1 - p);
    }),
  );
  const total = q.points.map((_, k) => logLike.reduce((s, row) => s + row[k], 0));
  return IQ_CATEGORIES.flatMap((category) => {
    const members = kept.flatMap((i, at) => (bank[i].type === category ? [{ i, at }] : []));
    if (!members.length) return [];
    const right = members.filter(({ i }) => responses[i] === 1).length;
    const rest = total.map((sum, k) => members.reduce((s, { at }) => s - logLike[at][k], sum));
    const top = Math.max(...rest);
    const posterior = rest.map((l, k) => q.weights[k] * Math.exp(l - top));
    const norm = posterior.reduce((s, w) => s + w, 0);
    const predicted = new Array<number>(members.length + 1).fill(0);
    q.points.forEach((t, k) => {
      const dist = poissonBinomial(members.map(({ i }) => probability(t, parameters[i])));
      dist.forEach((p, m) => (predicted[m] += (posterior[k] / norm) * p));
    });
    const atLeast = predicted.slice(right).reduce((s, p) => s + p, 0);
    const atMost = predicted.slice(0, right + 1).reduce((s, p) => s + p, 0);
    return [
      {
        category,
        items: members.length,
        right,
        interval: wilsonInterval(right, members.length),
        relative: atLeast < alpha ? 'strength' : atMost < alpha ? 'weakness' : null,
      } satisfies Subscore,
    ];
  });
}

export interface SubscoreStudy {
  people: number;
  /** Share of people shown at least one strength or weakness, when one ability is behind every category. */
  anyFlagged: number;
  /** Share shown a gap of 40 percentage points or more between their best and worst category share. */
  wideGap: number;
}

/**
 * What the rule does when there is nothing to find: people drawn from N(0, 1) answer the form under its own
 * (unidimensional) parameters, so every strength or weakness shown is false. Seeded.
 */
export function subscoreStudy(
  bank: IqItem[],
  parameters: ItemParameters[],
  shown: (item: IqItem, i: number) => boolean,
  people = 2000,
  seed = 43,
  alpha = SUBSCORE_ALPHA,
): SubscoreStudy {
  const { random, normal } = seeded(seed);
  let anyFlagged = 0;
  let wideGap = 0;
  for (let p = 0; p < people; p++) {
    const theta = normal();
    const responses = parameters.map((item) => (random() < probability(theta, item) ? 1 : 0) as 0 | 1);
    const rows = subscores(bank, responses, parameters, shown, alpha);
    if (rows.some((r) => r.relative !== null)) anyFlagged++;
    const shares = rows.map((r) => r.right / r.items);
    if (Math.max(...shares) - Math.min(...shares) >= 0.4) wideGap++;
  }
  return { people, anyFlagged: anyFlagged / people, wideGap: wideGap / people };
}
