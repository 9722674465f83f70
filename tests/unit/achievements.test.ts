import { describe, expect, it } from 'vitest';
import { achievementsOf, profileStats, reliableChange, type IqRecord } from '../../src/domain/achievements.ts';
import { SERVED_FORM_IDS, iqBank } from '../../src/domain/iq/bank.ts';
import { formScale, highestReading } from '../../src/domain/iq/scale.ts';
import { scoreIqSheet } from '../../src/domain/iq/scoring.ts';

/** A reading with a standard error of 7.5 points (a posterior SD of 0.5, as the served forms give mid-scale). */
const record = (iqScore: number, extra: Partial<IqRecord> = {}): IqRecord => ({
  iqScore,
  iqSe: 7.5,
  iqInterval: [iqScore - 15, iqScore + 15],
  correctAnswers: 15,
  totalQuestions: 20,
  timeSpent: 900_000,
  createdAt: '2026-11-01T10:00:00Z',
  ...extra,
});

describe('achievements', () => {
  it('are all locked with no tests', () => expect(achievementsOf([], 0).unlocked).toEqual([]));
  it('unlock "first test" for any test, career included', () =>
    expect(achievementsOf([], 1).unlocked).toEqual(['firstTest']));
  it.each([
    [140, ['genius', 'gifted']],
    [139, ['gifted']],
    [130, ['gifted']],
    [129, []],
  ])('IQ %i unlocks %j', (iq, extra) => {
    expect(achievementsOf([record(iq)], 0).unlocked).toEqual(['firstTest', ...extra]);
  });
  it('go by what a reading supports: "above X" counts as X, "below Y" as nothing, whatever the estimate', () => {
    // An item-response reading past the top of what its form measures: estimate 150, shown as "above 145".
    expect(achievementsOf([record(150, { iqBound: 'above', iqBoundAt: 145 })], 0).unlocked).toEqual([
      'firstTest',
      'genius',
      'gifted',
    ]);
    // One said "above 128" (a narrower form's top) is not gifted, whatever its estimate.
    expect(achievementsOf([record(134, { iqBound: 'above', iqBoundAt: 128 })], 0).unlocked).toEqual(['firstTest']);
    // A reading from before, shown as "above 130": it says 130, so gifted.
    expect(achievementsOf([record(132, { iqBound: 'above', iqBoundAt: 130 })], 0).unlocked).toEqual([
      'firstTest',
      'gifted',
    ]);
    expect(achievementsOf([record(131, { iqBound: 'below', iqBoundAt: 140 })], 0).unlocked).toEqual(['firstTest']);
  });
  it('say an achievement for a level no served form can read is out of reach, not still ahead', () => {
    // The highest figure a perfect sheet shows on today's forms: 134 (tests/unit/iq-irt-reading.test.ts).
    const a = achievementsOf([record(120)], 0, 134);
    expect(a).toEqual({
      unlocked: ['firstTest'],
      locked: ['gifted', 'speed', 'perfect', 'dedicated'],
      outOfReach: ['genius'],
      highestReading: 134,
    });
    // Once a form can read it, it is still ahead again; once earned (an old result), unlocked.
    expect(achievementsOf([record(120)], 0, 146).outOfReach).toEqual([]);
    expect(achievementsOf([record(141)], 0, 134)).toMatchObject({
      outOfReach: [],
      unlocked: ['firstTest', 'genius', 'gifted'],
    });
  });
  it('name as best the reading that supports the most, as its page says it', () => {
    const stats = profileStats([
      record(134, { iqBound: 'above', iqBoundAt: 116 }),
      record(121),
      record(70, { iqBound: 'below', iqBoundAt: 72 }),
    ]);
    expect(stats.bestIQ).toEqual({ iqEstimate: 121, iqBound: null, iqBoundAt: null, iqInterval: [106, 136] });
    // Only the number is averaged: the bounded readings' estimates are figures their pages do not state.
    expect(stats.averageIQ).toBe(121);
    expect(stats.improvementTrend).toBeNull();
  });
  it('unlock "quick and accurate" under 10 minutes with at least 80 % right — never for speed alone', () => {
    expect(achievementsOf([record(100, { timeSpent: 599_999, correctAnswers: 16 })], 0).unlocked).toContain('speed');
    expect(achievementsOf([record(100, { timeSpent: 600_000, correctAnswers: 16 })], 0).unlocked).not.toContain(
      'speed',
    );
    // Fast and mostly wrong, as a 7-second run is: no reward.
    expect(achievementsOf([record(100, { timeSpent: 7_000, correctAnswers: 15 })], 0).unlocked).not.toContain('speed');
  });
  it('ignore a cautioned run: no achievement is taken from a reading that does not show ability', () => {
    const rushed = record(141, { timeSpent: 7_000, correctAnswers: 20, cautioned: true });
    expect(achievementsOf([rushed], 0).unlocked).toEqual([]);
    expect(achievementsOf(Array(5).fill(record(100, { cautioned: true })), 0).unlocked).toEqual([]);
    // The same with careful runs alongside: only theirs count.
    expect(achievementsOf([rushed, record(131)], 0).unlocked).toEqual(['firstTest', 'gifted']);
  });
  it('unlock "perfect" when every answer was right', () => {
    expect(achievementsOf([record(138, { correctAnswers: 20 })], 0).unlocked).toContain('perfect');
    expect(achievementsOf([record(130, { correctAnswers: 19 })], 0).unlocked).not.toContain('perfect');
  });
  it('unlock "dedicated" at five IQ tests', () => {
    expect(achievementsOf(Array(4).fill(record(100)), 0).unlocked).not.toContain('dedicated');
    expect(achievementsOf(Array(5).fill(record(100)), 0).unlocked).toContain('dedicated');
    expect(achievementsOf(Array(5).fill(record(100)), 0).locked).toEqual(['genius', 'gifted', 'speed', 'perfect']);
  });
});

describe('profile statistics', () => {
  it('have no figures with no tests (not zeros: there is nothing to average)', () => {
    expect(profileStats([])).toEqual({
      totalTests: 0,
      cautionedTests: 0,
      bestIQ: null,
      averageIQ: null,
      averageAccuracy: null,
      improvementTrend: null,
    });
  });
  it('have no trend for one test: a trend needs two', () => {
    expect(profileStats([record(112)])).toEqual({
      totalTests: 1,
      cautionedTests: 0,
      bestIQ: { iqEstimate: 112, iqBound: null, iqBoundAt: null, iqInterval: [97, 127] },
      averageIQ: 112,
      averageAccuracy: 75,
      improvementTrend: null,
    });
  });
  it('take the trend as newest minus oldest, whatever order the rows come in', () => {
    const stats = profileStats([
      record(120, { createdAt: '2026-11-03T00:00:00Z', correctAnswers: 20 }),
      record(100, { createdAt: '2026-11-01T00:00:00Z', correctAnswers: 10 }),
      record(105, { createdAt: '2026-11-02T00:00:00Z', correctAnswers: 13 }),
    ]);
    expect(stats).toEqual({
      totalTests: 3,
      cautionedTests: 0,
      bestIQ: { iqEstimate: 120, iqBound: null, iqBoundAt: null, iqInterval: [105, 135] },
      averageIQ: 108,
      averageAccuracy: 72,
      // 20 points between two readings with SE 7.5 each: within 1.96 × √(2 × 7.5²) = 20.8, what a retake gives alone.
      improvementTrend: { change: 20, reliable: false },
    });
  });
  it('leave out cautioned runs — counted as tests, in no figure: a rushed retake makes no "−29 points" trend', () => {
    const stats = profileStats([
      record(112, { createdAt: '2026-11-01T00:00:00Z', correctAnswers: 15 }),
      record(83, { createdAt: '2026-11-02T00:00:00Z', correctAnswers: 4, timeSpent: 7_000, cautioned: true }),
      record(118, { createdAt: '2026-11-03T00:00:00Z', correctAnswers: 17 }),
      record(150, { createdAt: '2026-11-04T00:00:00Z', correctAnswers: 20, cautioned: true }),
    ]);
    expect(stats).toEqual({
      totalTests: 4,
      cautionedTests: 2,
      bestIQ: { iqEstimate: 118, iqBound: null, iqBoundAt: null, iqInterval: [103, 133] },
      averageIQ: 115,
      averageAccuracy: 80,
      improvementTrend: { change: 6, reliable: false },
    });
    expect(profileStats([record(83, { cautioned: true })])).toEqual({
      totalTests: 1,
      cautionedTests: 1,
      bestIQ: null,
      averageIQ: null,
      averageAccuracy: null,
      improvementTrend: null,
    });
  });
});

describe('a change between readings', () => {
  it('is news only beyond 1.96 standard errors of the difference of the two readings', () => {
    const at = (iqScore: number, iqSe?: number) => ({ iqScore, iqSe });
    expect(reliableChange(at(100, 7.5), at(121, 7.5))).toEqual({ change: 21, reliable: true });
    expect(reliableChange(at(100, 7.5), at(120, 7.5))).toEqual({ change: 20, reliable: false });
    expect(reliableChange(at(121, 7.5), at(100, 7.5))).toEqual({ change: -21, reliable: true });
    // Each reading's own error: a wide one at the end of the scale makes the same change within error.
    expect(reliableChange(at(75, 12), at(100, 7.5)).reliable).toBe(false);
    // A reading that names no error makes no change reliable.
    expect(reliableChange(at(80), at(130, 7.5)).reliable).toBe(false);
  });
  it('shows in the profile only as the readings it compares say: the oldest and newest that are numbers', () => {
    const stats = profileStats([
      record(95, { createdAt: '2026-11-01T00:00:00Z' }),
      record(140, { createdAt: '2026-11-02T00:00:00Z', iqBound: 'above', iqBoundAt: 134 }),
      record(118, { createdAt: '2026-11-03T00:00:00Z' }),
    ]);
    expect(stats.improvementTrend).toEqual({ change: 23, reliable: true });
  });
});

describe('the IQ levels on the forms served today', () => {
  it('let a careful near-perfect sheet earn "Gifted"; no sheet can earn "Genius", and the profile says so', () => {
    const highest = Math.max(...SERVED_FORM_IDS.map((f) => highestReading(formScale(f)!)));
    expect(highest).toBeGreaterThanOrEqual(130);
    expect(highest).toBeLessThan(140);
    const formId = SERVED_FORM_IDS[0];
    const scale = formScale(formId)!;
    const perfect = scoreIqSheet({
      formId,
      answers: iqBank(formId).map((item) => ({
        questionId: item.id,
        selectedAnswer: item.correctAnswer,
        timeSpent: 30_000,
      })),
      timeSpent: 600_000,
      scale,
      reliability: 0,
    });
    expect(perfect.cautions).toEqual([]);
    expect(perfect.iqBoundAt ?? perfect.iqEstimate).toBe(highestReading(scale));
    const mine = record(perfect.iqEstimate, {
      iqBound: perfect.iqBound,
      iqBoundAt: perfect.iqBoundAt,
      correctAnswers: 20,
    });
    expect(achievementsOf([mine], 0, highest)).toMatchObject({
      unlocked: ['firstTest', 'gifted', 'perfect'],
      outOfReach: ['genius'],
    });
  });
});
