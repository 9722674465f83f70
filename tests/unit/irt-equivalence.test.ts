import { describe, expect, it } from 'vitest';
import {
  equalShares,
  groupEquivalence,
  independence,
  kruskalWallis,
  type GroupSheets,
} from '../../src/domain/irt/equivalence.ts';
import { seeded } from '../../src/domain/irt/simulate.ts';

describe('the tests behind the group-equivalence check', () => {
  it("Kruskal–Wallis: R's kruskal.test example (Hollander & Wolfe 1973, p. 116): chi-squared = 0.77143, df = 2, p = 0.68", () => {
    // https://stat.ethz.ch/R-manual/R-devel/library/stats/html/kruskal.test.html, Examples (no ties).
    const x = [2.9, 3.0, 2.5, 2.6, 3.2];
    const y = [3.8, 2.7, 4.0, 2.4];
    const z = [2.8, 3.4, 3.7, 2.2, 2.0];
    const test = kruskalWallis([x, y, z]);
    expect(test.statistic).toBeCloseTo(0.77143, 5);
    expect(test.df).toBe(2);
    expect(test.p).toBeCloseTo(0.68, 2);
  });

  it('Kruskal–Wallis with ties: midranks and the tie correction', () => {
    // A = 0 1 1, B = 1 2 2: ranks 1, 3, 3 | 3, 5.5, 5.5; H = 12/42·(49/3 + 196/3) − 21 = 7/3; ties 3 and 2:
    // C = 1 − (24 + 6)/210 = 6/7; H/C = 49/18.
    const test = kruskalWallis([
      [0, 1, 1],
      [1, 2, 2],
    ]);
    expect(test.statistic).toBeCloseTo(49 / 18, 12);
    expect(test.df).toBe(1);
    expect(test.p).toBeCloseTo(0.09894, 4);
  });

  it("independence: R's chisq.test of a 2×4 table prints X-squared = 8.0061, df = 3, p-value = 0.04589", () => {
    // Nathan Carter, "How to perform a chi-squared test on a contingency table (in R)", Bentley University.
    const test = independence([
      [60, 54, 46, 41],
      [40, 44, 53, 57],
    ]);
    expect(test.statistic).toBeCloseTo(8.0061, 4);
    expect(test.df).toBe(3);
    expect(test.p).toBeCloseTo(0.04589, 5);
  });

  it('equal shares: counts against a uniform split', () => {
    // (30 − 25)² + (20 − 25)² + 2·0 over 25 = 2, df 3, p = P(χ²₃ > 2) = 0.5724.
    const test = equalShares([30, 20, 25, 25]);
    expect(test.statistic).toBe(2);
    expect(test.df).toBe(3);
    expect(test.p).toBeCloseTo(0.5724, 4);
  });
});

describe('groupEquivalence', () => {
  /** n sheets per form, anchors right out of 4 at probability `p(form)`, language uk with probability `uk(form)`. */
  function groups(n: (f: number) => number, p: (f: number) => number, uk: (f: number) => number, seed = 7) {
    const { random } = seeded(seed);
    return [4, 8, 9, 10].map((formId): GroupSheets => ({
      formId,
      sheets: Array.from({ length: n(formId) }, () => ({
        anchorsRight: Array.from({ length: 4 }, () => (random() < p(formId) ? 1 : 0) as number).reduce(
          (s, x) => s + x,
          0,
        ),
        lang: random() < uk(formId) ? 'uk' : 'en',
      })),
    }));
  }

  it('finds nothing in groups drawn alike, in about 1 % of draws', () => {
    let flagged = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const report = groupEquivalence(
        groups(
          () => 500,
          () => 0.6,
          () => 0.7,
          seed,
        ),
      );
      if (report.flags.includes('anchors')) flagged++;
      expect(report.largestDifference).toBeLessThan(0.25);
    }
    expect(flagged).toBeLessThanOrEqual(8);
  });

  it('flags a form served to a different group: abler, another language, more often', () => {
    const report = groupEquivalence(
      groups(
        (f) => (f === 9 ? 700 : 500),
        (f) => (f === 9 ? 0.7 : 0.6),
        (f) => (f === 9 ? 0.5 : 0.7),
      ),
    );
    expect(report.flags).toEqual(['size', 'language', 'anchors']);
    expect(report.forms.map((f) => f.n)).toEqual([500, 500, 700, 500]);
    expect(report.largestDifference).toBeGreaterThan(0.3);
    expect(report.languages).toEqual(['en', 'uk']);
  });

  it('counts a form never served in the sizes, and leaves it out of the other tests', () => {
    const report = groupEquivalence(
      groups(
        (f) => (f === 10 ? 0 : 300),
        () => 0.5,
        () => 0.5,
      ),
    );
    expect(report.forms.map((f) => f.formId)).toEqual([4, 8, 9]);
    expect(report.size.df).toBe(3);
    expect(report.flags).toEqual(['size']);
    expect(report.anchors.df).toBe(2);
  });

  it('tests nothing, and does not fail, with fewer than two forms holding sheets', () => {
    for (const n of [() => 0, (f: number) => (f === 4 ? 50 : 0)]) {
      const report = groupEquivalence(
        groups(
          n,
          () => 0.5,
          () => 0.5,
        ),
      );
      expect(report.flags).toEqual([]);
      expect([report.size.p, report.language.p, report.anchors.p]).toEqual([1, 1, 1]);
    }
  });
});
