/**
 * Mantel–Haenszel DIF (src/domain/irt/dif.ts) against published output.
 *
 * - R's mantelhaen.test on its UCBAdmissions data (Bickel, Hammel & O'Connell 1975; in R's datasets), run in R 4.2.2
 *   (Debian's r-base-core 4.2.2.20221110-2): with the continuity correction X-squared = 1.4269, p-value = 0.2323;
 *   without, 1.5246 and 0.2169; common odds ratio 0.9046968, 95 % interval 0.7719074 … 1.0603298 (R builds it from
 *   the Robins–Breslow–Greenland variance, so it checks our standard error of ln α). The 1.5246 / p 0.2169 often
 *   quoted for this example is the statistic without the correction.
 * - R's help page for mantelhaen.test, Agresti's penicillin and rabbits example: "=> p = 0.047"; R prints
 *   X-squared = 3.9286, common odds ratio 7, interval 1.026713 … 47.725133.
 * - A 2 × 2 × 2 table with R's printed output, https://msph-p8120.github.io/cmh.html: without the correction
 *   X-squared = 23.05, p-value = 1.578e-06, interval 2.066744 … 6.069367, common odds ratio 3.541726.
 * - difR's difMH on its verbal aggression data (316 people, 24 items, focal group Gender = 1), as printed in difR's
 *   test snapshots, github.com/adelahladka/difR, tests/testthat/_snaps/difMH.md (commit 28af0942, 2025-09-19): per
 *   item the MH chi-square with correction and its p-value, alphaMH and deltaMH, the log odds-ratio z statistic
 *   (difR's varLambda is Phillips & Holland's 1987 variance, algebraically the Robins–Breslow–Greenland one) and the
 *   Benjamini–Hochberg adjusted p-values; the data are difR's data/verbal.txt (tests/fixtures/irt/verbal.csv).
 */
import { describe, expect, it } from 'vitest';
import { etsClass, itemStrata, mantelHaenszel, type Stratum } from '../../src/domain/irt/dif.ts';
import { benjaminiHochberg } from '../../src/domain/irt/probability.ts';
import { verbalAggression } from '../support/irt-fixtures.ts';

const strata = (cells: number[][]): Stratum[] => cells.map(([a, b, c, d]) => ({ a, b, c, d }));
const interval = (m: { alpha: number; seLogAlpha: number }) =>
  [-1, 1].map((side) => Math.exp(Math.log(m.alpha) + side * 1.959963984540054 * m.seLogAlpha));

describe('the Mantel–Haenszel statistics', () => {
  // Per department: men admitted, men rejected, women admitted, women rejected.
  const ucb = strata([
    [512, 313, 89, 19],
    [353, 207, 17, 8],
    [120, 205, 202, 391],
    [138, 279, 131, 244],
    [53, 138, 94, 299],
    [22, 351, 24, 317],
  ]);

  it('UCBAdmissions: R’s chi-square with and without correction, common odds ratio and its interval', () => {
    const corrected = mantelHaenszel(ucb)!;
    expect(corrected.chiSquare).toBeCloseTo(1.4269, 4);
    expect(corrected.p).toBeCloseTo(0.2323, 4);
    expect(corrected.alpha).toBeCloseTo(0.9046968, 7);
    const [low, high] = interval(corrected);
    expect(low).toBeCloseTo(0.7719074, 7);
    expect(high).toBeCloseTo(1.0603298, 7);
    const plain = mantelHaenszel(ucb, false)!;
    expect(plain.chiSquare).toBeCloseTo(1.5246, 4);
    expect(plain.p).toBeCloseTo(0.2169, 4);
  });

  it('rabbits and penicillin (R’s help page) and the published 2 × 2 × 2 table', () => {
    const rabbits = mantelHaenszel(
      strata([
        [0, 6, 0, 5],
        [3, 3, 0, 6],
        [6, 0, 2, 4],
        [5, 1, 6, 0],
        [2, 0, 5, 0],
      ]),
    )!;
    expect(rabbits.p).toBeCloseTo(0.047, 3);
    expect(rabbits.chiSquare).toBeCloseTo(3.9286, 4);
    expect(rabbits.alpha).toBe(7);
    expect(interval(rabbits)[0]).toBeCloseTo(1.026713, 6);
    expect(interval(rabbits)[1]).toBeCloseTo(47.725133, 5);
    const policy = mantelHaenszel(
      strata([
        [55, 135, 7, 53],
        [48, 12, 96, 94],
      ]),
      false,
    )!;
    expect(policy.chiSquare).toBeCloseTo(23.05, 2);
    expect(policy.p / 1.578e-6).toBeCloseTo(1, 3);
    expect(policy.alpha).toBeCloseTo(3.541726, 6);
    expect(interval(policy)[0]).toBeCloseTo(2.066744, 6);
    expect(interval(policy)[1]).toBeCloseTo(6.069367, 6);
  });

  it('has nothing to say without both groups, and never corrects past zero', () => {
    expect(
      mantelHaenszel(
        strata([
          [3, 2, 0, 0],
          [1, 4, 0, 0],
        ]),
      ),
    ).toBeNull();
    // Σ A − Σ E(A) = 0.2 here: the correction takes it to 0, not to (0.2 − 0.5)² (difR would give 0.13).
    expect(
      mantelHaenszel(
        strata([
          [1, 1, 1, 1],
          [2, 1, 1, 1],
        ]),
      )!.chiSquare,
    ).toBe(0);
  });
});

describe('DIF on difR’s verbal aggression data', () => {
  const { data, groups } = verbalAggression();
  const rows = data.rows as (0 | 1)[][];
  const results = data.items.map((_, j) => mantelHaenszel(itemStrata(rows, groups, j))!);
  // difR: Stat. P-value alphaMH deltaMH (r1) and the logOR Stat. (r2), per item in the file's order.
  const difR = `
    1.7076 0.1913 1.7005 -1.2476 1.4759;2.1486 0.1427 1.7702 -1.3420 1.6751;0.9926 0.3191 1.4481 -0.8701 1.1404
    1.9302 0.1647 1.9395 -1.5567 1.6327;2.9540 0.0857 1.9799 -1.6052 1.9103;9.6032 0.0019 2.8804 -2.4861 3.1373
    0.0013 0.9711 0.9439 0.1358 -0.1889;0.6752 0.4112 0.7194 0.7741 -0.9984;0.8185 0.3656 1.5281 -0.9965 1.1136
    1.6292 0.2018 1.6849 -1.2260 1.4869;0.0152 0.9020 1.0901 -0.2028 0.2735;4.1188 0.0424 2.3458 -2.0036 2.2368
    0.1324 0.7160 0.7967 0.5340 -0.5675;2.7501 0.0972 0.4995 1.6313 -1.8434;0.0683 0.7938 1.1765 -0.3821 0.4495
    6.3029 0.0121 0.3209 2.6709 -2.6614;6.8395 0.0089 0.3746 2.3072 -2.6876;0.2170 0.6414 0.7931 0.5447 -0.6396
    5.7817 0.0162 0.4616 1.8165 -2.4687;3.8880 0.0486 0.4727 1.7606 -2.1368;0.2989 0.5846 0.6373 1.0585 -0.8366
    1.1220 0.2895 0.6444 1.0327 -1.2436;1.4491 0.2287 0.6385 1.0541 -1.3810;0.8390 0.3597 1.6053 -1.1123 1.1203`
    .trim()
    .split(/;|\n/)
    .map((item) => item.trim().split(/\s+/).map(Number));

  it('reproduces difMH’s statistics for all 24 items to its four printed decimals', () => {
    expect(data.items).toHaveLength(24);
    expect(rows).toHaveLength(316);
    results.forEach((r, j) => {
      const [chi, p, alpha, delta, z] = difR[j];
      expect(r.chiSquare).toBeCloseTo(chi, 4);
      expect(r.p).toBeCloseTo(p, 4);
      expect(r.alpha).toBeCloseTo(alpha, 4);
      expect(r.delta).toBeCloseTo(delta, 4);
      expect(Math.log(r.alpha) / r.seLogAlpha).toBeCloseTo(z, 4);
    });
  });

  it('adjusts the 24 p-values as difMH(…, p.adjust.method = "BH") prints', () => {
    const adjusted = benjaminiHochberg(results.map((r) => r.p));
    const printed = [
      0.4036, 0.3805, 0.5106, 0.3954, 0.2917, 0.0466, 0.9711, 0.5483, 0.5162, 0.4036, 0.9412, 0.1945, 0.8182, 0.2917,
      0.866, 0.0964, 0.0964, 0.7696, 0.0972, 0.1945, 0.7384, 0.4963, 0.4222, 0.5162,
    ];
    adjusted.forEach((p, j) => expect(p).toBeCloseTo(printed[j], 4));
  });

  it('classes: difR’s effect-size code is |Δ| alone; ETS’s also asks for significance', () => {
    const difRCodes = 'BBACCCAAABACACACCACCBBBB';
    const size = (d: number) => (Math.abs(d) >= 1.5 ? 'C' : Math.abs(d) >= 1 ? 'B' : 'A');
    expect(results.map((r) => size(r.delta)).join('')).toBe(difRCodes);
    // ETS: only the six items whose χ² is significant at 5 % can leave A; of those, C only where |Δ| is
    // significantly above 1: S2WantShout (Δ −2.49) and S2DoCurse (2.67); S4WantShout's −2.00 (z ≈ 1.1 for |Δ| > 1),
    // S2DoScold, S3DoCurse and S3DoScold stay B.
    expect(results.map((r) => r.ets).join('')).toBe('AAAAACAAAAABAAACBABBAAAA');
  });

  it('etsClass follows Zwick’s rules at their edges', () => {
    expect(etsClass(-1.6, 0.2, 0.2)).toBe('A'); // not significant
    expect(etsClass(0.9, 0.1, 1e-6)).toBe('A'); // significant but under 1
    expect(etsClass(1.4, 0.1, 1e-6)).toBe('B');
    expect(etsClass(1.6, 0.2, 1e-6)).toBe('C'); // (1.6 − 1)/0.2 = 3
    expect(etsClass(1.6, 0.5, 1e-6)).toBe('B'); // (1.6 − 1)/0.5 = 1.2: not above 1
  });
});
