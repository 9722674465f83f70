import { describe, expect, it } from 'vitest';
import { IQ_CATEGORIES, iqBank, publicIqQuestions } from '../../src/domain/iq/bank.ts';
import { DIFFICULTY_WEIGHTS, MAX_RAW_SCORE } from '../../src/domain/iq/scoring.ts';
import { defensibleOptions } from '../../src/domain/matrices/solve.ts';

const bank = iqBank();
const rank = { easy: 1, medium: 2, hard: 3 } as const;

describe('the IQ form', () => {
  it('has 20 items numbered 1–20', () => {
    expect(bank.map((i) => i.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('weighs exactly 43 points, the maximum the percentile table assumes', () => {
    expect(bank.reduce((s, i) => s + DIFFICULTY_WEIGHTS[i.difficulty], 0)).toBe(MAX_RAW_SCORE);
  });

  it('has all four types and difficulty that never falls through the form', () => {
    expect(new Set(bank.map((i) => i.type))).toEqual(new Set(IQ_CATEGORIES));
    for (let i = 1; i < bank.length; i++) expect(rank[bank[i].difficulty]).toBeGreaterThanOrEqual(rank[bank[i - 1].difficulty]);
  });

  it('gives every item both languages, six options and an explanation', () => {
    for (const item of bank) {
      for (const lang of ['uk', 'en'] as const) {
        expect(item.question[lang].trim(), `${item.id} ${lang}`).not.toBe('');
        expect(item.options[lang]).toHaveLength(6);
        expect(new Set(item.options[lang]).size, `${item.id} ${lang} options distinct`).toBe(6);
        expect(item.explanation[lang].length, `${item.id} ${lang}`).toBeGreaterThan(20);
      }
      expect(item.correctAnswer).toBeGreaterThanOrEqual(0);
      expect(item.correctAnswer).toBeLessThan(6);
    }
  });

  it('writes Ukrainian in Cyrillic and English in Latin script', () => {
    for (const item of bank) {
      expect(item.question.uk).toMatch(/[а-яіїєґ]/i);
      expect(item.question.en).not.toMatch(/[а-яіїєґ]/i);
      expect(item.explanation.en).not.toMatch(/[а-яіїєґ]/i);
    }
  });

  it('makes every spatial item a generated matrix with text alternatives in both languages', () => {
    const spatial = bank.filter((i) => i.type === 'spatial');
    expect(spatial.length).toBeGreaterThanOrEqual(4);
    for (const item of spatial) {
      const image = item.image!;
      expect(image.src).toBe(`/images/iq/q${item.id}.svg`);
      expect(item.options.uk[0]).toBe(`/images/iq/q${item.id}-1.svg`);
      expect(image.alt.uk).toMatch(/^Матриця 3 на 3\./);
      expect(image.alt.en).toMatch(/^A 3 by 3 matrix\./);
      expect(image.optionAlts.uk).toHaveLength(6);
      expect(new Set(image.optionAlts.en).size).toBe(6);
      expect(defensibleOptions(image.matrix.matrix.panels, image.matrix.options)).toEqual([item.correctAnswer]);
    }
  });

  it('spreads the correct answers over the option positions', () => {
    const positions = new Set(bank.map((i) => i.correctAnswer));
    expect(positions.size).toBe(6);
  });

  it('ships questions to the browser without answers or explanations', () => {
    for (const lang of ['uk', 'en'] as const) {
      const text = JSON.stringify(publicIqQuestions(lang));
      expect(text).not.toContain('correctAnswer');
      expect(text).not.toContain('explanation');
      expect(text).not.toContain(bank[0].explanation[lang]);
    }
  });

  it('can build a parallel form from other seeds, just as sound', () => {
    const other = iqBank(1);
    const spatial = other.filter((i) => i.image);
    expect(spatial.map((i) => i.image!.alt.en)).not.toEqual(bank.filter((i) => i.image).map((i) => i.image!.alt.en));
    expect(spatial[0].image!.src).toBe(`/images/iq/f1-q${spatial[0].id}.svg`);
    for (const item of spatial) expect(defensibleOptions(item.image!.matrix.matrix.panels, item.image!.matrix.options)).toEqual([item.correctAnswer]);
  });
});
