import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NOT_FOUND, PAGES, pageByPath } from '../../src/config/pages.ts';
import { buildMeta, ogCardTexts } from '../../src/lib/seo.ts';
import { LANGS, t } from '../../src/i18n/index.ts';
import { profileOf } from '../../src/domain/career/profiles.ts';

const site = 'https://rozum.example';
const meta = (lang: 'uk' | 'en', path: string, extra = {}) =>
  buildMeta({ lang, page: pageByPath(path), siteUrl: site, contactEmail: 'help@rozum.example', ...extra });

describe('page metadata', () => {
  it('gives the Ukrainian canonical without /eng and the English one with it', () => {
    expect(meta('uk', '/').canonical).toBe('https://rozum.example/');
    expect(meta('en', '/').canonical).toBe('https://rozum.example/eng');
    expect(meta('uk', '/iqtest').canonical).toBe('https://rozum.example/iqtest');
    expect(meta('en', '/legal/privacy').canonical).toBe('https://rozum.example/eng/legal/privacy');
  });

  it('lists uk, en and x-default alternates, x-default pointing at Ukrainian', () => {
    expect(meta('en', '/prof').alternates).toEqual([
      { hreflang: 'uk', href: 'https://rozum.example/prof' },
      { hreflang: 'en', href: 'https://rozum.example/eng/prof' },
      { hreflang: 'x-default', href: 'https://rozum.example/prof' },
    ]);
  });

  it('sets the social preview locale, 1200×630 image by screen group, and title per language', () => {
    const ukMeta = meta('uk', '/');
    const enMeta = meta('en', '/iqtest');
    expect(ukMeta.og.locale).toBe('uk_UA');
    expect(ukMeta.og.localeAlternate).toBe('en_US');
    expect(enMeta.og.locale).toBe('en_US');
    expect(ukMeta.og.image).toBe('https://rozum.example/og/uk/default.png');
    expect(enMeta.og.image).toBe('https://rozum.example/og/en/iq.png');
    expect([enMeta.og.imageWidth, enMeta.og.imageHeight]).toEqual([1200, 630]);
    expect(ukMeta.title).toBe(t('uk', 'meta.landing.title'));
    expect(enMeta.title).toBe(t('en', 'meta.iq-test.title'));
  });

  it("shows the card of the page's language and screen group, described in that language", () => {
    const card = (lang: 'uk' | 'en', path: string) => meta(lang, path).og.image.replace(site, '');
    expect(['/iqtest', '/iq', '/results'].map((path) => card('uk', path))).toEqual(Array(3).fill('/og/uk/iq.png'));
    expect(['/prof', '/professional-test', '/professional-results'].map((path) => card('en', path))).toEqual(
      Array(3).fill('/og/en/career.png'),
    );
    expect(['/login', '/profile'].map((path) => card('uk', path))).toEqual(Array(2).fill('/og/uk/account.png'));
    expect(['/', '/legal/privacy', '/payment-result'].map((path) => card('en', path))).toEqual(
      Array(3).fill('/og/en/default.png'),
    );
    expect(meta('uk', '/iq').og.imageAlt).toBe(t('uk', 'meta.og.image.alt', ogCardTexts('uk', 'iq')));
    expect(meta('uk', '/iq').og.imageAlt).toContain(ogCardTexts('uk', 'iq').title);
    expect(meta('en', '/iq').og.imageAlt).toContain(ogCardTexts('en', 'iq').title);
  });

  it('keeps private pages out of search engines', () => {
    expect(meta('uk', '/profile').robots).toBe('noindex, follow');
    expect(meta('uk', '/results').robots).toBe('noindex, follow');
    expect(meta('uk', '/').robots).toBe('index, follow');
  });

  it('describes the website, the organisation and, on test pages, the quiz', () => {
    const types = (m: ReturnType<typeof meta>) => m.jsonLd.map((d) => d['@type']);
    expect(types(meta('uk', '/'))).toEqual(['WebSite', 'Organization']);
    expect(types(meta('en', '/iq'))).toEqual(['WebSite', 'Organization', 'Quiz']);
    expect(types(meta('uk', '/profile'))).toContain('ProfilePage');
    const website = meta('en', '/').jsonLd[0] as { potentialAction: { '@type': string; target: unknown }[] };
    expect(website.potentialAction.map((a) => a['@type'])).toEqual(['SearchAction', 'Action', 'Action']);
    expect(website.potentialAction[1].target).toBe('https://rozum.example/eng/iq');
    const org = meta('uk', '/').jsonLd[1] as { contactPoint: { contactType: string; email: string } };
    expect(org.contactPoint).toMatchObject({ contactType: 'customer service', email: 'help@rozum.example' });
  });

  it('gives the not-found page, which answers at any unknown address, no address of its own and noindex', () => {
    for (const lang of LANGS) {
      const m = meta(lang, NOT_FOUND.path);
      expect(m.canonical).toBeUndefined();
      expect(m.og.url).toBeUndefined();
      expect(m.alternates).toEqual([]);
      expect(m.robots).toBe('noindex, follow');
      expect(m.title).toBe(t(lang, 'meta.not-found.title'));
      expect(m.jsonLd.map((d) => d['@type'])).toEqual(['WebSite', 'Organization']);
    }
    expect(PAGES).not.toContain(NOT_FOUND);
  });

  it('uses a page-provided title through the title pattern', () => {
    expect(meta('en', '/legal/terms', { title: 'Terms of Use' }).title).toBe('Terms of Use — Rozum');
  });

  it('has a title, description and keywords in both languages for every page state', () => {
    for (const page of PAGES) {
      for (const lang of LANGS) {
        const m = meta(lang, page.path);
        expect(m.title, `${lang} ${page.path}`).not.toMatch(/^meta\./);
        expect(m.description).not.toMatch(/^meta\./);
        expect(m.keywords).not.toMatch(/^meta\./);
      }
    }
  });

  it('has one page source for every registered route', () => {
    for (const page of PAGES) {
      const source = page.path.startsWith('/legal/')
        ? 'src/pages/[...locale]/legal/[type].astro'
        : page.path.startsWith('/types/')
          ? 'src/pages/[...locale]/types/[type].astro'
          : `src/pages/[...locale]${page.path === '/' ? '/index' : page.path}.astro`;
      expect(existsSync(source), source).toBe(true);
    }
  });

  it("gives each career type's public page its own title, description, card and structured data, in each language", () => {
    for (let n = 1; n <= 9; n++) {
      for (const lang of LANGS) {
        const m = meta(lang, `/types/${n}`);
        const profile = profileOf(n, lang);
        expect(m.title).toBe(t(lang, 'meta.career-type.title', { n, title: profile.title }));
        expect(m.description).toBe(profile.tagline);
        expect(m.keywords).toContain(profile.title);
        expect(m.robots).toBe('index, follow');
        expect(m.canonical).toBe(`https://rozum.example${lang === 'en' ? '/eng' : ''}/types/${n}`);
        expect(m.alternates.map((a) => a.href)).toEqual([
          `https://rozum.example/types/${n}`,
          `https://rozum.example/eng/types/${n}`,
          `https://rozum.example/types/${n}`,
        ]);
        expect(m.og.image).toBe(`https://rozum.example/og/${lang}/type-${n}.png`);
        expect(m.og.imageAlt).toContain(profile.title);
        expect(m.jsonLd.at(-1)).toMatchObject({
          '@type': 'WebPage',
          url: m.canonical,
          inLanguage: lang,
          about: { '@type': 'Thing', name: profile.title, description: profile.tagline },
        });
      }
    }
    // Nine titles per language, all different: no two types' pages compete for one search.
    for (const lang of LANGS)
      expect(new Set(Array.from({ length: 9 }, (_, i) => meta(lang, `/types/${i + 1}`).title)).size).toBe(9);
  });
});
