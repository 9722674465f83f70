/**
 * The tail probabilities of the item report (src/domain/irt/probability.ts) against printed tables and R.
 * - Chi-square critical values: NIST/SEMATECH e-Handbook of Statistical Methods, §1.3.6.7.4 "Critical values of
 *   the chi-square distribution" (https://www.itl.nist.gov/div898/handbook/eda/section3/eda3674.htm), printed to
 *   three decimals; the normal 97.5 % point 1.96 (ibid. §1.3.6.7.1).
 * - Γ(½) = √π and Γ(n) = (n − 1)! (Abramowitz & Stegun 6.1.8, 6.1.6).
 * - R 4.2.2 (Debian's r-base-core 4.2.2.20221110-2), printed with options(digits = 15): pchisq(x, df,
 *   lower.tail = FALSE), pnorm(z, lower.tail = FALSE), lgamma(x), pgamma(x, a, lower.tail = FALSE) and
 *   p.adjust(p, "BH"), for the values below.
 */
import { describe, expect, it } from 'vitest';
import {
  benjaminiHochberg,
  chiSquareUpper,
  logGamma,
  normalUpper,
  upperGamma,
} from '../../src/domain/irt/probability.ts';

describe('chi-square and normal tails', () => {
  it('give the printed critical values their tail areas', () => {
    const table: [number, number, number][] = [
      // [df, critical value, upper tail]
      [1, 3.841, 0.05],
      [2, 5.991, 0.05],
      [5, 11.07, 0.05],
      [10, 18.307, 0.05],
      [30, 43.773, 0.05],
      [1, 6.635, 0.01],
      [5, 15.086, 0.01],
      [20, 37.566, 0.01],
    ];
    // Three printed decimals move the area by at most the density there times 5e-4.
    for (const [df, x, tail] of table) expect(Math.abs(chiSquareUpper(x, df) - tail)).toBeLessThan(1e-4);
    expect(Math.abs(normalUpper(1.96) - 0.025)).toBeLessThan(1e-4);
  });

  it('agree with R’s pchisq and pnorm to 1e-12 of the value, far into the tails', () => {
    const r: [number, number, number][] = [
      [3.841458820694124, 1, 5.0e-2],
      [0.5, 3, 9.18891411654676e-1],
      [1.426946229, 1, 2.3226346274942e-1],
      [15.08627246938899, 5, 1.0e-2],
      [40, 10, 1.69447439300674e-5],
      [100, 100, 4.81191684527957e-1],
      [0.001, 2, 9.99500124979169e-1],
    ];
    for (const [x, df, p] of r) expect(Math.abs(chiSquareUpper(x, df) / p - 1)).toBeLessThan(1e-12);
    const z: [number, number][] = [
      [1.959963984540054, 0.025],
      [3, 1.34989803163009e-3],
      [5, 2.86651571879194e-7],
      [8, 6.22096057427178e-16],
    ];
    for (const [x, p] of z) expect(Math.abs(normalUpper(x) / p - 1)).toBeLessThan(1e-12);
    expect(normalUpper(-1.959963984540054)).toBeCloseTo(0.975, 14);
    expect(upperGamma(2.5, 0.1)).toBeCloseTo(0.9991138612111874, 14);
    expect(upperGamma(20, 30)).toBeCloseTo(0.0218734684413909, 14);
    expect(chiSquareUpper(0, 3)).toBe(1);
  });

  it('ln Γ: √π at ½, factorials at the integers, R’s lgamma elsewhere', () => {
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 13);
    expect(logGamma(10)).toBeCloseTo(Math.log(362880), 12);
    expect(logGamma(3.7)).toBeCloseTo(1.42807232666539, 13);
    expect(logGamma(50)).toBeCloseTo(144.565743946345, 11);
    expect(logGamma(1e-3)).toBeCloseTo(6.90717888538385, 12);
  });
});

describe('Benjamini–Hochberg', () => {
  it('is R’s p.adjust(p, "BH"), leaving untested items out of the count', () => {
    // p.adjust(c(0.01, 0.04, 0.03, 0.5), "BH") = 0.04 0.05333333 0.05333333 0.5
    expect(benjaminiHochberg([0.01, null, 0.04, 0.03, 0.5])).toEqual([
      0.04,
      null,
      expect.closeTo(0.0533333333, 9),
      expect.closeTo(0.0533333333, 9),
      0.5,
    ]);
    expect(benjaminiHochberg([0.9, 0.95])).toEqual([0.95, 0.95]);
  });
});
