/**
 * The item analysis recovers what a known item-response model put into simulated sheets: the order of the items'
 * difficulties, the reliability of the number-correct score, and which items discriminate better; and it gives
 * the hand-computed figures on small cases.
 */
import { describe, expect, it } from 'vitest';
import {
  analyseForm,
  correlation,
  OPTION_COUNT,
  UNANSWERED,
  type AnalysisItem,
  type Sheet,
} from '../../src/domain/iq/analysis.ts';
import { createRng, type Rng } from '../../src/domain/matrices/rng.ts';

const ITEMS = 20;
const SHEETS = 2000;
const GUESSING = 1 / OPTION_COUNT;
/** Difficulties evenly from −2 to +2; discriminations alternate 1.0 / 1.5 so both groups span the same difficulties. */
const model = Array.from({ length: ITEMS }, (_, j) => ({ b: -2 + (4 * j) / (ITEMS - 1), a: j % 2 ? 1.5 : 1.0 }));

/** 3PL: a sixth of those who do not know the answer still guess it. */
const pCorrect = (theta: number, { a, b }: { a: number; b: number }) =>
  GUESSING + (1 - GUESSING) / (1 + Math.exp(-a * (theta - b)));

function normal(rng: Rng): number {
  const u = 1 - rng();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
}

function simulate(seed: number): { items: AnalysisItem[]; sheets: Sheet[] } {
  const rng = createRng(seed);
  const items = model.map((_, j) => ({ id: j + 1, correctAnswer: Math.floor(rng() * OPTION_COUNT) }));
  const sheets = Array.from({ length: SHEETS }, () => {
    const theta = normal(rng);
    return items.map(({ correctAnswer }, j) => {
      if (rng() < pCorrect(theta, model[j])) return correctAnswer;
      // A wrong answer is any of the five distractors alike.
      return (correctAnswer + 1 + Math.floor(rng() * (OPTION_COUNT - 1))) % OPTION_COUNT;
    });
  });
  return { items, sheets };
}

/** Reliability of the number correct under the model: Var(E[X|θ]) / (Var(E[X|θ]) + E[Var(X|θ)]), θ ~ N(0, 1). */
function modelReliability(): number {
  let w = 0,
    t = 0,
    t2 = 0,
    error = 0;
  for (let theta = -8; theta <= 8; theta += 0.01) {
    const density = Math.exp((-theta * theta) / 2);
    const ps = model.map((item) => pCorrect(theta, item));
    const expected = ps.reduce((s, p) => s + p, 0);
    w += density;
    t += density * expected;
    t2 += density * expected * expected;
    error += density * ps.reduce((s, p) => s + p * (1 - p), 0);
  }
  const trueVariance = t2 / w - (t / w) ** 2;
  return trueVariance / (trueVariance + error / w);
}

const ranks = (xs: number[]) => {
  const order = xs.map((x, i) => [x, i]).sort((l, r) => l[0] - r[0]);
  const out = new Array<number>(xs.length);
  order.forEach(([, i], r) => (out[i] = r));
  return out;
};
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const spearman = (xs: number[], ys: number[]) => correlation(ranks(xs), ranks(ys))!;

describe('item analysis of sheets simulated from a 3PL model (2,000 takers, 20 items)', () => {
  const { items, sheets } = simulate(20_250_101);
  const report = analyseForm(items, sheets);
  const p = report.items.map((item) => item.p!);

  it('orders the items from easier to harder as the model does', () => {
    const rho = spearman(
      model.map((m) => m.b),
      p,
    );
    expect(rho, `Spearman(b, p) = ${rho}`).toBeLessThan(-0.95);
    for (let i = 0; i < ITEMS; i++) {
      for (let j = 0; j < ITEMS; j++) if (model[j].b - model[i].b > 0.5) expect(p[i]).toBeGreaterThan(p[j]);
    }
  });

  it('measures KR-20 within .05 of the reliability the model implies', () => {
    const truth = modelReliability();
    expect(report.n).toBe(SHEETS);
    expect(Math.abs(report.kr20! - truth), `KR-20 ${report.kr20} against ${truth}`).toBeLessThan(0.05);
  });

  it('finds every item discriminating, the steeper ones more on average', () => {
    const r = report.items.map((item) => item.pointBiserial!);
    for (const value of r) expect(value).toBeGreaterThan(0);
    const average = (slope: number) => mean(r.filter((_, j) => model[j].a === slope));
    // The model puts the gap near .05 (seeds 1–30: .035–.064).
    expect(average(1.5)).toBeGreaterThan(average(1.0) + 0.02);
  });

  it('shows the key drawing p and the five distractors sharing the rest about equally', () => {
    report.items.forEach((item, j) => {
      const shares = item.optionShares!;
      expect(shares.unanswered).toBe(0);
      expect(shares.options[items[j].correctAnswer]).toBeCloseTo(item.p!, 10);
      const distractors = shares.options.filter((_, o) => o !== items[j].correctAnswer);
      for (const share of distractors) expect(share).toBeCloseTo((1 - item.p!) / 5, 1);
    });
  });
});

describe('item analysis, small cases by hand', () => {
  const items: AnalysisItem[] = [
    { id: 1, correctAnswer: 0 },
    { id: 2, correctAnswer: 1 },
    { id: 3, correctAnswer: 2 },
  ];
  // Sheets (choices)      item scores  X
  //   [0, 1, 2]            1 1 1       3
  //   [0, 1, 3]            1 1 0       2
  //   [0, 4, −]            1 0 0       1
  //   [5, −, 3]            0 0 0       0
  // p = .75, .5, .25;  Σpq = .1875 + .25 + .1875 = .625;  mean X = 1.5, var X = (2.25 + .25 + .25 + 2.25)/4 = 1.25
  // KR-20 = 3/2 · (1 − .625/1.25) = .75
  // Item 1 against the rest (2, 1, 0, 0): cov = .1875, var item = .1875, var rest = .6875 → r = √(3/11) ≈ .522
  //   (against the total it would be .375/√(.1875·1.25) ≈ .775: the item's own point inflates it.)
  // Item 2 against the rest (2, 1, 1, 0): cov = .25, var item = .25, var rest = .5 → r = 1/√2; item 3 mirrors item 1.
  // Option shares: item 1 option 0 ¾, option 5 ¼; item 2 option 1 ½, option 4 ¼, unanswered ¼;
  //   item 3 option 2 ¼, option 3 ½, unanswered ¼.
  const sheets: Sheet[] = [
    [0, 1, 2],
    [0, 1, 3],
    [0, 4, UNANSWERED],
    [5, UNANSWERED, 3],
  ];
  const report = analyseForm(items, sheets);

  it('gives KR-20, p and the corrected item–rest correlations worked out above', () => {
    expect(report.n).toBe(4);
    expect(report.kr20).toBeCloseTo(0.75, 12);
    expect(report.items.map((i) => i.p)).toEqual([0.75, 0.5, 0.25]);
    expect(report.items.map((i) => i.n)).toEqual([4, 3, 3]);
    const r = report.items.map((i) => i.pointBiserial!);
    expect(r[0]).toBeCloseTo(Math.sqrt(3 / 11), 12);
    expect(r[1]).toBeCloseTo(Math.SQRT1_2, 12);
    expect(r[2]).toBeCloseTo(Math.sqrt(3 / 11), 12);
  });

  it('gives the option shares worked out above, unanswered apart', () => {
    expect(report.items.map((i) => i.optionShares)).toEqual([
      { options: [0.75, 0, 0, 0, 0, 0.25], unanswered: 0 },
      { options: [0, 0.5, 0, 0, 0.25, 0], unanswered: 0.25 },
      { options: [0, 0, 0.25, 0.5, 0, 0], unanswered: 0.25 },
    ]);
  });

  it('leaves undefined figures null: one sheet, equal scores, an item everyone got right', () => {
    expect(analyseForm(items, [[0, 1, 2]]).kr20).toBeNull();
    const equal = analyseForm(items, [
      [0, 1, 3],
      [0, 4, 2],
      [5, 1, 2],
    ]);
    expect(equal.kr20).toBeNull();
    const allRight = analyseForm(items, [
      [0, 1, 2],
      [0, 1, 3],
      [0, 4, 3],
    ]);
    expect(allRight.items[0].pointBiserial).toBeNull();
    // Item 2 (1, 1, 0) against the rest (2, 1, 1): cov = 1/9, both variances 2/9 → r = .5.
    expect(allRight.items[1].pointBiserial).toBeCloseTo(0.5, 12);
  });

  it('reports a form without sheets as empty, not as zeros', () => {
    const empty = analyseForm(items, []);
    expect(empty).toEqual({
      n: 0,
      kr20: null,
      items: items.map(({ id }) => ({ id, n: 0, p: null, pointBiserial: null, optionShares: null })),
    });
  });
});
