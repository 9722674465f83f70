/**
 * `npm run items:pair-odds`: counts, per matrix template and ordered attribute (count, size), how often the generator
 * offers each (answer value, alternative value) pair before balancing, over 20,000 seeds, and writes the table the
 * generator balances with (src/domain/matrices/pair-odds.json). Run it after changing a template or the answer sets;
 * tests/unit/cues/pair-odds.test.ts fails while the table is out of date.
 */
import { writeFileSync } from 'node:fs';
import { generateMatrixItem, orderedPairs, TEMPLATES } from '../src/domain/matrices/generate.ts';

export const PAIR_SEEDS = 20_000;

export function pairCounts(template: keyof typeof TEMPLATES, seeds = PAIR_SEEDS) {
  const counts: Record<string, number[][]> = {};
  for (let i = 0; i < seeds; i++) {
    const item = generateMatrixItem(template, 1_000_003 + i * 7919, { balancePairs: false });
    for (const { attr, a, b } of orderedPairs(item)) {
      counts[attr] ??= Array.from({ length: 5 }, () => Array(5).fill(0));
      counts[attr][a][b]++;
    }
  }
  return counts;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const table = Object.fromEntries(Object.keys(TEMPLATES).map((t) => [t, pairCounts(t as keyof typeof TEMPLATES)]));
  writeFileSync('src/domain/matrices/pair-odds.json', `${JSON.stringify(table)}\n`);
  console.log('wrote src/domain/matrices/pair-odds.json');
}
