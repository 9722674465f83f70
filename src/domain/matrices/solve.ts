/**
 * An independent reader of a matrix: for every attribute it tries every rule a careful test-taker could see in
 * the eight visible panels — constant, constant in a row or a column, a progression along rows or columns, a
 * distribution of three, and for line panels addition, subtraction, intersection and exclusive-or — and collects
 * what each fitting rule predicts for the missing panel. An item is sound when every attribute has exactly one
 * prediction, so exactly one option can be defended.
 */
import { ATTRIBUTES, DOMAIN, type Attribute, type Panel } from './model.ts';

type Grid = number[][]; // grid[row][col]; grid[2][2] unknown

const transpose = (g: Grid): Grid => [0, 1, 2].map((c) => [0, 1, 2].map((r) => g[r]?.[c]));

function scalarPredictions(g: Grid, attr: Exclude<Attribute, 'lines'>): Set<number> {
  const { min, max, cyclic } = DOMAIN[attr];
  const out = new Set<number>();
  const inDomain = (v: number) => (cyclic ? true : v >= min && v <= max);
  const norm = (v: number) => (cyclic ? ((v % cyclic) + cyclic) % cyclic : v);
  const diff = (a: number, b: number) => (cyclic ? norm(b - a) : b - a);
  for (const grid of [g, transpose(g)]) {
    const [r0, r1, r2] = grid;
    // Constant within each line (row, or column after transposing); covers the all-constant matrix too.
    if (r0[0] === r0[1] && r0[1] === r0[2] && r1[0] === r1[1] && r1[1] === r1[2] && r2[0] === r2[1]) out.add(r2[0]);
    // Progression by the same step in every line.
    const step = diff(r0[0], r0[1]);
    if (
      step !== 0 &&
      [r0, r1].every((r) => diff(r[0], r[1]) === step && diff(r[1], r[2]) === step) &&
      diff(r2[0], r2[1]) === step
    ) {
      const next = r2[1] + (cyclic ? step : step);
      if (inDomain(next)) out.add(norm(next));
    }
    // Distribution of three: every line holds the same three distinct values.
    const set0 = new Set(r0);
    const same = (r: number[]) => r.length === 3 && new Set(r).size === 3 && r.every((v) => set0.has(v));
    if (set0.size === 3 && same(r1) && r2[0] !== r2[1] && set0.has(r2[0]) && set0.has(r2[1])) {
      out.add([...set0].find((v) => v !== r2[0] && v !== r2[1])!);
    }
  }
  return out;
}

const LINE_OPS: ((a: number, b: number) => number)[] = [
  (a, b) => a | b, // addition
  (a, b) => a & ~b, // subtraction
  (a, b) => b & ~a, // subtraction, the other way
  (a, b) => a & b, // what the two share
  (a, b) => a ^ b, // what only one has
];

function linePredictions(g: Grid): Set<number> {
  const out = new Set<number>();
  for (const grid of [g, transpose(g)]) {
    const [r0, r1, r2] = grid;
    if (r0[0] === r0[1] && r0[1] === r0[2] && r1[0] === r1[1] && r1[1] === r1[2] && r2[0] === r2[1]) out.add(r2[0]);
    for (const op of LINE_OPS) {
      if (op(r0[0], r0[1]) === r0[2] && op(r1[0], r1[1]) === r1[2]) out.add(op(r2[0], r2[1]));
    }
  }
  return out;
}

export type Predictions = Record<Attribute, Set<number>>;

/** What every rule that fits the visible panels predicts for the missing one, per attribute. */
export function predictMissing(panels: Panel[][]): Predictions {
  const grid = (attr: Attribute): Grid =>
    panels.map((row, r) => row.filter((_, c) => !(r === 2 && c === 2)).map((p) => p[attr]));
  return Object.fromEntries(
    ATTRIBUTES.map((attr) => [
      attr,
      attr === 'lines' ? linePredictions(grid(attr)) : scalarPredictions(grid(attr), attr),
    ]),
  ) as Predictions;
}

/** Indices of the options that every fitting rule allows. */
export function defensibleOptions(panels: Panel[][], options: Panel[]): number[] {
  const predictions = predictMissing(panels);
  return options.flatMap((option, i) => (ATTRIBUTES.every((attr) => predictions[attr].has(option[attr])) ? [i] : []));
}

/** True when each attribute has exactly one prediction and together they make the answer. */
export function isUnambiguous(panels: Panel[][]): boolean {
  const predictions = predictMissing(panels);
  const answer = panels[2][2];
  return ATTRIBUTES.every((attr) => predictions[attr].size === 1 && predictions[attr].has(answer[attr]));
}
