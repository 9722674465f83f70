import { describe, expect, it } from 'vitest';
import { iqBank } from '../../src/domain/iq/bank.ts';
import {
  correctnessAssessment, iqFromPercentile, levelOf, MEASUREMENT_ERROR, percentileFromRawScore, percentileText, ratingLabel,
  scoreIqAnswers, speedAssessment, DIFFICULTY_WEIGHTS,
} from '../../src/domain/iq/scoring.ts';

describe('raw score → percentile (spec table, linear between points)', () => {
  it.each([[0, 1], [5, 5], [10, 15], [15, 30], [22, 50], [28, 70], [34, 85], [39, 95], [43, 99]])('raw %i → %i', (raw, p) => {
    expect(percentileFromRawScore(raw)).toBe(p);
  });
  it.each([[1, 1.8], [12, 21], [25, 60], [41, 97], [-3, 1], [50, 99]])('raw %i → %d (interpolated, clamped at the ends)', (raw, p) => {
    expect(percentileFromRawScore(raw)).toBeCloseTo(p, 5);
  });
});

describe('percentile → IQ (spec table, linear between points)', () => {
  it.each([[2, 70], [16, 85], [50, 100], [84, 115], [95, 125], [98, 130], [99.9, 145]])('percentile %d → %i', (p, iq) => {
    expect(iqFromPercentile(p)).toBe(iq);
  });
  it.each([[1, 70], [33, 93], [99, 138], [100, 145]])('percentile %d → %i', (p, iq) => {
    expect(iqFromPercentile(p)).toBe(iq);
  });
  it('raw 22 → percentile 50 → IQ 100', () => {
    expect(iqFromPercentile(percentileFromRawScore(22))).toBe(100);
  });
});

describe('labels and assessments at every boundary', () => {
  it.each([
    [140, 'genius'], [139, 'gifted'], [130, 'gifted'], [129, 'superior'], [120, 'superior'], [119, 'aboveAverage'],
    [110, 'aboveAverage'], [109, 'average'], [90, 'average'], [89, 'belowAverage'], [80, 'belowAverage'], [79, 'low'],
  ] as const)('IQ %i is %s', (iq, label) => {
    expect(ratingLabel(iq)).toBe(label);
  });
  it.each([[130, 'top2'], [129, 'top16'], [115, 'top16'], [114, 'top50'], [100, 'top50'], [99, 'top84']] as const)('percentile text of %i is %s', (iq, text) => {
    expect(percentileText(iq)).toBe(text);
  });
  it.each([[130, 98], [115, 84], [100, 50], [85, 16], [84, 2]])('detailed level of %i puts it at the %i percentile', (iq, p) => {
    expect(levelOf(iq).percentile).toBe(p);
  });
  it.each([[899_999, 'fast'], [900_000, 'average'], [1_199_999, 'average'], [1_200_000, 'methodical']] as const)('%i ms is %s', (ms, speed) => {
    expect(speedAssessment(ms)).toBe(speed);
  });
  it.each([[20, 'excellent'], [19, 'good'], [15, 'good'], [14, 'developing']] as const)('%i correct is %s', (n, c) => {
    expect(correctnessAssessment(n)).toBe(c);
  });
});

describe('scoring an answer sheet', () => {
  const bank = iqBank();
  const sheet = (right: (id: number) => boolean) =>
    bank.map((item) => ({ questionId: item.id, selectedAnswer: right(item.id) ? item.correctAnswer : (item.correctAnswer + 1) % 6, timeSpent: 20_000 }));

  it('weights a perfect sheet to 43 and an empty one to 0', () => {
    expect(scoreIqAnswers(bank, sheet(() => true), 400_000)).toMatchObject({ score: 43, correctAnswers: 20, iqEstimate: 138, accuracy: 100 });
    expect(scoreIqAnswers(bank, sheet(() => false), 400_000)).toMatchObject({ score: 0, correctAnswers: 0, iqEstimate: 70, accuracy: 0 });
  });

  it('counts an answer only when the selected option is the correct one, weighted by difficulty', () => {
    const hard = new Set(bank.filter((i) => i.difficulty === 'hard').map((i) => i.id));
    const result = scoreIqAnswers(bank, sheet((id) => hard.has(id) || id === 1), 600_000);
    expect(result.score).toBe(hard.size * DIFFICULTY_WEIGHTS.hard + 1);
    expect(result.score).toBe(22);
    expect(result.iqEstimate).toBe(100);
    expect(result.ratingLabel).toBe('average');
  });

  it('breaks the result down by category as percent correct', () => {
    const result = scoreIqAnswers(bank, sheet((id) => bank.find((i) => i.id === id)!.type === 'spatial'), 600_000);
    expect(result.breakdown).toEqual({ logical: 0, spatial: 100, mathematical: 0, verbal: 0 });
  });

  it('gives an honest range of ± one measurement error around the estimate', () => {
    const result = scoreIqAnswers(bank, sheet(() => true), 600_000);
    expect(MEASUREMENT_ERROR).toBe(7);
    expect(result.iqRange).toEqual([131, 145]);
  });

  it('reports average seconds per question, never below 1', () => {
    expect(scoreIqAnswers(bank, sheet(() => true), 600_000).averageTimePerQuestion).toBe(30);
    expect(scoreIqAnswers(bank, sheet(() => true), 3_000).averageTimePerQuestion).toBe(1);
  });
});
