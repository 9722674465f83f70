/**
 * The simulation study (`npm run items:simulate`): for each served form, people drawn from N(0, 1) answer items of
 * known parameters; the items are calibrated back from their sheets alone (3PL, c fixed at 1/6: six options) and
 * every person is scored by EAP with the estimates. What it reports: how far the estimates are from the truth (RMSE
 * of a and b), how well EAP follows the true ability (correlation), how often the 95 % interval EAP ± 1.96·SD holds
 * the true ability (it must be 93–97 %), and the range of readings the form can give (all wrong … all right).
 * Seeded: the same study every run. Pure.
 */
import { calibrate } from './calibrate.ts';
import { probability, type ItemParameters, type Responses } from './model.ts';
import { eap } from './score.ts';

export type Label = 'easy' | 'medium' | 'hard';

/**
 * Provisional parameters from a difficulty label, until a form is calibrated: a = 1, b −1 / 0 / +1 for easy /
 * medium / hard, c = 1/6 (six options). The labels only order the items; these numbers are stated as provisional.
 */
export const PROVISIONAL_B: Record<Label, number> = { easy: -1, medium: 0, hard: 1 };
export const provisionalItem = (id: string, label: Label): ItemParameters => ({
  id,
  a: 1,
  b: PROVISIONAL_B[label],
  c: 1 / 6,
});

/** A seeded generator (mulberry32) and standard normal draws (Box–Muller). */
export function seeded(seed: number) {
  let s = seed >>> 0;
  const random = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  return { random, normal };
}

export interface StudyResult {
  people: number;
  rmseA: number;
  rmseB: number;
  /** Correlation of EAP with the true θ. */
  correlation: number;
  /** Share of people whose true θ lies in EAP ± 1.96·SD. */
  coverage: number;
  /** The readings of an all-wrong and an all-right sheet, θ, with the true and with the estimated parameters. */
  range: { truth: [number, number]; estimated: [number, number] };
  converged: boolean;
  /** The items as they were and as calibrated, and the sheets: for studies of what the readings show. */
  truth: ItemParameters[];
  estimated: ItemParameters[];
  rows: Responses[];
}

/**
 * One form's study. The true parameters: each item's label's provisional b with a spread (N(0, 0.35)), a from
 * exp(N(0, 0.25)), c = 1/6: items that differ as real ones do, around what the labels say.
 */
export function simulateForm(labels: Label[], people = 2000, seed = 1): StudyResult {
  const { random, normal } = seeded(seed);
  const truth = labels.map((label, j) => ({
    id: `q${j + 1}`,
    a: Math.exp(0.25 * normal()),
    b: PROVISIONAL_B[label] + 0.35 * normal(),
    c: 1 / 6,
  }));
  const thetas = Array.from({ length: people }, () => normal());
  const rows: Responses[] = thetas.map((theta) =>
    truth.map((item) => (random() < probability(theta, item) ? 1 : 0) as 0 | 1),
  );
  const fit = calibrate({ items: truth.map((t) => t.id), rows }, { model: '3pl', guessing: 1 / 6 });
  const rmse = (key: 'a' | 'b') =>
    Math.sqrt(fit.items.reduce((s, item, j) => s + (item[key] - truth[j][key]) ** 2, 0) / truth.length);
  const readings = rows.map((row) => eap(fit.items, row));
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const est = readings.map((r) => r.theta);
  const mt = mean(thetas);
  const me = mean(est);
  const cov = mean(thetas.map((t, i) => (t - mt) * (est[i] - me)));
  const sd = (xs: number[], m: number) => Math.sqrt(mean(xs.map((x) => (x - m) ** 2)));
  const covered = readings.filter((r, i) => Math.abs(thetas[i] - r.theta) <= 1.96 * r.sd).length;
  const ends = (items: ItemParameters[]): [number, number] => [
    eap(
      items,
      items.map(() => 0),
    ).theta,
    eap(
      items,
      items.map(() => 1),
    ).theta,
  ];
  return {
    people,
    rmseA: rmse('a'),
    rmseB: rmse('b'),
    correlation: cov / (sd(thetas, mt) * sd(est, me)),
    coverage: covered / people,
    range: { truth: ends(truth), estimated: ends(fit.items) },
    converged: fit.converged,
    truth,
    estimated: fit.items,
    rows,
  };
}
