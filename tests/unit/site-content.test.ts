import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkedContent, siteContent, withFigures } from '../../src/lib/site-content.ts';
import { FLAG_CODES } from '../../src/components/Icon.tsx';
import { formatNumber } from '../../src/i18n/numbers.ts';
import uk from '../../src/content/site/uk.json' with { type: 'json' };
import figures from '../../src/content/site/figures.json' with { type: 'json' };

describe('the countries of the site content', () => {
  it('name a flag we draw, in both languages', () => {
    for (const lang of ['uk', 'en'] as const)
      for (const { code } of siteContent(lang).countries) expect(FLAG_CODES, `${lang} ${code}`).toContain(code);
  });

  it('stop the build at a country without a flag', () => {
    const countries = [{ ...uk.countries[0], code: 'FR' }];
    expect(() => checkedContent({ ...uk, countries }, 'uk')).toThrow(/"FR" has no flag; use one of UA, JP, GB, DE, US/);
  });
});

describe('the figures of the site content', () => {
  it('are written out in each language by the one number format', () => {
    expect(withFigures('uk', 'Сьогодні пройдено: {iqTestsToday}')).toBe(
      `Сьогодні пройдено: ${formatNumber('uk', 8341)}`,
    );
    expect(withFigures('en', '{iqTestsToday} tests taken today')).toBe('8,341 tests taken today');
    expect(withFigures('en', '{users}+ · {confidence}')).toBe('150K+ · +35%');
    expect(withFigures('en', 'a {typo} stays')).toBe('a {typo} stays');
  });

  it('are all a text names in either language', () => {
    for (const lang of ['uk', 'en'] as const) {
      const names = [...readFileSync(`src/content/site/${lang}.json`, 'utf8').matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(names.length, lang).toBeGreaterThanOrEqual(7);
      for (const name of names) expect(Object.keys(figures), `${lang} {${name}}`).toContain(name);
    }
  });
});
