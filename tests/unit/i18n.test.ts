import { describe, expect, it } from 'vitest';
import uk from '../../src/i18n/uk.json' with { type: 'json' };
import en from '../../src/i18n/en.json' with { type: 'json' };
import { langFromPath, localizedPath, stripLocale, switchLocalePath, t } from '../../src/i18n/index.ts';

describe('dictionaries', () => {
  it('have exactly the same keys in Ukrainian and English', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(uk).sort());
  });

  it('have no empty texts and the same {placeholders} in both languages', () => {
    for (const key of Object.keys(uk) as (keyof typeof uk)[]) {
      expect(uk[key].trim(), `uk ${key}`).not.toBe('');
      expect(en[key].trim(), `en ${key}`).not.toBe('');
      const vars = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(vars(en[key]), key).toEqual(vars(uk[key]));
    }
  });

  it('use flat dotted keys', () => {
    for (const key of Object.keys(uk)) expect(key).toMatch(/^[a-z][a-zA-Z0-9-]*(\.[a-zA-Z0-9_-]+)+$/);
  });
});

describe('t', () => {
  it('returns the text in the asked language and fills placeholders', () => {
    expect(t('uk', 'nav.signin')).toBe('Увійти');
    expect(t('en', 'nav.signin')).toBe('Sign in');
    expect(t('en', 'footer.version', { version: '1.0' })).toBe('Version 1.0');
  });

  it('picks the plural form for {n} by Intl.PluralRules, in both languages', () => {
    const uk3 = (n: number) => t('uk', 'promo.success', { n });
    expect([1, 2, 5, 11, 21, 22, 25, 30].map(uk3)).toEqual([
      'Промокод застосовано: +1 день преміуму.',
      'Промокод застосовано: +2 дні преміуму.',
      'Промокод застосовано: +5 днів преміуму.',
      'Промокод застосовано: +11 днів преміуму.',
      'Промокод застосовано: +21 день преміуму.',
      'Промокод застосовано: +22 дні преміуму.',
      'Промокод застосовано: +25 днів преміуму.',
      'Промокод застосовано: +30 днів преміуму.',
    ]);
    expect([1, 2, 30].map((n) => t('en', 'premium.active', { n }))).toEqual([
      'Premium active, 1 day left',
      'Premium active, 2 days left',
      'Premium active, 30 days left',
    ]);
    expect(t('uk', 'profile.points', { n: -3, shown: '-3' })).toBe('-3 бали');
    expect(t('uk', 'runner.last.missing', { n: 1 })).toContain('ще 1 запитання');
    expect(t('uk', 'runner.last.missing', { n: 5 })).toContain('ще 5 запитань');
  });

  it('give every counted text all four plural forms in both languages', () => {
    const counted = new Set(
      Object.keys(uk)
        .filter((k) => k.endsWith('.one'))
        .map((k) => k.slice(0, -'.one'.length)),
    );
    expect(counted.size).toBeGreaterThanOrEqual(6);
    for (const key of counted) {
      for (const form of ['one', 'few', 'many', 'other']) {
        expect(uk, `${key}.${form}`).toHaveProperty([`${key}.${form}`]);
        expect(en, `${key}.${form}`).toHaveProperty([`${key}.${form}`]);
      }
    }
  });

  it('shows a missing key as itself rather than an empty string', () => {
    expect(t('en', 'no.such.key')).toBe('no.such.key');
  });
});

describe('locale paths', () => {
  it.each([
    ['/', 'uk'],
    ['/iq', 'uk'],
    ['/eng', 'en'],
    ['/eng/', 'en'],
    ['/eng/iq?x=1', 'en'],
    ['/english-lessons', 'uk'],
    ['/engine', 'uk'],
    ['/eng?x=1', 'en'],
  ])('langFromPath(%s) is %s', (path, lang) => {
    expect(langFromPath(path)).toBe(lang);
  });

  it.each([
    ['/eng', '/'],
    ['/eng/', '/'],
    ['/eng/legal/privacy', '/legal/privacy'],
    ['/eng/results?id=1#top', '/results?id=1#top'],
    ['/engine', '/engine'],
  ])('stripLocale(%s) is %s', (path, stripped) => {
    expect(stripLocale(path)).toBe(stripped);
  });

  it.each([
    ['en', '/', '/eng'],
    ['en', '/iq', '/eng/iq'],
    ['en', '/iq/', '/eng/iq'],
    ['en', '/eng/iq', '/eng/iq'],
    ['uk', '/eng/iq', '/iq'],
    ['uk', '/eng', '/'],
    ['uk', '/', '/'],
    ['en', '/results?id=abc', '/eng/results?id=abc'],
    ['uk', '/eng?q=1', '/?q=1'],
  ] as const)('localizedPath(%s, %s) is %s', (lang, path, expected) => {
    expect(localizedPath(lang, path)).toBe(expected);
  });

  it.each([
    ['/', '/eng'],
    ['/eng', '/'],
    ['/eng/', '/'],
    ['/professional-results?id=5f0c&x=1', '/eng/professional-results?id=5f0c&x=1'],
    ['/eng/results?id=1#share', '/results?id=1#share'],
    ['/legal/privacy/', '/eng/legal/privacy'],
    ['/engine', '/eng/engine'],
  ])('switchLocalePath(%s) is %s and keeps the query', (from, to) => {
    expect(switchLocalePath(from)).toBe(to);
    expect(switchLocalePath(switchLocalePath(from))).toBe(localizedPath(langFromPath(from), from));
  });
});
