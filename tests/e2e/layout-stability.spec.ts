/**
 * Layout stability (issue 31, point 7): no page's content moves under the reader while it loads. Every built page,
 * in both languages, at a phone's and a laptop's size, plus the states whose content arrives after hydration (a
 * visitor's result on either results page, a signed-in profile), keeps its cumulative layout shift at most 0.05
 * ("good" in Core Web Vitals is 0.1). Shifts right after input do not count, as in the metric itself.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { CAREER_CORE, carefulIqSheet, pointsFor, scoreCareerSitting, statementByText, TEXT } from './helpers.ts';
import { signUpByApi } from '../support/accounts.ts';
import uk from '../../src/i18n/uk.json' with { type: 'json' };
import en from '../../src/i18n/en.json' with { type: 'json' };

// Each test loads its own pages: spread over the workers.
test.describe.configure({ mode: 'parallel' });

const MAX_CLS = 0.05;
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** The address of every HTML page in the build (dist/…/index.html → /…). */
function builtPages(dir = 'dist'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return builtPages(path);
    if (!entry.name.endsWith('.html')) return [];
    const address = `/${relative('dist', path)}`.replace(/(\/index)?\.html$/, '');
    return [address || '/'];
  });
}

/** Records the layout shifts not right after input in `window.shifts`: from the start (buffered) or from now. */
function recordShifts(buffered: boolean) {
  const shifts: number[] = [];
  (window as unknown as { shifts: number[] }).shifts = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
      if (!entry.hadRecentInput) shifts.push(entry.value);
  }).observe({ type: 'layout-shift', buffered });
}

/** Has every document the page loads record its layout shifts (buffered, so none before the observer is missed). */
const observeShifts = (page: Page) => page.addInitScript(recordShifts, true);

const shiftsSoFar = (page: Page) =>
  page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((sum, v) => sum + v, 0));

/** Loads `path` and sums its layout shifts once it has settled. */
async function clsOf(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  // The cookie banner appears after 1 s: past it, so that it is measured too.
  await page.waitForTimeout(1500);
  return shiftsSoFar(page);
}

const pages = builtPages();

test('the build has every page type in both languages to measure', () => {
  for (const path of ['/', '/eng', '/results', '/eng/professional-results', '/profile', '/eng/payment-result'])
    expect(pages).toContain(path);
});

for (const path of pages) {
  test(`${path}: CLS ≤ ${MAX_CLS} on a laptop and a phone`, async ({ page }) => {
    await observeShifts(page);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      expect(await clsOf(page, path), `${path} at ${viewport.width}×${viewport.height}`).toBeLessThanOrEqual(MAX_CLS);
    }
  });
}

for (const lang of ['uk', 'en'] as const) {
  const prefix = lang === 'uk' ? '' : '/eng';
  for (const kind of ['iq', 'professional'] as const) {
    const path = `${prefix}${kind === 'iq' ? '/results' : '/professional-results'}`;
    test(`${path} with a visitor's result: CLS ≤ ${MAX_CLS} on a laptop and a phone`, async ({ page }) => {
      const sheet =
        kind === 'iq'
          ? await carefulIqSheet(page.request, lang)
          : await scoreCareerSitting(page.request, lang, pointsFor(4));
      const stored = await (await page.request.post(`/api/tests/${kind}/score`, { data: sheet })).json();
      await observeShifts(page);
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await page.goto(prefix || '/');
        await page.evaluate(([key, value]) => sessionStorage.setItem(key, JSON.stringify(value)), [
          kind === 'iq' ? 'tempTestResult' : 'tempProfessionalTestResult',
          stored,
        ] as const);
        expect(await clsOf(page, path), `${path} at ${viewport.width}×${viewport.height}`).toBeLessThanOrEqual(MAX_CLS);
        await expect(page.getByTestId('kept-banner')).toBeVisible();
      }
    });
  }
  test(`${prefix}/payment-result of a declined payment: CLS ≤ ${MAX_CLS} on a laptop and a phone`, async ({ page }) => {
    await signUpByApi(page.request);
    const res = await page.request.post('/api/payments/checkout', {
      data: { fullName: 'Тест Тестович', phone: '+380501234567', lang },
    });
    expect(res.ok()).toBe(true);
    await page.goto((await res.json()).redirectUrl);
    await page.getByRole('button', { name: lang === 'uk' ? uk['testpay.decline'] : en['testpay.decline'] }).click();
    await page.waitForURL(/payment-result\?/);
    const address = new URL(page.url());
    await observeShifts(page);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      const cls = await clsOf(page, `${address.pathname}${address.search}`);
      // The outcome arrived with its reason (the test provider declines as the card's bank does).
      await expect(page.getByText((lang === 'uk' ? uk : en)['paymentResult.reason.bank'])).toBeVisible();
      expect(cls, `at ${viewport.width}×${viewport.height}`).toBeLessThanOrEqual(MAX_CLS);
    }
  });
  test(`${prefix}/login from a result (sign-up, with the way back said): CLS ≤ ${MAX_CLS} on a laptop and a phone`, async ({
    page,
  }) => {
    // As "Get all results" leaves it (auth-state.ts rememberWayBack, unlock.ts): the island reads it once it runs.
    await page.goto(prefix || '/');
    await page.evaluate(() => {
      sessionStorage.setItem('returnUrlAfterAuth', JSON.stringify('/results'));
      sessionStorage.setItem('testTypeBeforeAuth', JSON.stringify('iq'));
      sessionStorage.setItem('rozum.purchase.resume', JSON.stringify('iq'));
    });
    await observeShifts(page);
    const t = lang === 'uk' ? uk : en;
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      const cls = await clsOf(page, `${prefix}/login`);
      await expect(page.getByRole('heading', { name: t['login.signup.title'] })).toBeVisible();
      await expect(page.getByTestId('login-context')).toHaveText(t['login.context.iq.pay']);
      expect(cls, `at ${viewport.width}×${viewport.height}`).toBeLessThanOrEqual(MAX_CLS);
    }
  });
  test(`${prefix}/profile signed in: CLS ≤ ${MAX_CLS} on a laptop and a phone`, async ({ page }) => {
    await signUpByApi(page.request);
    await observeShifts(page);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      expect(await clsOf(page, `${prefix}/profile`), `at ${viewport.width}×${viewport.height}`).toBeLessThanOrEqual(
        MAX_CLS,
      );
    }
  });
}

test(`the career test's tie-break statements arrive without moving the page: CLS ≤ ${MAX_CLS} on a phone`, async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  // The tie-break statements come from the server: slower than the half second after the last answer that the
  // metric forgives, as on a phone's network.
  await page.route('**/api/tests/professional/tiebreak', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 900));
    await route.continue();
  });
  await page.goto('/professional-test');
  await page.getByRole('button', { name: TEXT.uk.start }).click();
  const yes = pointsFor(8, 9);
  for (let i = 0; i < CAREER_CORE; i++) {
    await expect(page.getByRole('heading', { name: TEXT.uk.statement(i + 1, CAREER_CORE) })).toBeVisible();
    const statement = statementByText((await page.locator('.question-text').textContent())!.trim(), 'uk');
    // From the last answer on: the tie-break statements replace the core ones.
    if (i === CAREER_CORE - 1) await page.evaluate(recordShifts, false);
    await page.getByRole('radio', { name: yes(statement) ? TEXT.uk.yes : TEXT.uk.no }).click();
  }
  await expect(page.getByRole('note')).toContainText(uk['runner.tiebreak.title']);
  await page.waitForTimeout(1000);
  expect(await shiftsSoFar(page)).toBeLessThanOrEqual(MAX_CLS);
});
