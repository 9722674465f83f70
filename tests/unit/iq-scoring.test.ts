import { describe, expect, it } from 'vitest';
import { iqBank, IQ_FORM_IDS } from '../../src/domain/iq/bank.ts';
import {
  correctnessAssessment,
  scoreIqSheet,
  speedAssessment,
  DIFFICULTY_WEIGHTS,
  MAX_RAW_SCORE,
  type IqAnswer,
} from '../../src/domain/iq/scoring.ts';
import {
  BOUNDS,
  iqFromPercentile,
  normalCdf,
  observedIq,
  percentileFromRawScore,
  percentileOfIq,
  ratingLabel,
  readIq,
  STATED_RELIABILITY,
} from '../../src/domain/iq/reading.ts';
import { iqReadingTexts } from '../../src/lib/iq-reading.ts';
import { t } from '../../src/i18n/index.ts';

describe('raw score → percentile (spec table, linear between points)', () => {
  it.each([
    [0, 1],
    [5, 5],
    [10, 15],
    [15, 30],
    [22, 50],
    [28, 70],
    [34, 85],
    [39, 95],
    [43, 99],
  ])('raw %i → %i', (raw, p) => {
    expect(percentileFromRawScore(raw)).toBe(p);
  });
  it.each([
    [1, 1.8],
    [12, 21],
    [25, 60],
    [41, 97],
    [-3, 1],
    [50, 99],
  ])('raw %i → %d (interpolated, clamped at the ends)', (raw, p) => {
    expect(percentileFromRawScore(raw)).toBeCloseTo(p, 5);
  });
});

describe('percentile → IQ (spec table, linear between points)', () => {
  it.each([
    [2, 70],
    [16, 85],
    [50, 100],
    [84, 115],
    [95, 125],
    [98, 130],
    [99.9, 145],
  ])('percentile %d → %i', (p, iq) => {
    expect(iqFromPercentile(p)).toBe(iq);
  });
  it.each([
    [1, 70],
    [33, 93],
    [99, 138],
    [100, 145],
  ])('percentile %d → %i', (p, iq) => {
    expect(iqFromPercentile(p)).toBe(iq);
  });
  it('raw 22 → percentile 50 → IQ 100', () => {
    expect(iqFromPercentile(percentileFromRawScore(22))).toBe(100);
  });
});

describe('labels and assessments at every boundary', () => {
  it.each([
    [140, 'genius'],
    [139, 'gifted'],
    [130, 'gifted'],
    [129, 'superior'],
    [120, 'superior'],
    [119, 'aboveAverage'],
    [110, 'aboveAverage'],
    [109, 'average'],
    [90, 'average'],
    [89, 'belowAverage'],
    [80, 'belowAverage'],
    [79, 'low'],
  ] as const)('IQ %i is %s', (iq, label) => {
    expect(ratingLabel(iq)).toBe(label);
  });
  it.each([
    [899_999, 'fast'],
    [900_000, 'average'],
    [1_199_999, 'average'],
    [1_200_000, 'methodical'],
  ] as const)('%i ms is %s', (ms, speed) => {
    expect(speedAssessment(ms)).toBe(speed);
  });
  it.each([
    [20, 'excellent'],
    [19, 'good'],
    [15, 'good'],
    [14, 'developing'],
  ] as const)('%i correct is %s', (n, c) => {
    expect(correctnessAssessment(n)).toBe(c);
  });
});

describe('the reading: a provisional IQ-equivalent with its 95 % interval', () => {
  it('regresses the observed IQ towards 100 by the reliability (estimated true score)', () => {
    expect(observedIq(22)).toBe(100);
    expect(readIq(22, 0.75).iqEstimate).toBe(100);
    expect(observedIq(43)).toBeCloseTo(137.9, 1);
    expect(readIq(43, 0.75).iqEstimate).toBe(Math.round(100 + 0.75 * (observedIq(43) - 100)));
    expect(readIq(0, 0.75).iqEstimate).toBe(Math.round(100 + 0.75 * (70 - 100)));
  });

  it('gives a 95 % interval of ±1.96 · 15 · √(r(1 − r)): ±13 at the stated .75', () => {
    expect(STATED_RELIABILITY).toBe(0.75);
    const { iqInterval } = readIq(22, 0.75);
    expect(iqInterval).toEqual([87, 113]);
    expect(readIq(22, 0.9).iqInterval).toEqual([91, 109]);
  });

  it('knows the normal curve the scale assumes (no page states it as a place among people)', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.96)).toBeCloseTo(0.975, 4);
    expect(normalCdf(-1)).toBeCloseTo(0.1587, 4);
    expect([
      percentileOfIq(100),
      percentileOfIq(115),
      percentileOfIq(85),
      percentileOfIq(130),
      percentileOfIq(160),
    ]).toEqual([50, 84, 16, 98, 99]);
  });

  const numbers = (text: string) => (text.match(/\d+/g) ?? []).map(Number);
  const readings = [STATED_RELIABILITY, 0.6, 0.85, 0.93].flatMap((r) =>
    Array.from({ length: MAX_RAW_SCORE + 1 }, (_, raw) => ({ raw, r, reading: readIq(raw, r) })),
  );

  it('never disagrees with itself, for every raw score 0–43 and several reliabilities', () => {
    for (const { raw, r, reading } of readings) {
      const at = `raw ${raw}, r ${r}`;
      const { iqEstimate, iqBound, iqInterval, iqSe, ratingLabel: band } = reading;
      expect(iqInterval[0], at).toBeLessThanOrEqual(iqEstimate);
      expect(iqInterval[1], at).toBeGreaterThanOrEqual(iqEstimate);
      expect(iqInterval[1] - iqInterval[0], at).toBeCloseTo(2 * 1.96 * 15 * Math.sqrt(r * (1 - r)), -0.5);
      expect(iqBound, at).toBe(iqEstimate < BOUNDS.low ? 'below' : iqEstimate > BOUNDS.high ? 'above' : null);
      expect(iqSe, at).toBeCloseTo(15 * Math.sqrt(r * (1 - r)), 10);
      expect(band, at).toBe(ratingLabel(iqEstimate));
      if (iqBound === 'below') expect(band, at).toBe('low');
      if (iqBound === 'above') expect(['gifted', 'genius'], at).toContain(band);
    }
  });

  it('rises with the raw score and never crosses the measurable range unannounced', () => {
    for (const r of [STATED_RELIABILITY, 0.93]) {
      const line = readings.filter((x) => x.r === r).map((x) => x.reading);
      for (let i = 1; i < line.length; i++) {
        expect(line[i].iqEstimate).toBeGreaterThanOrEqual(line[i - 1].iqEstimate);
      }
    }
  });

  it.each(['uk', 'en'] as const)('says in %s exactly the figures it computed, and nothing else', (lang) => {
    const tr = (key: string, vars?: Record<string, string | number>) => t(lang, key, vars);
    for (const { raw, r, reading } of readings) {
      const at = `raw ${raw}, r ${r}`;
      const texts = iqReadingTexts(tr, reading);
      if (reading.iqBound)
        expect(numbers(texts.value), at).toEqual([reading.iqBound === 'below' ? BOUNDS.low : BOUNDS.high]);
      else expect(texts.value, at).toBe(String(reading.iqEstimate));
      // An interval is said up to the end of the range the form measures, not past it, whatever the figure.
      expect(numbers(texts.interval), at).toEqual(
        reading.iqInterval[1] > BOUNDS.high
          ? [95, reading.iqInterval[0], BOUNDS.high]
          : reading.iqInterval[0] < BOUNDS.low
            ? [95, reading.iqInterval[1], BOUNDS.low]
            : [95, ...reading.iqInterval],
      );
      expect(texts.band, at).toContain(t(lang, `iq.label.${reading.ratingLabel}`));
      for (const text of Object.values(texts)) expect(text, at).not.toContain('{');
    }
  });
});

const sheetOf = (form: number, right: (id: number) => boolean, timeSpent = 20_000): IqAnswer[] =>
  iqBank(form).map((item) => ({
    questionId: item.id,
    selectedAnswer: right(item.id) ? item.correctAnswer : (item.correctAnswer + 1) % 6,
    timeSpent,
  }));

describe.each(IQ_FORM_IDS.map((f) => [f]))('scoring a sheet of form %i', (formId) => {
  const bank = iqBank(formId);
  const score = (answers: IqAnswer[], timeSpent = 600_000, reliability = STATED_RELIABILITY) =>
    scoreIqSheet({ formId, answers, timeSpent, reliability });

  it("scores against this form's own key and records the form and reliability", () => {
    // At the stated .75 even a perfect sheet reads 128: the form cannot place anyone above 130 with confidence.
    expect(score(sheetOf(formId, () => true))).toMatchObject({
      formId,
      score: 43,
      maxScore: 43,
      correctAnswers: 20,
      accuracy: 100,
      reliability: 0.75,
      iqEstimate: 128,
      iqBound: null,
    });
    expect(
      score(
        sheetOf(formId, () => true),
        600_000,
        0.93,
      ),
    ).toMatchObject({ iqBound: 'above' });
    expect(score(sheetOf(formId, () => false))).toMatchObject({
      score: 0,
      correctAnswers: 0,
      accuracy: 0,
      iqEstimate: 78,
      iqBound: 'below',
      cautions: [],
      nearChance: true,
    });
    const other = IQ_FORM_IDS.find((f) => f !== formId)!;
    expect(score(sheetOf(other, () => true)).score, "another form's key").toBeLessThan(43);
  });

  it('counts an answer only when the selected option is the correct one, weighted by difficulty', () => {
    const hard = new Set(bank.filter((i) => i.difficulty === 'hard').map((i) => i.id));
    const result = score(sheetOf(formId, (id) => hard.has(id) || id === 1));
    expect(result.score).toBe(hard.size * DIFFICULTY_WEIGHTS.hard + 1);
    expect(result).toMatchObject({
      score: 22,
      iqEstimate: 100,
      ratingLabel: 'average',
      iqInterval: [87, 113],
    });
    expect(result).not.toHaveProperty('percentile');
  });

  it('breaks the result down by category as percent correct', () => {
    const result = score(sheetOf(formId, (id) => bank.find((i) => i.id === id)!.type === 'spatial'));
    expect(result.breakdown).toEqual({ logical: 0, spatial: 100, mathematical: 0, verbal: 0 });
  });

  it('reports average seconds per question, never below 1', () => {
    expect(
      score(
        sheetOf(formId, () => true),
        600_000,
      ).averageTimePerQuestion,
    ).toBe(30);
    expect(
      score(
        sheetOf(formId, () => true),
        3_000,
      ).averageTimePerQuestion,
    ).toBe(1);
  });
});
