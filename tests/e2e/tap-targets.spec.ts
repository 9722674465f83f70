/**
 * Every control a finger or a pointer aims at on its own — a button, a link that is not a word inside a sentence, a
 * field — is at least 44 px high (WCAG 2.5.5's size; 2.5.8 asks 24), on a phone and a laptop, in both languages.
 * Links inside running text are exempt, as WCAG exempts them; a checkbox is at least 24 px with its label beside it.
 */
import { expect, test } from './fixtures.ts';
import { prefix, type Lang } from './helpers.ts';

const PAGES = [
  '/',
  '/iqtest',
  '/prof',
  '/types/6',
  '/legal/privacy',
  '/legal/offer',
  '/verify',
  '/login',
  '/reset-password',
  '/results',
  '/professional-results',
  '/iq',
  '/professional-test',
  '/no-such-page',
];

// The not-found page answers 404, which the browser reports in its console.
test.use({ expectedConsoleErrors: [/status of 404 \(Not Found\).*no-such-page/] });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'declined'));
});

for (const [width, height] of [
  [390, 844],
  [1280, 800],
] as const) {
  test.describe(`at ${width}×${height}`, () => {
    test.use({ viewport: { width, height } });
    for (const lang of ['uk', 'en'] as Lang[]) {
      test(`${lang}: no control below 44 px`, async ({ page }) => {
        const small: string[] = [];
        for (const path of PAGES) {
          await page.goto(`${prefix(lang)}${path === '/' && lang === 'en' ? '' : path}`);
          // The islands have drawn their controls (a page without one has nothing to wait for).
          await page.waitForLoadState('networkidle');
          const found = await page.evaluate(() =>
            [...document.querySelectorAll<HTMLElement>('a, button, summary, input, select, textarea, [role=button]')]
              .filter((e) => {
                const r = e.getBoundingClientRect();
                if (!r.width || !r.height || getComputedStyle(e).visibility === 'hidden') return false;
                const text = (e.textContent ?? '').trim();
                const sentence = e.closest('p, li, td, dd, label, .prose');
                const inline =
                  e.tagName === 'A' &&
                  sentence !== null &&
                  (sentence.textContent ?? '').trim().length > text.length + 3;
                if (inline) return false;
                if (e.matches('input[type=checkbox], input[type=radio]')) return r.height < 24;
                return r.height < 44;
              })
              .map(
                (e) =>
                  `${e.tagName.toLowerCase()} "${(e.textContent ?? '').trim().slice(0, 30)}" ${Math.round(e.getBoundingClientRect().height)} px`,
              ),
          );
          small.push(...found.map((f) => `${path}: ${f}`));
        }
        expect(small).toEqual([]);
      });
    }
  });
}
