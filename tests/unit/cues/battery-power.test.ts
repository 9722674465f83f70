import { describe, expect, it } from 'vitest';
import { CHANCE, itemsOf, measure, valueShares } from './battery.ts';
import { samePanel } from '../../../src/domain/matrices/model.ts';

/** The battery must be able to fail: fed the cues the old designs had, the readers find them. */
describe('the cue battery catches the cues of earlier designs', { timeout: 60_000 }, () => {
  const items = itemsOf('count-progression', 1_500);
  const rate = (rows: ReturnType<typeof measure>, reader: string) => rows.find((r) => r.reader === reader)!;

  it('sees a key that always has the most figures', () => {
    const cued = items.map((item) => {
      const key = item.options[item.correctAnswer];
      const options = item.options.map((o) =>
        samePanel(o, key) ? { ...o, count: 4 } : { ...o, count: 1 + (o.count % 3) },
      );
      return { ...item, options };
    });
    const rows = measure(cued);
    expect(rate(rows, 'most figures').rate).toBeGreaterThan(2 * CHANCE);
    expect(rate(rows, 'fewest figures').z).toBeLessThan(-3);
    // Options with one figure are never the key: the value check sees it.
    expect(valueShares(cued).find((v) => v.value === 'count 1')!.share).toBeLessThan(0.1);
  });

  it('sees a key that always sits in the same place', () => {
    const cued = items.map((item) => {
      const options = [...item.options];
      [options[0], options[item.correctAnswer]] = [options[item.correctAnswer], options[0]];
      return { ...item, options, correctAnswer: 0 };
    });
    expect(rate(measure(cued), 'position 1').rate).toBe(1);
  });

  it('sees a key whose description is the longest', () => {
    const cued = items.map((item) => {
      const key = item.options[item.correctAnswer];
      // "п’ятикутник" / "pentagon" against "коло" / "circle": the key's text alternative is the longest.
      const options = item.options.map((o) => ({ ...o, shape: samePanel(o, key) ? 4 : 0 }));
      return { ...item, options };
    });
    const rows = measure(cued);
    expect(rate(rows, 'most uk text length').z).toBeGreaterThan(3);
    expect(rate(rows, 'most en text length').z).toBeGreaterThan(3);
  });
});
