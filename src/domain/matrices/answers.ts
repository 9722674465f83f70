/**
 * Balanced answer sets, after I-RAVEN's attribute bisection tree (Hu et al., AAAI 2021) cut to six options.
 *
 * Three binary dimensions — attributes that vary in the matrix, each with one alternative value (a line segment is
 * a dimension of its own: drawn or not) — span a 2×2×2 cube of candidates around the answer. Dropping one antipodal
 * pair that does not hold the answer leaves a hexagon in which every varied value appears in exactly three of the
 * six options, so no option is "the most typical" and the answer cannot be told from the options alone. With only
 * two varying attributes the set is a 3×2 factorial instead. An alternative value has the same standing as the
 * answer's own (both seen in the eight visible panels, or both not), so ruling out unseen values tells nothing.
 * Among the sets that no shortcut isolates, one of those that lets the shortcuts rule out least is drawn.
 */
import { ATTRIBUTES, DOMAIN, samePanel, type Attribute, type Panel } from './model.ts';
import { features, seenValues, shortcutsFor, FEATURE_COUNT, SCALAR_FEATURES, STRATEGIES } from './shortcuts.ts';
import { shuffle, type Rng } from './rng.ts';

type Change = (p: Panel) => Panel;
interface Dimension {
  /** Ways to move the answer off its value along this dimension. */
  alternatives: Change[];
}

/** The dimensions a matrix offers: every feature that varies among the visible panels. */
function dimensions(visible: Panel[], answer: Panel): Dimension[] {
  const seen = seenValues(visible);
  const answerFeatures = features(answer);
  const out: Dimension[] = [];
  for (let f = 0; f < FEATURE_COUNT; f++) {
    if (seen[f].size < 2) continue;
    if (f >= SCALAR_FEATURES) {
      const bit = f - SCALAR_FEATURES;
      out.push({ alternatives: [(p) => ({ ...p, lines: p.lines ^ (1 << bit) })] });
      continue;
    }
    const attr = ATTRIBUTES[f] as Exclude<Attribute, 'lines'>;
    const { min, max } = DOMAIN[attr];
    const answerSeen = seen[f].has(answerFeatures[f]);
    const values: number[] = [];
    for (let v = min; v <= max; v++) if (v !== answer[attr] && seen[f].has(v) === answerSeen) values.push(v);
    if (values.length) out.push({ alternatives: values.map((v) => (p: Panel) => ({ ...p, [attr]: v })) });
  }
  return out;
}

const combinations = <T>(items: T[], k: number): T[][] =>
  k === 0 ? [[]] : items.flatMap((item, i) => combinations(items.slice(i + 1), k - 1).map((rest) => [item, ...rest]));
const product = <T>(lists: T[][]): T[][] =>
  lists.reduce<T[][]>((acc, list) => acc.flatMap((prefix) => list.map((x) => [...prefix, x])), [[]]);

/** The hexagons: the cube's corners (bit i = dimension i changed) minus one antipodal pair without the answer (0). */
const HEXAGONS = [0b001, 0b010, 0b100].map((drop) =>
  [0, 1, 2, 3, 4, 5, 6, 7].filter((v) => v !== drop && v !== (7 ^ drop)),
);

function candidateSets(answer: Panel, dims: Dimension[]): Panel[][] {
  const sets: Panel[][] = [];
  if (dims.length >= 3) {
    for (const triple of combinations(dims, 3)) {
      for (const changes of product(triple.map((d) => d.alternatives))) {
        for (const corners of HEXAGONS) {
          sets.push(
            corners.map((corner) => changes.reduce((p, change, i) => (corner & (1 << i) ? change(p) : p), answer)),
          );
        }
      }
    }
  } else if (dims.length === 2) {
    for (const [three, two] of [dims, [...dims].reverse()]) {
      for (const [a, b] of combinations(three.alternatives, 2)) {
        for (const c of two.alternatives) {
          sets.push(
            product([
              [(p: Panel) => p, a, b],
              [(p: Panel) => p, c],
            ]).map(([x, y]) => y(x(answer))),
          );
        }
      }
    }
  }
  return sets;
}

export interface AnswerSet {
  options: Panel[];
  correctAnswer: number;
}

/**
 * Six options around the answer, or null when this matrix allows no set that every shortcut fails on (the
 * generator then draws another matrix). `valid` says which panels the family can draw.
 */
export function balancedAnswerSet(rng: Rng, panels: Panel[][], valid: (p: Panel) => boolean): AnswerSet | null {
  const visible = panels.flat().slice(0, 8);
  const answer = panels[2][2];
  const judge = shortcutsFor(visible);
  // In random order, the first of the least telling sets: how much the strategies can rule out, whichever option is
  // the answer. The answer is option 0 of every candidate; a set where a strategy keeps it alone is never used.
  let chosen: { set: Panel[]; told: number } | undefined;
  for (const set of shuffle(rng, candidateSets(answer, dimensions(visible, answer)))) {
    if (!set.every(valid) || set.some((p, i) => set.slice(i + 1).some((q) => samePanel(p, q)))) continue;
    const kept = judge(set);
    if (STRATEGIES.some((s) => kept[s].length === 1 && kept[s][0] === 0)) continue;
    const told = STRATEGIES.reduce((sum, s) => sum + set.length - kept[s].length, 0);
    if (!chosen || told < chosen.told) chosen = { set, told };
    if (told === 0) break;
  }
  if (!chosen) return null;
  const options = shuffle(rng, chosen.set);
  return { options, correctAnswer: options.findIndex((p) => samePanel(p, answer)) };
}
