/**
 * Context-blind and half-blind ways to pick a matrix answer without working out the rules — the shortcuts that made
 * the original RAVEN data set solvable from the options alone (Hu et al., "Stratified Rule-Aware Network for
 * Abstract Visual Reasoning", AAAI 2021, the I-RAVEN paper). The generator rejects any answer set one of them
 * isolates, and a unit test measures each over thousands of seeds.
 *
 * A panel is read as features: the scalar attributes plus one feature per line segment (drawn or not), so a line
 * panel's segments count as attributes of their own. Each strategy keeps a set of options and picks among them at
 * random; its odds on an item are 1/|kept| when the answer is kept, else 0.
 */
import { ATTRIBUTES, SEGMENTS, type Panel } from './model.ts';

export const STRATEGIES = ['mode', 'unseen', 'novelty', 'copy', 'combined'] as const;
export type Strategy = (typeof STRATEGIES)[number];

const SCALARS = ATTRIBUTES.filter((a) => a !== 'lines') as Exclude<(typeof ATTRIBUTES)[number], 'lines'>[];
export const SCALAR_FEATURES = SCALARS.length;
export const FEATURE_COUNT = SCALARS.length + SEGMENTS.length;

/** A panel as a vector of features: scalar attributes, then 0/1 per segment. */
export function features(p: Panel): number[] {
  return [...SCALARS.map((a) => p[a]), ...SEGMENTS.map((_, bit) => (p.lines >> bit) & 1)];
}

/** The values each feature takes in the eight visible panels. */
export function seenValues(visible: Panel[]): Set<number>[] {
  const seen = Array.from({ length: FEATURE_COUNT }, () => new Set<number>());
  for (const p of visible) features(p).forEach((v, i) => seen[i].add(v));
  return seen;
}

/** Keeps the indices that pass, or all of them when none would (a test-taker never rules out every option). */
const keep = (indices: number[], pass: (i: number) => boolean) => {
  const kept = indices.filter(pass);
  return kept.length ? kept : indices;
};

/** The options whose values are, feature by feature, the most common among the options ("most like the others"). */
function mostTypical(vectors: number[][], among: number[]): number[] {
  const score = (i: number) =>
    vectors[i].reduce((sum, v, f) => sum + among.filter((j) => vectors[j][f] === v).length, 0);
  const scores = among.map(score);
  const best = Math.max(...scores);
  return among.filter((_, k) => scores[k] === best);
}

/** The strategies for one matrix: given a set of options, the indices each strategy keeps. */
export function shortcutsFor(visible: Panel[]): (options: Panel[]) => Record<Strategy, number[]> {
  const seen = seenValues(visible);
  const copies = new Set(visible.map((p) => features(p).join()));
  return (options) => {
    const vectors = options.map(features);
    const all = vectors.map((_, i) => i);
    const unseen = (i: number) => vectors[i].some((v, f) => !seen[f].has(v));
    const copy = (i: number) => copies.has(vectors[i].join());
    return {
      mode: mostTypical(vectors, all),
      unseen: keep(all, (i) => !unseen(i)), // rule out options with a value the matrix never shows
      novelty: keep(all, unseen), // the reverse hunch: the answer is the one with something new
      copy: keep(all, (i) => !copy(i)), // rule out options that repeat a visible panel
      combined: mostTypical(
        vectors,
        keep(
          keep(all, (i) => !unseen(i)),
          (i) => !copy(i),
        ),
      ),
    };
  };
}

/** The chance that each strategy picks the answer on this item. */
export function shortcutOdds(visible: Panel[], options: Panel[], answer: number): Record<Strategy, number> {
  const kept = shortcutsFor(visible)(options);
  return Object.fromEntries(STRATEGIES.map((s) => [s, kept[s].includes(answer) ? 1 / kept[s].length : 0])) as Record<
    Strategy,
    number
  >;
}
