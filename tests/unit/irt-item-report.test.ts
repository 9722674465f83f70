/**
 * The item report (src/domain/irt/item-report.ts): the statistics of fit.ts, local-dependence.ts and dif.ts put
 * together per item, and the rule that flags an item for rewriting. The statistics themselves are checked against
 * mirt and difR in irt-fit, irt-local-dependence and irt-dif; here, that the report carries them and flags by the
 * stated rule.
 */
import { describe, expect, it } from 'vitest';
import { calibrate, type CalibratedItem } from '../../src/domain/irt/calibrate.ts';
import { itemReport } from '../../src/domain/irt/item-report.ts';
import { probability, type Responses } from '../../src/domain/irt/model.ts';
import { seeded } from '../../src/domain/irt/simulate.ts';
import { lsatPatterns, verbalAggression } from '../support/irt-fixtures.ts';

describe('the item report', () => {
  it('LSAT7: item 2 is flagged for misfit, after the Benjamini–Hochberg adjustment, and nothing else', () => {
    const data = lsatPatterns('LSAT7_patterns.csv');
    const report = itemReport({ items: calibrate(data, { model: '2pl' }).items, data, parameters: 2 });
    expect(report.sheets).toBe(1000);
    expect(report.items.map((i) => i.reasons.length > 0)).toEqual([false, true, false, false, false]);
    expect(report.items[1].reasons[0]).toMatch(/^misfit: S-X² 14\.\d on 2 df, adjusted p 3\.\de-3$/);
    expect(report.items[1].fit.pAdjusted).toBeCloseTo(5 * report.items[1].fit.p!, 12);
    expect(report.items[0].q3).toEqual({ max: expect.closeTo(-0.214, 2), partner: 'i3' });
    expect(report.items.every((i) => i.dif === null)).toBe(true);
  });

  it('verbal aggression, women against men: difR’s Δ per item, class C flagged', () => {
    const { data, groups } = verbalAggression();
    const report = itemReport({ items: calibrate(data, { model: '2pl' }).items, data, parameters: 2, groups });
    const byId = new Map(report.items.map((i) => [i.id, i]));
    expect(byId.get('S2WantShout')!.dif!.delta).toBeCloseTo(-2.4861, 4);
    expect(byId.get('S2DoCurse')!.dif).toMatchObject({ ets: 'C', reference: 243, focal: 73 });
    const classC = report.items.filter((i) => i.reasons.some((r) => r.startsWith('DIF class C'))).map((i) => i.id);
    expect(classC).toEqual(['S2WantShout', 'S2DoCurse']);
    // Want/do pairs of one situation and behaviour share more than the trait: the report finds them.
    expect(report.dependentPairs.map((p) => p.items.join('+'))).toContain('S4WantShout+S4DoShout');
  });

  it('flags a weak or backwards slope, and an estimated guessing above 0.35 but not a fixed one', () => {
    const { random, normal } = seeded(3);
    const truth: CalibratedItem[] = Array.from({ length: 8 }, (_, j) => ({
      id: `q${j}`,
      a: j === 0 ? 0.15 : j === 1 ? -0.6 : 1.2,
      b: -1 + j / 4,
      c: j === 2 ? 0.45 : 0.1,
      seA: 0.1,
      seB: 0.1,
    }));
    const rows = Array.from({ length: 1500 }, () => {
      const theta = normal();
      return truth.map((item) => (random() < probability(theta, item) ? 1 : 0)) as Responses;
    });
    const data = { items: truth.map((i) => i.id), rows };
    const estimated = itemReport({ items: truth, data, parameters: 3 }).items;
    expect(estimated[0].reasons).toContain('a 0.15: weak');
    expect(estimated[1].reasons).toContain('a -0.60: backwards');
    expect(estimated[2].reasons).toContain('c 0.45: guessable');
    expect(itemReport({ items: truth, data, parameters: 2 }).items[2].reasons).not.toContain('c 0.45: guessable');
    const slopeOrGuessing = (reason: string) => /^(a|c) /.test(reason);
    expect(estimated.slice(3).flatMap((i) => i.reasons.filter(slopeOrGuessing))).toEqual([]);
  });
});
