import { describe, expect, it } from 'vitest';
import { LIVE_FIGURE_MIN, liveText } from '../../src/lib/client/live-figures.ts';
import { dictionaries } from '../../src/i18n/index.ts';

const texts = (lang: 'uk' | 'en') => dictionaries[lang];

describe('a live count on a landing', () => {
  it('shows nothing below the threshold, so the fact stays', () => {
    expect(LIVE_FIGURE_MIN).toBe(100);
    expect(liveText(texts('en'), 'live.iqToday', 'en', LIVE_FIGURE_MIN - 1)).toBeNull();
    expect(liveText(texts('en'), 'live.iqToday', 'en', 0)).toBeNull();
    expect(liveText(texts('en'), 'live.iqToday', 'en', Number.NaN)).toBeNull();
    expect(liveText(texts('en'), 'live.iqToday', 'xx', 500)).toBeNull();
  });

  it('says what it counts — saved results — in the page language, its plural form and number format', () => {
    expect(liveText(texts('en'), 'live.iqToday', 'en', 1234)).toBe('1,234 IQ results saved today');
    expect(liveText(texts('en'), 'live.resultsThisMonth', 'en', 100)).toBe('100 test results saved this month');
    expect(liveText(texts('uk'), 'live.professionalToday', 'uk', 101)).toBe(
      'Сьогодні збережено 101 результат тесту на профорієнтацію',
    );
    expect(liveText(texts('uk'), 'live.iqToday', 'uk', 102)).toBe('Сьогодні збережено 102 результати IQ-тесту');
    expect(liveText(texts('uk'), 'live.iqToday', 'uk', 1234)).toMatch(
      /^Сьогодні збережено 1[\u00a0\u202f]234 результати IQ-тесту$/,
    );
    expect(liveText(texts('uk'), 'live.resultsThisMonth', 'uk', 111)).toBe(
      'Цього місяця збережено 111 результатів тестів',
    );
  });
});
