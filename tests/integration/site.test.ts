/** The built site as served by `npm start`: every route in both languages, compression, caching, 404s. */
import { describe, expect, inject, it } from 'vitest';
import { OG_CARDS, PAGES } from '../../src/config/pages.ts';
import { LANGS, t } from '../../src/i18n/index.ts';
import { localizedPath } from '../../src/i18n/paths.ts';
import { ogCardTexts } from '../../src/lib/seo.ts';
import { renderSocialCard } from '../../src/lib/server/social-cards.ts';

const base = inject('baseUrl');

describe('static site', () => {
  it('serves every route of the spec in both languages, with and without a trailing slash', async () => {
    for (const page of PAGES) {
      for (const lang of ['uk', 'en'] as const) {
        const path = localizedPath(lang, page.path);
        for (const variant of path === '/' ? ['/'] : [path, `${path}/`]) {
          const res = await fetch(base + variant);
          expect(res.status, variant).toBe(200);
          const html = await res.text();
          expect(html, variant).toContain(`<html lang="${lang}"`);
        }
      }
    }
  });

  it('gives every page the social card of its language and screen group: a 1200×630 PNG, described in that language', async () => {
    const checked = new Set<string>();
    for (const page of PAGES) {
      for (const lang of LANGS) {
        const path = localizedPath(lang, page.path);
        const html = await (await fetch(base + path)).text();
        const tag = (attribute: string, name: string) =>
          new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`).exec(html)?.[1];
        const image = tag('property', 'og:image');
        expect(image, path).toBeDefined();
        expect(new URL(image!).pathname, path).toBe(`/og/${lang}/${page.og}.png`);
        expect(tag('name', 'twitter:image'), path).toBe(image);
        expect([tag('property', 'og:image:width'), tag('property', 'og:image:height')], path).toEqual(['1200', '630']);
        const alt = t(lang, 'meta.og.image.alt', ogCardTexts(lang, page.og));
        expect([tag('property', 'og:image:alt'), tag('name', 'twitter:image:alt')], path).toEqual([alt, alt]);
        if (checked.has(image!)) continue;
        checked.add(image!);
        const res = await fetch(base + new URL(image!).pathname);
        expect(res.status, image).toBe(200);
        expect(res.headers.get('content-type'), image).toBe('image/png');
        const png = Buffer.from(await res.arrayBuffer());
        expect([png.readUInt32BE(16), png.readUInt32BE(20)], image).toEqual([1200, 630]);
        // Byte for byte the card drawn from this language's texts, so a Ukrainian page never shows the English one.
        expect(png.equals(await renderSocialCard(lang, page.og)), image).toBe(true);
      }
    }
    // Four screen groups and nine career types, each in two languages: every card drawn is used by a page.
    expect(checked.size).toBe(OG_CARDS.length * LANGS.length);
    expect(OG_CARDS.length).toBe(13);
  });

  it('compresses HTML with brotli or gzip as the client accepts, once it is compressed in the background', async () => {
    // The first request for a file never waits for its compression: it may get the page as it is.
    const first = await fetch(`${base}/eng`, { headers: { 'accept-encoding': 'br' } });
    expect(await first.text()).toContain('<html lang="en"');
    let br = first;
    for (let i = 0; i < 50 && br.headers.get('content-encoding') !== 'br'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      br = await fetch(`${base}/eng`, { headers: { 'accept-encoding': 'br' } });
    }
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const gz = await fetch(`${base}/eng`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toContain('<html lang="en"');
  });

  it('revalidates HTML with an ETag and answers 304 when unchanged', async () => {
    const first = await fetch(`${base}/legal/privacy`);
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const etag = first.headers.get('etag')!;
    const again = await fetch(`${base}/legal/privacy`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('sends security headers with every response', async () => {
    const res = await fetch(`${base}/`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('answers an unknown page with the not-found page of its language (/eng: English) and status 404', async () => {
    const pages = {
      uk: ['/no-such-page', '/legal/unknown', '/english'],
      en: ['/eng/no-such-page', '/eng/legal/unknown'],
    };
    for (const lang of LANGS) {
      for (const path of pages[lang]) {
        const res = await fetch(base + path);
        expect(res.status, path).toBe(404);
        expect(res.headers.get('cache-control'), path).toBe('no-store');
        const html = await res.text();
        expect(html, path).toContain(`<html lang="${lang}"`);
        expect(html, path).toContain(`<h1 id="not-found-title">${t(lang, 'notfound.title')}</h1>`);
        expect(html, path).not.toContain(t(lang === 'uk' ? 'en' : 'uk', 'notfound.title'));
        expect(html, path).toContain('<meta name="robots" content="noindex, follow">');
        expect(html, path).not.toMatch(/rel="(canonical|alternate)"|property="og:url"/);
      }
    }
  });

  it('never serves files outside dist', async () => {
    for (const path of ['/..%2f..%2fpackage.json', '/%2e%2e/package.json', '/_astro/..%2F..%2Fpackage.json']) {
      const res = await fetch(base + path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain('"devDependencies"');
    }
  });

  it('answers HEAD without a body and refuses POST to a page', async () => {
    const head = await fetch(`${base}/eng`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await fetch(`${base}/eng`, { method: 'POST' })).status).toBe(405);
  });

  it('publishes robots.txt and a sitemap of both languages with alternates', async () => {
    const robots = await (await fetch(`${base}/robots.txt`)).text();
    expect(robots).toMatch(/Sitemap: .*\/sitemap\.xml/);
    // The API is closed to crawlers but for shared results' cards, which are their pages' og:image.
    expect(robots).toMatch(/^Disallow: \/api\/$/m);
    expect(robots).toMatch(/^Allow: \/api\/shares\/$/m);
    const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
    expect(sitemap).toContain('/eng/iqtest</loc>');
    expect(sitemap).toContain('hreflang="x-default"');
    expect(sitemap).not.toContain('/profile</loc>');
    expect(sitemap).not.toContain('404');
  });

  it('ships the questions per form and language without answers, every matrix image they name, and no career key', async () => {
    for (const [lang, formId] of [
      ['uk', 0],
      ['en', 1],
      ['uk', 2],
      ['en', 3],
      ['uk', 4],
      ['en', 5],
      ['uk', 6],
      ['en', 7],
    ]) {
      const iqRes = await fetch(`${base}/api/tests/iq/form?lang=${lang}&formId=${formId}`);
      expect(iqRes.status).toBe(200);
      const text = await iqRes.text();
      expect(text).not.toMatch(/"correctAnswer"|"explanation"/);
      const { questions } = JSON.parse(text);
      expect(questions).toHaveLength(20);
      const images = questions.flatMap((q: { image?: { src: string; alt: string }; options: string[] }) =>
        q.image ? [q.image.src, ...q.options] : [],
      );
      expect(images.length).toBeGreaterThanOrEqual(4 * 7);
      for (const src of images) {
        const res = await fetch(base + src);
        expect(res.status, src).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/svg+xml');
        expect(await res.text()).toMatch(/^<svg /);
      }
      const career = await (await fetch(`${base}/api/tests/professional/form?lang=${lang}`)).json();
      expect(career.questions).toHaveLength(72);
    }
    // The career key no longer ships as a static file: statements come from the server, without their types.
    expect((await fetch(`${base}/data/professional/uk.json`)).status).toBe(404);
  });
});
