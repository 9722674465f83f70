/**
 * Composes rules into a matrix item from a seed: a template says which attributes vary and by which rule, the
 * seed picks the values, the solver rejects anything a careful reader could read two ways, and the options are a
 * balanced answer set (answers.ts) that no shortcut can pick from without the matrix. Progressions of ordered
 * attributes are drawn from their answer (`ordered`), so the answer is the smallest value as often as the largest.
 */
import {
  SEGMENTS,
  SHAPES,
  type Attribute,
  type Family,
  type Matrix,
  type MatrixItem,
  type Panel,
  type RuleKind,
} from './model.ts';
import { createRng, distinct, int, pick, shuffle, type Rng } from './rng.ts';
import { defensibleOptions, isUnambiguous } from './solve.ts';
import { balancedAnswerSet } from './answers.ts';
import pairOdds from './pair-odds.json' with { type: 'json' };

type Cell = (r: number, c: number) => number;
interface Built {
  family: Family;
  cells: Partial<Record<Attribute, Cell>>;
  rules: Partial<Record<Attribute, RuleKind>>;
}

const constant =
  (v: number): Cell =>
  () =>
    v;
const rowConstant =
  (vals: number[]): Cell =>
  (r) =>
    vals[r];
/** Latin square: each row and each column holds the three values once. */
const distribution =
  (vals: number[], shift: number): Cell =>
  (r, c) =>
    vals[(c + shift * r) % 3];
const progression =
  (starts: number[], step: number, cyclic?: number): Cell =>
  (r, c) => {
    const v = starts[r] + step * c;
    return cyclic ? ((v % cyclic) + cyclic) % cyclic : v;
  };
/**
 * A progression of an ordered attribute over [lo, hi] (four values), one step per column, built from its answer:
 * the answer is drawn uniformly from the four values, so it is the largest as often as the smallest, and the
 * direction and the third row's start follow from it. The first two rows start at the two ends of the range (in
 * random order), so every value is seen in the matrix and any other value can be the alternative an option offers.
 */
function ordered(rng: Rng, lo: number, hi: number): Cell {
  const answer = int(rng, lo, hi);
  const step = answer >= lo + 2 ? 1 : -1;
  const ends = step > 0 ? [lo, hi - 2] : [hi, lo + 2];
  return progression([...shuffle(rng, ends), answer - 2 * step], step);
}
const TRIANGLE = SHAPES.indexOf('triangle');
const CIRCLE = SHAPES.indexOf('circle');
const SQUARE = SHAPES.indexOf('square');

function randomMask(rng: Rng, bits: number): number {
  return distinct(rng, bits, 0, SEGMENTS.length - 1).reduce((m, b) => m | (1 << b), 0);
}

/** Each template: which attributes vary, and how. Difficulty grows with the number and kind of rules. */
export const TEMPLATES: Record<string, (rng: Rng) => Built> = {
  // The fill is spread over each row (not kept per row) so that an option differing from the answer only in the
  // progressed attribute never repeats a panel of the row: then any value can be that option's, and the answer's
  // value and its alternative are an exchangeable pair (answers.ts).
  'count-progression': (rng) => ({
    family: 'objects',
    cells: {
      shape: rowConstant(distinct(rng, 3, 0, SHAPES.length - 1)),
      fill: distribution(shuffle(rng, [0, 1, 2]), pick(rng, [1, 2])),
      count: ordered(rng, 1, 4),
      size: constant(2),
    },
    rules: { shape: 'row-constant', fill: 'distribution', count: 'progression' },
  }),
  'size-progression': (rng) => ({
    family: 'objects',
    cells: {
      shape: rowConstant(distinct(rng, 3, 0, SHAPES.length - 1)),
      fill: distribution(shuffle(rng, [0, 1, 2]), pick(rng, [1, 2])),
      count: constant(1),
      size: ordered(rng, 0, 3),
    },
    rules: { shape: 'row-constant', fill: 'distribution', size: 'progression' },
  }),
  'shape-count': (rng) => ({
    family: 'objects',
    cells: {
      shape: distribution(distinct(rng, 3, 0, SHAPES.length - 1), pick(rng, [1, 2])),
      count: ordered(rng, 1, 4),
      size: constant(2),
      // A third attribute, so the options can vary three and none of them repeats a panel of the matrix.
      fill: rowConstant(shuffle(rng, [0, 1, 2])),
    },
    rules: { shape: 'distribution', count: 'progression', fill: 'row-constant' },
  }),
  'fill-size': (rng) => ({
    family: 'objects',
    cells: {
      shape: rowConstant(distinct(rng, 3, 0, SHAPES.length - 1)),
      count: rowConstant(distinct(rng, 3, 1, 3)),
      size: ordered(rng, 0, 3),
      fill: distribution(shuffle(rng, [0, 1, 2]), pick(rng, [1, 2])),
    },
    rules: { shape: 'row-constant', count: 'row-constant', fill: 'distribution', size: 'progression' },
  }),
  'position-rotation': (rng) => {
    const step = pick(rng, [1, 2, -1]);
    return {
      family: 'position',
      cells: {
        shape: constant(TRIANGLE),
        count: constant(1),
        size: constant(0),
        fill: rowConstant(shuffle(rng, [0, 1, 2])),
        position: progression(distinct(rng, 3, 0, 7), step, 8),
        rotation: progression([int(rng, 0, 3), int(rng, 0, 3), int(rng, 0, 3)], pick(rng, [1, -1]), 4),
      },
      rules: { position: 'progression', rotation: 'progression', fill: 'row-constant' },
    };
  },
  'lines-addition': (rng) => {
    const rows = [0, 1, 2].map(() => [randomMask(rng, 2), randomMask(rng, 2)]);
    return {
      family: 'lines',
      cells: { count: constant(0), lines: (r, c) => (c < 2 ? rows[r][c] : rows[r][0] | rows[r][1]) },
      rules: { lines: 'addition' },
    };
  },
  'shape-fill-count': (rng) => {
    const shift = pick(rng, [1, 2]);
    return {
      family: 'objects',
      cells: {
        shape: distribution(distinct(rng, 3, 0, SHAPES.length - 1), shift),
        fill: distribution(shuffle(rng, [0, 1, 2]), 3 - shift),
        count: ordered(rng, 1, 4),
        size: constant(2),
      },
      rules: { shape: 'distribution', fill: 'distribution', count: 'progression' },
    };
  },
  'lines-xor-fill': (rng) => {
    const rows = [0, 1, 2].map(() => [randomMask(rng, 3), randomMask(rng, 3)]);
    return {
      family: 'lines',
      cells: {
        shape: constant(pick(rng, [CIRCLE, SQUARE])),
        count: constant(1),
        size: constant(0),
        fill: distribution(shuffle(rng, [0, 1, 2]), pick(rng, [1, 2])),
        lines: (r, c) => (c < 2 ? rows[r][c] : rows[r][0] ^ rows[r][1]),
      },
      rules: { lines: 'xor', fill: 'distribution' },
    };
  },
  'position-shape-fill': (rng) => {
    const shift = pick(rng, [1, 2]);
    return {
      family: 'position',
      cells: {
        shape: distribution(
          distinct(rng, 3, 0, SHAPES.length - 1).map((s) => (s === TRIANGLE ? CIRCLE : s)),
          shift,
        ),
        count: constant(1),
        size: constant(0),
        fill: distribution(shuffle(rng, [0, 1, 2]), 3 - shift),
        position: progression(distinct(rng, 3, 0, 7), pick(rng, [1, -1, 2]), 8),
      },
      rules: { position: 'progression', shape: 'distribution', fill: 'distribution' },
    };
  },
};

const DEFAULTS: Panel = { shape: CIRCLE, count: 1, size: 2, fill: 0, rotation: 0, position: 8, lines: 0 };

function buildMatrix(built: Built): Matrix {
  const panels = [0, 1, 2].map((r) =>
    [0, 1, 2].map((c) => {
      const panel = { ...DEFAULTS };
      for (const [attr, cell] of Object.entries(built.cells) as [Attribute, Cell][]) panel[attr] = cell(r, c);
      return panel;
    }),
  );
  return { family: built.family, panels, rules: built.rules };
}

function validPanel(matrix: Matrix, panel: Panel): boolean {
  if (matrix.family === 'objects') return panel.count >= 1 && panel.count <= 4;
  if (matrix.family === 'lines') return panel.lines !== 0 || panel.count > 0;
  return true;
}

/** The ordered attributes an answer set varies with one alternative: the answer's value and the alternative's. */
export function orderedPairs(
  item: Pick<MatrixItem, 'options' | 'correctAnswer'>,
): { attr: Ordered; a: number; b: number }[] {
  return ORDERED.flatMap((attr) => {
    const a = item.options[item.correctAnswer][attr];
    const values = [...new Set(item.options.map((o) => o[attr]))];
    return values.length === 2 ? [{ attr, a, b: values.find((v) => v !== a)! }] : [];
  });
}
const ORDERED = ['count', 'size'] as const;
type Ordered = (typeof ORDERED)[number];
/**
 * How often the generator, before balancing, offers each (answer value, alternative value) pair of an ordered
 * attribute, per template (pair-odds.json, from `npm run items:pair-odds`; a unit test checks it is current).
 * Refusing no sheet would leave them lopsided: an option next to the answer in its row's progression would repeat a
 * panel, so some pairs come one way only ("2 beside 1" always keyed 2). Accepting a drawn pair (a, b) with
 * probability min(1, q(b, a) / q(a, b)) makes the accepted pairs symmetric, min(q(a, b), q(b, a)): each value of a
 * pair is the key half the time, and no value is more or less often the key than any other.
 */
const PAIR_ODDS = pairOdds as Record<string, Partial<Record<Ordered, number[][]>>>;

export function generateMatrixItem(
  template: keyof typeof TEMPLATES,
  seed: number,
  { balancePairs = true }: { balancePairs?: boolean } = {},
): MatrixItem {
  const rng = createRng(seed);
  for (let attempt = 0; attempt < 400; attempt++) {
    const matrix = buildMatrix(TEMPLATES[template](rng));
    if (!isUnambiguous(matrix.panels)) continue;
    // The ordered attribute a template progresses must be among what the options vary, or the item would not test it.
    const required = ORDERED.filter((a) => matrix.rules[a] === 'progression');
    const set = balancedAnswerSet(rng, matrix.panels, (p) => validPanel(matrix, p), [...required]);
    if (!set) continue;
    const defensible = defensibleOptions(matrix.panels, set.options);
    if (defensible.length !== 1 || defensible[0] !== set.correctAnswer) continue;
    if (balancePairs) {
      const refused = orderedPairs(set).some(({ attr, a, b }) => {
        const q = PAIR_ODDS[template]?.[attr];
        if (!q) return false;
        return !(rng() < Math.min(1, q[b][a] / q[a][b]));
      });
      if (refused) continue;
    }
    return { matrix, ...set };
  }
  throw new Error(`No sound ${template} matrix from seed ${seed} in 400 attempts`);
}
