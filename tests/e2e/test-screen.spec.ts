/**
 * The focused test screen: no marketing header, footer or calls to action while a test runs; the test's own bar
 * (labelled timer, position, progress, leave) stays in view; a matrix and its six options fit one laptop screen;
 * on a first visit the cookie banner never covers Previous or Next.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import uk from '../../src/i18n/uk.json' with { type: 'json' };
import en from '../../src/i18n/en.json' with { type: 'json' };
import { answerQuestions, formOf, prefix, questions, TEXT, type Lang } from './helpers.ts';

const TEXTS = { uk, en } as const;
const choice = (i: number) => i % 4;

test.describe.configure({ timeout: 90_000 });

/** Whether `locator` can be clicked where it is: the element at its centre is it (or inside it). */
async function uncovered(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && el.contains(hit);
  });
}

/** Whether the cookie banner is what lies over the centre of `locator`. */
async function underBanner(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && hit.closest('[data-cookie-banner]') !== null;
  });
}

async function inViewport(page: Page, locator: Locator): Promise<boolean> {
  const box = (await locator.boundingBox())!;
  const { width, height } = page.viewportSize()!;
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height;
}

for (const [width, height] of [
  [390, 844],
  [1280, 800],
] as const) {
  test.describe(`at ${width}×${height}`, () => {
    test.use({ viewport: { width, height } });
    for (const lang of ['uk', 'en'] as Lang[]) {
      const t = TEXTS[lang];

      test(`${lang}: a test runs in a focused frame whose bar stays in view`, async ({ page }) => {
        for (const path of ['/iq', '/professional-test']) {
          await page.goto(`${prefix(lang)}${path}`);
          await expect(page.getByRole('link', { name: t['nav.home'] })).toBeVisible();
          await expect(page.getByRole('navigation', { name: t['nav.main'] })).toHaveCount(0);
          await expect(page.getByRole('contentinfo')).toHaveCount(0);
          await expect(page.getByRole('link', { name: t['nav.cta.iq'] })).toHaveCount(0);
        }
        await page.goto(`${prefix(lang)}/iq`);
        await page.getByRole('button', { name: TEXT[lang].start }).click();
        const timer = page.locator('.runner-timer');
        await expect(timer).toContainText(t['runner.elapsed']);
        await expect(timer.getByRole('timer')).toHaveText(/^\d+:\d\d$/);
        await expect(page.getByRole('progressbar', { name: t['runner.progress'] })).toBeVisible();
        const leave = page.getByRole('button', { name: t['runner.leave'] });
        await answerQuestions(page, lang, 20, choice, 0, 4);
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        for (const part of [timer, leave, page.getByRole('progressbar')])
          expect(await inViewport(page, part)).toBe(true);
        expect(await uncovered(leave)).toBe(true);
        expect(await new AxeBuilder({ page }).analyze().then((r) => r.violations)).toEqual([]);
      });

      test(`${lang}: on a first visit the cookie banner never covers Previous or Next`, async ({ page }) => {
        await page.goto(`${prefix(lang)}/iq`);
        const banner = page.getByRole('region', { name: t['cookies.title'] });
        await expect(banner).toBeVisible();
        await page.getByRole('button', { name: TEXT[lang].start }).click();
        await answerQuestions(page, lang, 20, choice, 0, 2);
        await expect(page.getByRole('heading', { name: TEXT[lang].question(3, 20) })).toBeFocused();
        await expect(banner).toBeVisible();
        const buttons = [t['runner.prev'], t['runner.next']].map((name) => page.getByRole('button', { name }));
        const maxScroll = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
        for (const y of [0, maxScroll / 2, maxScroll]) {
          await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
          for (const button of buttons) {
            if (await inViewport(page, button)) expect(await underBanner(button), `at scroll ${y}`).toBe(false);
          }
        }
        for (const button of buttons) {
          await button.scrollIntoViewIfNeeded();
          expect(await uncovered(button)).toBe(true);
        }
      });
    }
  });
}

test.describe('at 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  for (const lang of ['uk', 'en'] as Lang[]) {
    test(`${lang}: a matrix and its six options are in view together, with the way on`, async ({ page }) => {
      await page.goto(`${prefix(lang)}/iq`);
      await page.getByRole('button', { name: TEXT[lang].start }).click();
      const bank = await questions(page.request, 'iq', lang, await formOf(page));
      const matrices = bank.flatMap((q, i) => ('image' in q && q.image ? [i] : []));
      expect(matrices.length).toBeGreaterThan(0);
      // Reach each matrix the way a person does, by answering the questions before it.
      let at = 0;
      for (const index of matrices.slice(0, 3)) {
        await answerQuestions(page, lang, 20, choice, at, index);
        at = index;
        await expect(page.getByRole('heading', { name: TEXT[lang].question(index + 1, 20) })).toBeVisible();
        const matrix = page.locator('.matrix-image');
        await expect(matrix).toBeVisible();
        await expect(matrix).toHaveJSProperty('complete', true);
        await expect(page.getByRole('radio')).toHaveCount(6);
        expect(await inViewport(page, matrix), `matrix of question ${index + 1}`).toBe(true);
        for (const option of await page.getByRole('radio').all())
          expect(await inViewport(page, option), `options of question ${index + 1}`).toBe(true);
        const next = page.getByRole('button', { name: TEXTS[lang]['runner.next'] });
        expect(await inViewport(page, next), `Next on question ${index + 1}`).toBe(true);
      }
    });
  }
});
