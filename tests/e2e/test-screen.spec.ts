/**
 * The focused test screen: no marketing header, footer or calls to action while a test runs; the test's own bar
 * (labelled timer, position, progress, leave) stays in view; every matrix and its six options fit one screen, a
 * phone's as well as a laptop's, with Back and Next in one place; on a first visit the cookie banner never covers
 * Previous or Next.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { t as tr } from '../../src/i18n/index.ts';
import uk from '../../src/i18n/uk.json' with { type: 'json' };
import en from '../../src/i18n/en.json' with { type: 'json' };
import { answerQuestions, formOf, prefix, questions, TEXT, type Lang } from './helpers.ts';
import { SERVED_FORM_IDS } from '../../src/domain/iq/bank.ts';

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
        // The question grid opens from the bar too, whose counter stays in view while the line under it scrolls away.
        const counter = page.getByRole('button', {
          name: tr(lang, 'runner.jump.fromCounter', { counter: '5 / 20', n: 4 }),
        });
        for (const part of [timer, leave, page.getByRole('progressbar'), counter])
          expect(await inViewport(page, part)).toBe(true);
        expect(await uncovered(leave)).toBe(true);
        await counter.click();
        await expect(page.getByRole('dialog', { name: t['runner.jump.title'] })).toBeVisible();
        await page.keyboard.press('Escape');
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

/** Where the page's box of `locator` is, and the bar above and the nav below the question. */
async function frameOf(page: Page, locator: Locator) {
  return locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return {
      top: box.top,
      bottom: box.bottom,
      left: box.left,
      right: box.right,
      width: box.width,
      height: box.height,
      barBottom: document.querySelector('.test-bar')!.getBoundingClientRect().bottom,
      navTop: document.querySelector('.runner-nav')!.getBoundingClientRect().top,
      viewWidth: innerWidth,
    };
  });
}

// Issue 31, point 1: every matrix item of every served form, on phones and a laptop, in both languages — the matrix
// and its six options between the test bar and Back / Next, each option a target of at least 44 px, and Back / Next
// in the same place on every question.
for (const [width, height] of [
  [390, 844],
  [360, 740],
  [1280, 800],
] as const) {
  test.describe(`at ${width}×${height}`, () => {
    test.use({ viewport: { width, height }, hasTouch: width < 900 });
    for (const lang of ['uk', 'en'] as Lang[]) {
      const t = TEXTS[lang];
      test(`${lang}: every matrix of every form shows whole with its six options, Back and Next in one place`, async ({
        page,
      }) => {
        const navTops = new Set<number>();
        for (const formId of SERVED_FORM_IDS) {
          await page.goto(`${prefix(lang)}/iq`);
          // The server serves a form the browser has not taken: every other one is listed as taken (and the test
          // in progress, if any, forgotten).
          await page.evaluate(
            (taken) => {
              sessionStorage.clear();
              sessionStorage.setItem('rozum.iq.formsTaken', JSON.stringify(taken));
            },
            SERVED_FORM_IDS.filter((id) => id !== formId),
          );
          await page.goto(`${prefix(lang)}/iq`);
          await page.getByRole('button', { name: TEXT[lang].start }).click();
          await expect(page.getByRole('heading', { name: TEXT[lang].question(1, 20) })).toBeFocused();
          expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('rozum.progress.iq')!).formId)).toBe(
            formId,
          );
          navTops.add(Math.round((await frameOf(page, page.locator('.runner-nav'))).top));
          const bank = await questions(page.request, 'iq', lang, await formOf(page));
          const matrices = bank.flatMap((q, i) => ('image' in q && q.image ? [i] : []));
          expect(matrices.length, `form ${formId}`).toBeGreaterThanOrEqual(6);
          for (const index of matrices) {
            const where = `form ${formId}, question ${index + 1}`;
            await page.getByRole('button', { name: t['runner.jump.open'] }).click();
            await page
              .getByRole('button', { name: new RegExp(`^${t['runner.jump.cell'].replace('{n}', String(index + 1))},`) })
              .click();
            await expect(page.getByRole('heading', { name: TEXT[lang].question(index + 1, 20) })).toBeFocused();
            const matrix = page.locator('.matrix-image');
            await expect(matrix).toHaveJSProperty('complete', true);
            const image = await frameOf(page, matrix);
            expect(image.top, `${where}: the matrix starts below the bar`).toBeGreaterThanOrEqual(image.barBottom - 1);
            expect(image.bottom, `${where}: the matrix ends above Back / Next`).toBeLessThanOrEqual(image.navTop + 1);
            expect(image.width, `${where}: the matrix is not a thumbnail`).toBeGreaterThanOrEqual(200);
            const options = await page.getByRole('radio').all();
            expect(options).toHaveLength(6);
            for (const [i, option] of options.entries()) {
              const box = await frameOf(page, option);
              expect(box.top, `${where}: option ${i + 1} below the bar`).toBeGreaterThanOrEqual(box.barBottom - 1);
              expect(box.bottom, `${where}: option ${i + 1} above Back / Next`).toBeLessThanOrEqual(box.navTop + 1);
              expect(box.right, `${where}: option ${i + 1} within the width`).toBeLessThanOrEqual(box.viewWidth);
              expect(
                Math.min(box.width, box.height),
                `${where}: option ${i + 1} is a 44 px target`,
              ).toBeGreaterThanOrEqual(44);
            }
            for (const name of [t['runner.prev'], t['runner.next']]) {
              const button = page.getByRole('button', { name, exact: true });
              expect(await inViewport(page, button), `${where}: ${name} in view`).toBe(true);
              expect(await uncovered(button), `${where}: ${name} uncovered`).toBe(true);
            }
            navTops.add(Math.round((await frameOf(page, page.locator('.runner-nav'))).top));
          }
        }
        // One place for Back and Next, on text questions and matrices of every form alike.
        expect([...navTops]).toHaveLength(1);
      });
    }
  });
}

// Issue 31, point 7: the arrow keys move through the options as they are drawn — Left / Right to the neighbour in
// reading order, Up / Down to the one above / below in the same column — choosing each, as a radio group does.
for (const [width, height] of [
  [390, 844],
  [1280, 800],
] as const) {
  test(`at ${width}×${height}: the arrow keys follow the options' grid as drawn, on a matrix and a text question`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    const t = TEXTS.en;
    await page.goto('/eng/iq');
    await page.getByRole('button', { name: TEXT.en.start }).click();
    const bank = await questions(page.request, 'iq', 'en', await formOf(page));
    const matrix = bank.findIndex((q) => 'image' in q && q.image);
    const text = bank.findIndex((q) => !('image' in q && q.image));
    for (const index of [matrix, text]) {
      await page.getByRole('button', { name: t['runner.jump.open'] }).click();
      await page
        .getByRole('button', { name: new RegExp(`^${t['runner.jump.cell'].replace('{n}', String(index + 1))},`) })
        .click();
      await expect(page.getByRole('heading', { name: TEXT.en.question(index + 1, 20) })).toBeFocused();
      const radios = page.getByRole('radio');
      const boxes = await radios.evaluateAll((els) =>
        els.map((el) => ({ x: Math.round(el.getBoundingClientRect().left), y: el.getBoundingClientRect().top })),
      );
      const count = boxes.length;
      const columns = boxes.filter((box) => Math.abs(box.y - boxes[0].y) < 1).length;
      const rows = Math.ceil(count / columns);
      if (index === matrix) expect(columns, 'a matrix shows its options three to a row').toBe(3);
      if (index === text && width === 1280) expect(columns, 'text options two to a row on a laptop').toBe(2);
      const below = (i: number) => (i + columns) % (rows * columns);
      await page.keyboard.press('Tab');
      await expect(radios.first()).toBeFocused();
      let at = 0;
      for (const [key, next] of [
        ['ArrowDown', rows > 1 ? below(0) : 1],
        ['ArrowRight', (rows > 1 ? below(0) : 1) + 1],
        ['ArrowUp', rows > 1 ? 1 : 0],
        ['ArrowLeft', 0],
        ['ArrowLeft', count - 1],
        ['ArrowRight', 0],
      ] as const) {
        await page.keyboard.press(key);
        const where = `question ${index + 1}, ${key} from option ${at + 1} (${columns} a row)`;
        await expect(radios.nth(next), where).toBeFocused();
        await expect(radios.nth(next), where).toHaveAttribute('aria-checked', 'true');
        await expect(page.locator('[role="radio"][aria-checked="true"]')).toHaveCount(1);
        if (key === 'ArrowDown' && rows > 1) {
          expect(boxes[next].x, `${where}: straight down`).toBe(boxes[at].x);
          expect(boxes[next].y, `${where}: straight down`).toBeGreaterThan(boxes[at].y);
        }
        at = next;
      }
      await expect(page.getByRole('heading', { name: TEXT.en.question(index + 1, 20) })).toBeVisible();
    }
  });
}
