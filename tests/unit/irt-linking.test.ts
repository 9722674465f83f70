/**
 * Linking forms through anchor items (issue 29, point 4): a multiple-group concurrent calibration puts forms taken by
 * different groups on one scale; as one group, or form by form, it does not. Simulated, seeded.
 */
import { describe, expect, it } from 'vitest';
import { calibrate } from '../../src/domain/irt/calibrate.ts';
import { components } from '../../src/domain/irt/components.ts';
import { simulateLinking } from '../../src/domain/irt/linking-study.ts';
import type { Label } from '../../src/domain/irt/simulate.ts';

const TEN: Label[] = ['easy', 'easy', 'easy', 'medium', 'medium', 'medium', 'medium', 'hard', 'hard', 'hard'];

describe('concurrent calibration with a group per form', { timeout: 60_000 }, () => {
  it('puts two forms sharing four anchors on one scale when their groups differ by 0.6 SD', () => {
    const study = simulateLinking({
      forms: [TEN, TEN],
      anchors: [1, 4, 6, 8],
      groupMeans: [0, 0.6],
      peoplePerForm: 1000,
      seed: 1,
    });
    expect(study.converged).toBe(true);
    // The second group's mean comes back…
    expect(study.estimatedMeans[0]).toBe(0);
    expect(study.estimatedMeans[1]).toBeGreaterThan(0.45);
    expect(study.estimatedMeans[1]).toBeLessThan(0.75);
    // …and both forms' difficulties are off the truth by the same amount: one scale.
    expect(study.concurrentSpread).toBeLessThan(0.1);
    // Form by form, the second form's scale is its own group's: shifted by about the groups' difference.
    expect(study.separateSpread).toBeGreaterThan(0.4);
    // As one group, the difference is only partly removed.
    expect(study.singleGroupSpread).toBeGreaterThan(0.12);
    expect(study.concurrentRmseB).toBeLessThan(0.25);
  });

  it('with groups alike, estimates the other group at about N(0, 1)', () => {
    const study = simulateLinking({
      forms: [TEN, TEN],
      anchors: [1, 4, 6, 8],
      groupMeans: [0, 0],
      peoplePerForm: 800,
      seed: 2,
    });
    expect(Math.abs(study.estimatedMeans[1])).toBeLessThan(0.12);
    expect(study.concurrentSpread).toBeLessThan(0.1);
  });

  it('refuses groups that are not one per row, numbered from 0 with none missing', () => {
    const data = { items: ['a', 'b'], rows: Array.from({ length: 40 }, (_, i) => [i % 2, (i >> 1) % 2] as (0 | 1)[]) };
    const groups = (g: (i: number) => number) => ({ ...data, groups: data.rows.map((_, i) => g(i)) });
    for (const bad of [groups((i) => (i % 2) + 1), groups((i) => (i % 2) * 2), { ...data, groups: [0, 1] }])
      expect(() => calibrate(bad, { model: '2pl' })).toThrow(/groups are one per row/);
    // Every sheet in group 0 is one group: the single-group fit exactly.
    const one = calibrate(
      groups(() => 0),
      { model: '2pl' },
    );
    expect(one.groups).toBeUndefined();
    expect(one.items).toEqual(calibrate(data, { model: '2pl' }).items);
  });

  it('a component keeps the groups of its sheets, renumbered; one group is no group', () => {
    const data = {
      items: ['a', 'b', 'c'],
      rows: [
        [1, 0, null],
        [0, 1, null],
        [null, null, 1],
        [null, null, 0],
      ] as (0 | 1 | null)[][],
      groups: [2, 3, 1, 1],
    };
    const [ab, c] = components(data);
    expect(ab.groups).toEqual([0, 1]);
    expect(c.groups).toBeUndefined();
  });
});
