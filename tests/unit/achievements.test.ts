import { describe, expect, it } from 'vitest';
import { achievementsOf, profileStats, type IqRecord } from '../../src/domain/achievements.ts';

const record = (iqScore: number, extra: Partial<IqRecord> = {}): IqRecord => ({
  iqScore,
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
  it('unlock "speed" under 10 minutes only', () => {
    expect(achievementsOf([record(100, { timeSpent: 599_999 })], 0).unlocked).toContain('speed');
    expect(achievementsOf([record(100, { timeSpent: 600_000 })], 0).unlocked).not.toContain('speed');
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
      bestIQ: null,
      averageIQ: null,
      averageAccuracy: null,
      improvementTrend: null,
    });
  });
  it('have no trend for one test: a trend needs two', () => {
    expect(profileStats([record(112)])).toEqual({
      totalTests: 1,
      bestIQ: 112,
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
    expect(stats).toEqual({ totalTests: 3, bestIQ: 120, averageIQ: 108, averageAccuracy: 72, improvementTrend: 20 });
  });
});
