/**
 * Each test has one name per language (issue 31): the career test is "Тест на профорієнтацію" / "Career test", the
 * IQ test "IQ-тест" / "IQ test" — never a personality test, a "кар’єрний тест" or a "professional" IQ test (its scale
 * is provisional). The retired names must not come back in the dictionaries, the built-in content or the pages.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import uk from '../../src/i18n/uk.json' with { type: 'json' };
import en from '../../src/i18n/en.json' with { type: 'json' };

const NAMES = {
  uk: { career: 'Тест на профорієнтацію', iq: 'IQ-тест' },
  en: { career: 'Career test', iq: 'IQ test' },
} as const;

/** Retired names, in any grammatical case. */
const RETIRED: RegExp[] = [
  /тест\p{L}* на тип особистості/iu,
  /кар['’]єрн\p{L}* тест/iu,
  /тест\p{L}* кар['’]єрної орієнтації/iu,
  /професійн\p{L}*\s+IQ/iu,
  /personality (?:type )?(?:and career )?test/i,
  /career\/personality/i,
  /professional\s+IQ/i,
  /\bIQ Test\b/,
  /\bCareer Test\b/,
];
/** Former labels that named the career test by a task (as a whole text; a description may still say it). */
const RETIRED_LABELS = [/^знайти професію$/iu, /^find a profession$/i];

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });

/** Every user-facing text source: dictionaries, built-in content (landings, legal, profiles), pages, mails. */
const SOURCES = [
  ...files('src/i18n').filter((f) => f.endsWith('.json')),
  ...files('src/content').filter((f) => /\.(json|md)$/.test(f) && !f.endsWith('REVIEW.md')),
  ...files('src/pages').filter((f) => /\.(astro|ts)$/.test(f)),
  ...files('src/lib/server/mail'),
  'src/lib/seo.ts',
  'src/lib/site-content.ts',
];

describe('test names', () => {
  it('scan a real set of sources', () => {
    expect(SOURCES).toEqual(expect.arrayContaining(['src/i18n/uk.json', 'src/content/site/uk.json']));
    expect(SOURCES.some((f) => f.startsWith('src/content/legal/'))).toBe(true);
  });

  it.each(SOURCES)('%s uses no retired test name', (file) => {
    const text = readFileSync(file, 'utf8');
    for (const pattern of RETIRED) expect(text.match(pattern)?.[0], `${file}: ${pattern}`).toBeUndefined();
  });

  it('no dictionary or content text is a retired label (the home hero said "Знайти професію" until the audit)', () => {
    const texts = (value: unknown): string[] =>
      typeof value === 'string'
        ? [value]
        : value && typeof value === 'object'
          ? Object.values(value).flatMap(texts)
          : [];
    for (const lang of ['uk', 'en'])
      for (const value of texts(JSON.parse(readFileSync(`src/content/site/${lang}.json`, 'utf8'))))
        for (const pattern of RETIRED_LABELS) expect(pattern.test(value), value).toBe(false);
    for (const dict of [uk, en])
      for (const [key, value] of Object.entries(dict))
        for (const pattern of RETIRED_LABELS) expect(pattern.test(value), key).toBe(false);
  });

  it.each(['uk', 'en'] as const)(
    '%s: the navigation, certificate, payment and verification say the one name',
    (lang) => {
      const dict = lang === 'uk' ? uk : en;
      const { career, iq } = NAMES[lang];
      expect(dict['nav.iqtest']).toBe(iq);
      // The header is one row from 1000 px: in Ukrainian its career link and button say the name's key word.
      for (const key of ['nav.prof', 'nav.cta.prof'] as const)
        expect(dict[key].toLowerCase()).toContain(lang === 'uk' ? 'профорієнтаці' : career.toLowerCase());
      for (const key of ['cert.kind', 'verify.kind', 'paymentResult.test'] as const) {
        expect(dict[`${key}.professional`]).toBe(career);
        expect(dict[`${key}.iq`]).toBe(iq);
      }
      expect(dict['page.prof.h1']).toBe(career);
      expect(dict['page.iq-test.h1']).toBe(iq);
    },
  );

  it('the retired patterns catch what they retire', () => {
    const caught = (s: string) => RETIRED.some((p) => p.test(s));
    expect(caught('Пройдіть тест на тип особистості')).toBe(true);
    expect(caught('результат кар’єрного тесту')).toBe(true);
    expect(caught('Професійний IQ-тест')).toBe(true);
    expect(caught('Personality type and career test')).toBe(true);
    expect(caught('Professional IQ Test')).toBe(true);
    expect(caught('Ваш тип особистості')).toBe(false);
    expect(caught('Тест на профорієнтацію')).toBe(false);
  });
});
