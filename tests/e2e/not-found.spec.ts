/**
 * The not-found page of each language: an unknown address answers status 404 with the site's frame (header, footer,
 * the brand font) in the language of the address (/eng/… English) and nothing of the other, a way home and to both
 * tests — at phone and desktop width, with no console error and nothing for axe. Its language link, which leads to
 * the other language's home, is tested with the link's other cases (smoke.spec.ts).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';
import uk from '../../src/i18n/uk.json' with { type: 'json' };
import en from '../../src/i18n/en.json' with { type: 'json' };

const LANGS = [
  { lang: 'uk', path: '/nope-xyz', dict: uk, other: en, prefix: '', home: '/' },
  { lang: 'en', path: '/eng/nope-xyz', dict: en, other: uk, prefix: '/eng', home: '/eng' },
] as const;
// Chromium reports the page's own 404 status as a console error; that status is the point. Any other error counts
// (fixtures.ts).
test.use({ expectedConsoleErrors: [/status of 404 .*\/nope-xyz\)$/] });
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

for (const { lang, path, dict, other, prefix, home } of LANGS) {
  for (const viewport of VIEWPORTS) {
    test(`${path} at ${viewport.width}×${viewport.height}: the ${lang} not-found page in the site's frame`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.addInitScript(() => localStorage.setItem('cookieConsent', 'declined'));

      const response = await page.goto(path);
      expect(response!.status()).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page).toHaveTitle(dict['meta.not-found.title']);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /\bnoindex\b/);
      await expect(page.locator('link[rel="canonical"], link[rel="alternate"], meta[property="og:url"]')).toHaveCount(
        0,
      );

      await expect(page.getByRole('banner').getByRole('link', { name: dict['nav.home'] })).toBeVisible();
      await expect(page.getByRole('contentinfo').getByRole('heading', { name: dict['footer.legal'] })).toBeVisible();
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 })).toHaveText(dict['notfound.title']);
      await expect(main.getByText(dict['notfound.text'])).toBeVisible();
      await expect(page.getByText(other['notfound.title'])).toHaveCount(0);
      await expect(main.getByRole('link', { name: dict['notfound.home'] })).toHaveAttribute('href', home);
      await expect(main.getByRole('link', { name: dict['notfound.iq'] })).toHaveAttribute('href', `${prefix}/iq`);
      await expect(main.getByRole('link', { name: dict['notfound.career'] })).toHaveAttribute(
        'href',
        `${prefix}/professional-test`,
      );

      // The brand font is named and really loaded (a named face without its @font-face would fall back silently).
      expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain('Golos Text Variable');
      await expect
        .poll(() =>
          page.evaluate(async () => {
            await document.fonts.ready;
            return [...document.fonts].some((face) => face.family.includes('Golos Text') && face.status === 'loaded');
          }),
        )
        .toBe(true);

      const { violations } = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze();
      expect(violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
    });
  }
}
