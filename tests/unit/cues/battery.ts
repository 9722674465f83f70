/**
 * The cue battery (DESIGN.md §3.7): over thousands of generated items of one template, every reader's hit rate
 * (tests/support/matrix-readers.ts) must lie within chance ± 3 standard errors, on both sides — above would be a
 * shortcut to the key, below a way to strike an option out. The standard error is that of the mean of the
 * per-item odds (a reader keeping three options scores 1/3 or 0 on an item, not 1 or 0).
 */
import { expect } from 'vitest';
import { generateMatrixItem, TEMPLATES } from '../../../src/domain/matrices/generate.ts';
import type { MatrixItem } from '../../../src/domain/matrices/model.ts';
import { oddsOf, READERS, viewOf } from '../../support/matrix-readers.ts';

export const ITEMS_PER_TEMPLATE = 10_000;
export const CHANCE = 1 / 6;
export type Template = keyof typeof TEMPLATES;

export interface ReaderRow {
  reader: string;
  rate: number;
  se: number;
  z: number;
}

/** Every reader's hit rate over a list of items. */
export function measure(items: MatrixItem[]): ReaderRow[] {
  const sums = new Map(Object.keys(READERS).map((r) => [r, { s: 0, s2: 0 }]));
  for (const item of items) {
    const view = viewOf(item);
    for (const [name, reader] of Object.entries(READERS)) {
      const odds = oddsOf(reader(view), item.correctAnswer);
      const sum = sums.get(name)!;
      sum.s += odds;
      sum.s2 += odds * odds;
    }
  }
  const n = items.length;
  return [...sums].map(([reader, { s, s2 }]) => {
    const rate = s / n;
    const se = Math.sqrt(Math.max(0, s2 / n - rate * rate) / (n - 1));
    // A reader that keeps every option on every item sits exactly at chance with no spread at all.
    const z = se > 0 ? (rate - CHANCE) / se : Math.abs(rate - CHANCE) < 1e-12 ? 0 : Math.sign(rate - CHANCE) * Infinity;
    return { reader, rate, se, z };
  });
}

export const itemsOf = (template: Template, count = ITEMS_PER_TEMPLATE): MatrixItem[] =>
  Array.from({ length: count }, (_, i) => generateMatrixItem(template, 1 + i * 7919));

/**
 * How often an option showing each value of an ordered attribute (count, size) is the key. Exchangeable answer sets
 * keep it near 1/6; the old design had values that were never the key ("the fewest figures": 0 %).
 */
export function valueShares(items: MatrixItem[]): { value: string; share: number; options: number }[] {
  const tally = new Map<string, { key: number; all: number }>();
  for (const item of items)
    item.options.forEach((o, i) => {
      for (const attr of ['count', 'size'] as const) {
        const t = tally.get(`${attr} ${o[attr]}`) ?? { key: 0, all: 0 };
        t.all++;
        if (i === item.correctAnswer) t.key++;
        tally.set(`${attr} ${o[attr]}`, t);
      }
    });
  return [...tally].map(([value, t]) => ({ value, share: t.key / t.all, options: t.all }));
}

/** Runs the battery on one template, prints its table and expects every reader within ± 3 SE of chance. */
export function expectNoCue(template: Template): void {
  const items = itemsOf(template);
  const rows = measure(items);
  console.log(
    `cue battery, ${template}, ${ITEMS_PER_TEMPLATE.toLocaleString('en')} items (chance 16.67 %):\n` +
      rows
        .map((r) => `  ${r.reader.padEnd(44)} ${(r.rate * 100).toFixed(2).padStart(6)} %  z ${r.z.toFixed(2)}`)
        .join('\n'),
  );
  const outside = rows
    .filter((r) => Math.abs(r.z) > 3)
    .map((r) => `${r.reader}: ${(r.rate * 100).toFixed(2)} %, z ${r.z.toFixed(1)}`);
  expect(outside, `${template}: readers outside chance ± 3 SE`).toEqual([]);
  // "Prefer (or avoid) options with two figures": each value of count and size is the key in 1/6 of the options
  // showing it, within ± 3 SE. A value shows in three options of an item (a cube's side) or all six, so the SE is
  // that of a half-and-half coin over the items showing it, divided by three.
  const shares = valueShares(items).filter((v) => v.options >= 300);
  console.log(`  key share by value: ${shares.map((v) => `${v.value} ${(v.share * 100).toFixed(1)} %`).join(', ')}`);
  for (const v of shares) {
    const se = Math.sqrt(0.25 / (v.options / 3)) / 3;
    expect(Math.abs(v.share - CHANCE), `${template}: ${v.value} ${(v.share * 100).toFixed(1)} %`).toBeLessThan(3 * se);
  }
}
