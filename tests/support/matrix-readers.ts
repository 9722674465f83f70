/**
 * The battery's readers: every way we could think of to pick a matrix answer without working out its rules — what
 * a test-wise person does with the options alone, or with the options and a glance at the matrix (DESIGN.md §3.7).
 * Each keeps the options it favours and picks among them at random, so on an item it finds the key with odds
 * 1/|kept| when the key is kept, else 0; over many items a reader that sees nothing lands at 1/6.
 *
 * - frequency: the generator's own shortcut strategies (shortcuts.ts: most typical, unseen values, novelty, copies);
 * - ordinal: the most / fewest / middle by figures, size, line segments, darkness and ink, both ways;
 * - odd one out: the option least like the others;
 * - markup: the option SVG's length, element count and attribute tokens shared with the matrix SVG, both ways;
 * - text: the option's text alternative's length and words shared with the matrix's, in each language, both ways;
 * - position: always the k-th option.
 */
import type { MatrixItem, Panel } from '../../src/domain/matrices/model.ts';
import { features, shortcutsFor, STRATEGIES } from '../../src/domain/matrices/shortcuts.ts';
import { renderMatrix, renderOption } from '../../src/domain/matrices/render.ts';
import { describeMatrix, panelAlt } from '../../src/domain/matrices/describe.ts';

type Kept = number[];
export type Reader = (view: ItemView) => Kept;

/** What a reader may look at: the options (panels, markup, text) and the matrix as shown (not its answer). */
export interface ItemView {
  options: Panel[];
  visible: Panel[];
  family: MatrixItem['matrix']['family'];
  optionSvg: string[];
  matrixSvg: string;
  alts: Record<'uk' | 'en', { options: string[]; matrix: string }>;
}

export function viewOf(item: MatrixItem): ItemView {
  const { matrix, options } = item;
  const both = (lang: 'uk' | 'en') => ({
    options: options.map((o) => panelAlt(lang, matrix, o)),
    matrix: describeMatrix(lang, matrix),
  });
  return {
    options,
    visible: matrix.panels.flat().slice(0, 8),
    family: matrix.family,
    optionSvg: options.map((o) => renderOption(o, matrix.family)),
    matrixSvg: renderMatrix(matrix.panels, matrix.family),
    alts: { uk: both('uk'), en: both('en') },
  };
}

const ALL = [0, 1, 2, 3, 4, 5];
/** The options with the highest value of a measure (ties all kept). */
const top = (values: number[]): Kept => ALL.filter((i) => values[i] === Math.max(...values));
const bottom = (values: number[]): Kept => top(values.map((v) => -v));
/** The options strictly between the smallest and the largest value; all of them when there is no such option. */
const middle = (values: number[]): Kept => {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const kept = ALL.filter((i) => values[i] > lo && values[i] < hi);
  return kept.length ? kept : ALL;
};
/** A measure read three ways: its largest, its smallest and its middle values. */
const threeWays = (name: string, measure: (view: ItemView) => number[]): Record<string, Reader> => ({
  [`most ${name}`]: (v) => top(measure(v)),
  [`fewest ${name}`]: (v) => bottom(measure(v)),
  [`middle ${name}`]: (v) => middle(measure(v)),
});
const bothWays = (name: string, measure: (view: ItemView) => number[]): Record<string, Reader> => ({
  [`most ${name}`]: (v) => top(measure(v)),
  [`fewest ${name}`]: (v) => bottom(measure(v)),
});

const figures = (v: ItemView) => v.options.map((o) => (v.family === 'position' ? 1 : o.count));
const segments = (v: ItemView) => v.options.map((o) => o.lines.toString(2).replace(/0/g, '').length);
const ink = (v: ItemView) => v.options.map((o, i) => figures(v)[i] * (o.size + 1) * (o.fill + 1) + segments(v)[i] * 2);

const elements = (svg: string) => (svg.match(/<[a-z]/gi) ?? []).length;
const attributeTokens = (svg: string) => new Set(svg.match(/[a-z-]+="[^"]*"/gi) ?? []);
const words = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}’'-]+/gu) ?? []);
const shared = (a: Set<string>, b: Set<string>) => [...a].filter((x) => b.has(x)).length;

/** Feature by feature, how many other options share each value: high is "most typical", low is the odd one out. */
const typicality = (v: ItemView) => {
  const vectors = v.options.map(features);
  return vectors.map((vec) => vec.reduce((sum, x, f) => sum + vectors.filter((w) => w[f] === x).length, 0));
};

export const READERS: Record<string, Reader> = {
  ...Object.fromEntries(
    STRATEGIES.map((s) => [`frequency: ${s}`, (v: ItemView) => shortcutsFor(v.visible)(v.options)[s]]),
  ),
  ...threeWays('figures', figures),
  ...threeWays('size', (v) => v.options.map((o) => o.size)),
  ...threeWays('line segments', segments),
  ...threeWays('darkness', (v) => v.options.map((o) => o.fill)),
  ...threeWays('ink', ink),
  'odd one out': (v) => bottom(typicality(v)),
  ...bothWays('SVG characters', (v) => v.optionSvg.map((s) => s.length)),
  ...bothWays('SVG elements', (v) => v.optionSvg.map(elements)),
  ...bothWays('SVG attributes shared with the matrix', (v) => {
    const matrix = attributeTokens(v.matrixSvg);
    return v.optionSvg.map((s) => shared(attributeTokens(s), matrix));
  }),
  ...Object.fromEntries(
    (['uk', 'en'] as const).flatMap((lang) =>
      Object.entries({
        ...bothWays(`${lang} text length`, (v) => v.alts[lang].options.map((t) => t.length)),
        ...bothWays(`${lang} words shared with the matrix`, (v) => {
          const matrix = words(v.alts[lang].matrix);
          return v.alts[lang].options.map((t) => shared(words(t), matrix));
        }),
      }),
    ),
  ),
  ...Object.fromEntries(ALL.map((k) => [`position ${k + 1}`, () => [k]])),
};

/** The odds that a reader finds the key of one item. */
export const oddsOf = (kept: Kept, key: number): number => (kept.includes(key) ? 1 / kept.length : 0);
