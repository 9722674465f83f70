import { describe, expect, it } from 'vitest';
import { pairCounts } from '../../../db/pair-odds.ts';
import pairOdds from '../../../src/domain/matrices/pair-odds.json' with { type: 'json' };
import { TEMPLATES } from '../../../src/domain/matrices/generate.ts';

/** The table the generator balances answer pairs with must describe today's generator (`npm run items:pair-odds`). */
describe('the pair table of ordered attributes', () => {
  it.each(Object.keys(TEMPLATES))(
    'is current for %s',
    (template) => {
      const table = (pairOdds as Record<string, Record<string, number[][]>>)[template] ?? {};
      const fresh = pairCounts(template as keyof typeof TEMPLATES, 1_500);
      expect(Object.keys(fresh).sort()).toEqual(Object.keys(table).sort());
      for (const [attr, counts] of Object.entries(fresh)) {
        const total = (m: number[][]) => m.flat().reduce((s, n) => s + n, 0);
        const [n, N] = [total(counts), total(table[attr])];
        counts.forEach((row, a) =>
          row.forEach((k, b) => {
            // The same pairs occur, at shares within 5 standard errors of the table's.
            const p = table[attr][a][b] / N;
            expect(Math.abs(k / n - p), `${template} ${attr} ${a}→${b}`).toBeLessThanOrEqual(
              5 * Math.sqrt(Math.max(p * (1 - p), 1e-4) / n) + 1e-9,
            );
          }),
        );
      }
    },
    120_000,
  );
});
