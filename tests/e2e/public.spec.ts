import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import uk from '../../src/i18n/uk.json' with { type: 'json' };
import en from '../../src/i18n/en.json' with { type: 'json' };
import { emojiIn } from '../support/emoji.ts';
import { carefulIqSheet } from './helpers.ts';
import { formatNumber } from '../../src/i18n/numbers.ts';
import { siteContent, withFigures } from '../../src/lib/site-content.ts';
import { localizedPath } from '../../src/i18n/paths.ts';
import { typicalIntervalHalfWidth } from '../../src/lib/site-figures.ts';
import { LIVE_FIGURE_MIN } from '../../src/lib/client/live-figures.ts';

const LEGAL = ['privacy', 'terms', 'offer', 'consent', 'contacts', 'refund', 'cookies'];
const gaRequests = (page: Page) => {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('googletagmanager.com')) seen.push(request.url());
  });
  return seen;
};
const stubGoogle = (page: Page) =>
  page.route('https://www.googletagmanager.com/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: '/* gtag stub */' }),
  );
/** GET /api/stats answering these counts, or failing with this status. */
async function stubStats(
  page: Page,
  counts: { iqToday: number; professionalToday: number; resultsThisMonth: number } | number,
) {
  await page.route('**/api/stats', (route) =>
    typeof counts === 'number'
      ? route.fulfill({ status: counts, json: { error: 'api.error.db_unavailable' } })
      : route.fulfill({
          json: { ...counts, counted: 'saved results', timeZone: 'Europe/Kyiv', asOf: new Date().toISOString() },
        }),
  );
}

test("the hero's buttons start the tests: the IQ test first, the career test beside it; the cards start them too", async ({
  page,
}) => {
  for (const lang of ['uk', 'en'] as const) {
    const { hero } = siteContent(lang).home;
    const home = lang === 'en' ? '/eng' : '/';
    await page.goto(home);
    const actions = page.locator('.hero').getByRole('link');
    await expect(actions).toHaveCount(2);
    await expect(actions.first()).toHaveText(hero.cta);
    await expect(actions.first()).toHaveAttribute('href', localizedPath(lang, '/iq'));
    await expect(actions.nth(1)).toHaveText(hero.ctaCareer);
    await expect(actions.nth(1)).toHaveAttribute('href', localizedPath(lang, '/professional-test'));
  }
  await page
    .locator('.hero')
    .getByRole('link', { name: siteContent('en').home.hero.cta })
    .click();
  await expect(page).toHaveURL(/\/eng\/iq$/);
  await page.goto('/eng');
  await page
    .locator('#tests')
    .getByRole('link', { name: /IQ test/i })
    .click();
  await expect(page).toHaveURL(/\/eng\/iq$/);
});

test('the landing pages show SVG icons, not emoji, and no island for them', async ({ page }) => {
  for (const path of ['/', '/eng', '/iqtest', '/eng/iqtest', '/prof', '/eng/prof']) {
    await page.goto(path);
    expect(emojiIn(await page.locator('body').innerText()), path).toEqual([]);
    await expect(page.locator('astro-island')).toHaveCount(0);
  }
  await page.goto('/');
  await expect(page.locator('.benefit-small svg.icon[aria-hidden="true"]')).toHaveCount(4);
});

test('the home statistics start at the top of their boxes, however long the label under the figure', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const path of ['/', '/eng']) {
    await page.goto(path);
    const stats = page.locator('.stat');
    await expect(stats).toHaveCount(4);
    const tops = await stats.evaluateAll((boxes) =>
      boxes.map((box) => box.querySelector('dd')!.getBoundingClientRect().top - box.getBoundingClientRect().top),
    );
    expect(Math.max(...tops) - Math.min(...tops), `${path}: ${tops}`).toBeLessThan(1);
  }
});

test("the home benefits' icons keep their square beside any length of text, and line up with the headings", async ({
  page,
}) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['/', '/eng']) {
      await page.goto(path);
      const rows = await page.locator('.benefit-small').evaluateAll((items) =>
        items.map((item) => {
          const badge = item.querySelector('.icon-badge')!.getBoundingClientRect();
          const heading = item.querySelector('h3')!.getBoundingClientRect();
          return { width: badge.width, height: badge.height, offset: heading.top - badge.top };
        }),
      );
      expect(rows.length, path).toBe(4);
      for (const row of rows) {
        expect(row.width, `${path} at ${width}`).toBeCloseTo(row.height, 0);
        expect(row.width, `${path} at ${width}`).toBeGreaterThanOrEqual(40);
        expect(Math.abs(row.offset), `${path} at ${width}`).toBeLessThan(8);
      }
    }
  }
});

test('the career landing centres its hero: heading, subtitle and button, on a phone and a desktop', async ({
  page,
}) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['/prof', '/eng/prof']) {
      await page.goto(path);
      const hero = page.locator('.hero').first();
      const box = (await hero.boundingBox())!;
      for (const part of [hero.locator('h1'), hero.locator('.hero-subtitle'), hero.getByRole('link')]) {
        const centre = await part.evaluate((el) => {
          // The middle of the text itself, not of its block: a left-aligned line leaves space on its right.
          const range = document.createRange();
          range.selectNodeContents(el);
          const r = range.getBoundingClientRect();
          return r.left + r.width / 2;
        });
        expect(Math.abs(centre - (box.x + box.width / 2)), `${path} at ${width}`).toBeLessThan(4);
      }
    }
  }
});

test('a live count replaces its fact only from the threshold on, in the page language’s number format', async ({
  page,
}) => {
  await stubStats(page, { iqToday: 8341, professionalToday: 3723, resultsThisMonth: 120_000 });
  for (const lang of ['uk', 'en'] as const) {
    const p = lang === 'en' ? '/eng' : '';
    const [iq, professional, month] = [formatNumber(lang, 8341), formatNumber(lang, 3723), formatNumber(lang, 120_000)];
    const places: [string, string, string[]][] = [
      [`${p}/`, '#tests', [iq, professional]],
      [`${p}/`, '.stats-band', [month]],
      [`${p}/iqtest`, '.hero', [iq]],
    ];
    for (const [path, where, figures] of places) {
      await page.goto(path);
      // As a reader sees it: a landing's later sections are laid out (and have rendered text) once they come near
      // the screen.
      const place = page.locator(where).first();
      await place.scrollIntoViewIfNeeded();
      await expect(place.locator('[data-live="on"]')).toHaveCount(figures.length);
      await expect(place.locator('[data-live="on"] .pulse').first()).toBeVisible();
      // content-visibility: auto lays a section out in the frame after it comes near the screen; until then its
      // rendered text is empty, so read it once it is there.
      for (const figure of figures)
        await expect.poll(() => place.innerText(), { message: `${path} ${where}` }).toContain(figure);
      const text = await place.innerText();
      // Grouping is never a plain space, which could break a figure across two lines.
      expect(text, `${path} ${where}`).not.toMatch(/\d \d{3}\b/);
    }
  }
});

test('below the threshold, or without the API, the home page and the IQ landing state facts: no figure, no ±7', async ({
  page,
}) => {
  const below = LIVE_FIGURE_MIN - 1;
  for (const stats of [{ iqToday: below, professionalToday: below, resultsThisMonth: below }, 503] as const) {
    await page.unrouteAll();
    await stubStats(page, stats);
    for (const lang of ['uk', 'en'] as const) {
      const p = lang === 'en' ? '/eng' : '';
      const { home, iqLanding } = siteContent(lang);
      const facts: [string, string[]][] = [
        [`${p}/`, [home.tests.iq.fact, home.tests.professional.fact, home.stats.fact].map((f) => withFigures(lang, f))],
        [`${p}/iqtest`, [withFigures(lang, iqLanding.hero.fact)]],
      ];
      for (const [path, expected] of facts) {
        const answered = page.waitForResponse('**/api/stats');
        await page.goto(path);
        await answered;
        await page.waitForLoadState('networkidle');
        const slots = page.locator('[data-live-figure]');
        await expect(slots).toHaveText(expected);
        await expect(page.locator('[data-live="on"]')).toHaveCount(0);
        await expect(page.locator('.pulse').first()).toBeHidden();
        const text = await page.locator('main').innerText();
        expect(text, path).not.toMatch(/±\s*7\b|\b7-point|7 балів/);
        expect(text, path).not.toContain(formatNumber(lang, below));
        expect(text, path).toContain(`±${typicalIntervalHalfWidth()}`);
      }
    }
  }
  // The test pages' intros count nothing either.
  for (const path of ['/iq', '/eng/professional-test']) {
    await page.goto(path);
    await expect(page.locator('.intro')).not.toContainText(/today|сьогодні/i);
  }
});

test('what moves for ever on a landing moves on the compositor: only transform and opacity, no repaints', async ({
  page,
}) => {
  // A box-shadow pulse repainted the page on the main thread every frame; Lighthouse counted it as blocking time.
  // The pulse runs only beside a live count, so the counts here are live.
  await stubStats(page, { iqToday: 500, professionalToday: 500, resultsThisMonth: 5000 });
  for (const path of ['/', '/eng', '/iqtest', '/eng/iqtest', '/prof']) {
    await page.goto(path);
    if (path !== '/prof') await expect(page.locator('[data-live="on"]').first()).toBeVisible();
    const endless = await page.evaluate(() =>
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations === Infinity)
        .map((a) => ({
          name: (a as CSSAnimation).animationName,
          properties: [
            ...new Set(
              (a.effect as KeyframeEffect)
                .getKeyframes()
                .flatMap((frame) =>
                  Object.keys(frame).filter((k) => !['offset', 'computedOffset', 'easing', 'composite'].includes(k)),
                ),
            ),
          ],
        })),
    );
    if (path === '/' || path === '/iqtest') expect(endless.length, path).toBeGreaterThan(0);
    for (const { name, properties } of endless)
      expect(
        properties.filter((p) => p !== 'transform' && p !== 'opacity'),
        `${path} ${name}`,
      ).toEqual([]);
  }
});

test('the cookie banner appears after a second, once, and remembers Accept', async ({ page }) => {
  await stubGoogle(page);
  const requests = gaRequests(page);
  await page.goto('/');
  const banner = page.getByRole('region', { name: uk['cookies.title'] });
  await expect(banner).toBeHidden();
  await expect(banner).toBeVisible({ timeout: 3000 });
  expect(requests).toEqual([]);
  await banner.getByRole('button', { name: uk['cookies.accept'] }).click();
  await expect(banner).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('accepted');
  await expect.poll(() => requests.length).toBe(1);
  expect(requests[0]).toContain('gtag/js?id=G-');
  await page.goto('/eng/iqtest');
  await page.waitForTimeout(1500);
  await expect(page.getByRole('region', { name: en['cookies.title'] })).toBeHidden();
  await expect.poll(() => requests.length).toBe(2);
});

test('Decline keeps analytics away, on this page and the next', async ({ page }) => {
  await stubGoogle(page);
  const requests = gaRequests(page);
  await page.goto('/eng');
  const banner = page.getByRole('region', { name: en['cookies.title'] });
  await banner.getByRole('button', { name: en['cookies.decline'] }).click();
  expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('declined');
  await page.goto('/eng/prof');
  await page.waitForTimeout(1500);
  await expect(page.getByRole('region', { name: en['cookies.title'] })).toBeHidden();
  expect(requests).toEqual([]);
});

test('closing the banner chooses nothing: no analytics, and it asks again next visit', async ({ page, browser }) => {
  await stubGoogle(page);
  const requests = gaRequests(page);
  await page.goto('/');
  await page.getByRole('button', { name: uk['cookies.close'] }).click();
  await page.goto('/prof');
  await page.waitForTimeout(1500);
  await expect(page.getByRole('region', { name: uk['cookies.title'] })).toBeHidden();
  expect(requests).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBeNull();
  const next = await browser.newPage();
  await next.goto(page.url());
  await expect(next.getByRole('region', { name: uk['cookies.title'] })).toBeVisible({ timeout: 3000 });
  await next.close();
});

test('no invented praise: no star ratings or testimonials on the home page, the landings or a result (issue 31)', async ({
  page,
  request,
}) => {
  const stored = await (
    await request.post('/api/tests/iq/score', { data: await carefulIqSheet(request, 'en') })
  ).json();
  for (const path of ['/', '/eng', '/prof', '/eng/prof', '/iqtest', '/eng/iqtest']) {
    await page.goto(path);
    await expect(page.locator('blockquote'), path).toHaveCount(0);
    expect(await page.locator('body').innerText(), path).not.toMatch(/★/);
  }
  await page.evaluate((value) => sessionStorage.setItem('tempTestResult', JSON.stringify(value)), stored);
  await page.goto('/eng/results');
  await expect(page.getByTestId('iq-estimate')).toBeVisible();
  await expect(page.locator('blockquote')).toHaveCount(0);
  expect(await page.locator('main').innerText()).not.toMatch(/★/);
});

test('every legal page renders in both languages, with its tokens filled', async ({ page }) => {
  for (const lang of ['uk', 'en'] as const) {
    for (const type of LEGAL) {
      const res = await page.goto(`${lang === 'en' ? '/eng' : ''}/legal/${type}`);
      expect(res?.status(), type).toBe(200);
      const dict = lang === 'uk' ? uk : en;
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.title()).toContain('— Rozum');
      const text = await page.locator('main').innerText();
      expect(text, `${lang}/${type}`).not.toContain('{{');
      // The configured address, or on a local build without one the placeholder in the page's own language.
      expect(
        text.includes(dict['local.contactEmail']) || /[\w.+-]+@[\w-]+\.[\w.-]+/.test(text),
        `${lang}/${type}`,
      ).toBe(true);
      expect(text).not.toContain((lang === 'uk' ? en : uk)['local.contactEmail']);
      expect(text.length).toBeGreaterThan(1000);
      await expect(page.getByRole('navigation', { name: dict['legal.others'] }).getByRole('link')).toHaveCount(6);
    }
  }
});

test('no legal page is wider than a phone: a table stacks its rows, each cell under its heading', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'declined'));
  for (const lang of ['uk', 'en'] as const) {
    for (const type of LEGAL) {
      await page.goto(`${lang === 'en' ? '/eng' : ''}/legal/${type}`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${lang}/${type}`).toBeLessThanOrEqual(390);
    }
  }
  // The cookie table's first cell shows its column's heading above it.
  await page.goto('/eng/legal/cookies');
  const cell = page.locator('.prose td').first();
  await expect(cell).toHaveAttribute('data-label', 'Cookie');
  expect(await cell.evaluate((td) => getComputedStyle(td).display)).toBe('block');
});

test('axe finds nothing on the public pages', async ({ page }) => {
  // Eight full axe runs: about 20 s on an idle machine, more on a busy 2-core one.
  test.setTimeout(120_000);
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'declined'));
  for (const path of [
    '/',
    '/eng',
    '/iqtest',
    '/eng/iqtest',
    '/prof',
    '/eng/prof',
    '/legal/privacy',
    '/eng/legal/offer',
  ]) {
    await page.goto(path);
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    expect(violations.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  }
});

test('the banner itself passes axe', async ({ page }) => {
  await page.goto('/eng');
  await expect(page.getByRole('region', { name: en['cookies.title'] })).toBeVisible({ timeout: 3000 });
  const { violations } = await new AxeBuilder({ page }).include('[data-cookie-banner]').analyze();
  expect(violations).toEqual([]);
});

test('"Cookie settings" brings the banner back to change an earlier choice', async ({ page }) => {
  await stubGoogle(page);
  const requests = gaRequests(page);
  await page.addInitScript(
    () => localStorage.getItem('cookieConsent') ?? localStorage.setItem('cookieConsent', 'declined'),
  );
  await page.goto('/eng/legal/cookies');
  const banner = page.getByRole('region', { name: en['cookies.title'] });
  await page.waitForTimeout(1200);
  await expect(banner).toBeHidden();
  await page.getByRole('link', { name: 'Change cookie settings' }).click();
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: en['cookies.accept'] }).click();
  await expect.poll(() => requests.length).toBe(1);
  expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('accepted');
});
