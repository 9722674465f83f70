/**
 * A refusal does not look like a dead server, and a dead server is not tried forever (src/lib/client/call.ts):
 * a 429 says what happened and when to try again, is asked once and keeps the answers; a server out of reach
 * is tried again with backoff up to six tries, then the page says so and offers a button that does try again.
 * The browser is the real one and the server ours; the 429 and the dropped connections are the browser's view of
 * the route (page.route): the server's own limits are proven by the integration tests, and what is tested here is what
 * the page does with them.
 */
import uk from '../../src/i18n/uk.json' with { type: 'json' };
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { signUpByApi } from '../support/accounts.ts';
import { answerQuestions, prefix, scoreCareerSitting, pointsFor, TEXT } from './helpers.ts';

test.describe.configure({ timeout: 120_000 });
const choice = (i: number) => i % 4;

/**
 * Moves the page's clock on, the longest wait of the backoff at a time, until `shown` is visible: each failed try
 * lands in real time after the clock moved, and only then schedules the next. Never more than 15 s at once, or a
 * request still on its way would reach the call layer's own 15 s timeout on the fake clock.
 */
async function waitThroughRetries(page: Page, shown: Locator) {
  for (let i = 0; i < 12 && !(await shown.isVisible()); i++) {
    await page.waitForTimeout(250);
    await page.clock.runFor(15_000);
  }
  await expect(shown).toBeVisible();
}

/**
 * The page's clock installed, and every request to `pattern` dropped as if the connection failed: the browser's view of
 * a server out of reach. Answers how many were asked so far, by pages whose address ends with `from` if given.
 */
async function unreachable(page: Page, pattern: string): Promise<(from?: string) => number> {
  await page.clock.install();
  const askedFrom: string[] = [];
  await page.route(pattern, (route) => {
    askedFrom.push(new URL(route.request().frame().url()).pathname);
    return route.abort('connectionfailed');
  });
  return (from) => askedFrom.filter((path) => from === undefined || path.endsWith(from)).length;
}

test('uk: a scoring limit says when to try again, is asked once, keeps the answers, and scores on "Try again" when the time comes', async ({
  page,
}) => {
  await page.clock.install();
  let asked = 0;
  await page.route('**/api/tests/iq/score', (route) => {
    asked++;
    return route.fulfill({
      status: 429,
      headers: { 'Retry-After': '300', 'content-type': 'application/json' },
      body: JSON.stringify({ error: 'score.error.rate_limited', message: uk['score.error.rate_limited'] }),
    });
  });
  await page.goto('/iq');
  await page.getByRole('button', { name: TEXT.uk.start }).click();
  await answerQuestions(page, 'uk', 20, choice);
  await page.waitForURL(/\/results(\?id=[\w-]+)?$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Забагато перевірок за короткий час' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText(uk['score.error.rate_limited']);
  await expect(page.getByRole('alert')).toContainText(/Спробуйте ще раз через 5 хвилин\./);
  // No retry by itself: the test page asked once; the results page shows what the server said without asking again,
  // and nothing more comes. "Try again" waits for the time the server gave.
  await page.waitForTimeout(4000);
  expect(asked).toBe(1);
  const tryAgain = page.getByRole('button', { name: 'Спробувати ще раз' });
  await expect(tryAgain).toBeDisabled();
  await page.reload();
  await expect(page.getByRole('alert')).toContainText(/Спробуйте ще раз через [45] хвилин/);
  expect(asked, 'a reload does not ask before the time either').toBe(1);
  await expect(page.getByText(/спроба \d/)).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem('rozum.pending.iq'))).toContain('"answers"');

  await page.unroute('**/api/tests/iq/score');
  await page.clock.runFor(301_000);
  await expect(tryAgain).toBeEnabled();
  await tryAgain.click();
  await expect(page.getByTestId('iq-estimate')).toBeVisible({ timeout: 15_000 });
  expect(await page.evaluate(() => sessionStorage.getItem('rozum.pending.iq'))).toBeNull();
});

test('en: a server out of reach is tried six times with backoff, then the page says so and "Try again" scores', async ({
  page,
}) => {
  const asked = await unreachable(page, '**/api/tests/iq/score');
  await page.goto('/eng/iq');
  await page.getByRole('button', { name: TEXT.en.start }).click();
  await answerQuestions(page, 'en', 20, choice);
  await page.clock.runFor(5_000);
  await page.waitForURL(/\/eng\/results(\?id=[\w-]+)?$/, { timeout: 20_000 });
  await expect(page.getByText(/trying again \(attempt 2 of 6\)/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'The server is not answering' })).toHaveCount(0);
  await waitThroughRetries(
    page,
    page.getByRole('alert').filter({ hasText: 'We tried 6 times and the server did not answer.' }),
  );
  await expect(page.getByRole('heading', { name: 'The server is not answering' })).toBeVisible();
  expect(asked('/eng/results')).toBe(6);
  await page.clock.runFor(60_000);
  await page.waitForTimeout(500);
  expect(asked('/eng/results'), 'stopped for good').toBe(6);

  await page.unroute('**/api/tests/iq/score');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('iq-estimate')).toBeVisible({ timeout: 15_000 });
});

test('en: the career save banner counts its tries, then says it did not save and saves on "Try again"', async ({
  page,
}) => {
  // A visitor's career result in this browser, then an account signed in: the results page saves it from its token.
  await page.goto(`${prefix('en')}/`);
  const sheet = await scoreCareerSitting(page.request, 'en', pointsFor(5));
  const stored = await (await page.request.post('/api/tests/professional/score', { data: sheet })).json();
  expect(stored.token).toBeTruthy();
  await page.evaluate((value) => sessionStorage.setItem('tempProfessionalTestResult', JSON.stringify(value)), stored);
  await signUpByApi(page.request);

  const asked = await unreachable(page, '**/api/results/claim');
  await page.goto('/eng/professional-results');
  await expect(page.getByText('The server has not answered yet — attempt 2 of 6.', { exact: false })).toBeVisible();
  const banner = page.getByRole('alert').filter({ hasText: 'The result could not be saved to your profile yet.' });
  await waitThroughRetries(page, banner);
  expect(asked()).toBe(6);

  await page.unroute('**/api/results/claim');
  await banner.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('Your result is saved to your profile.')).toBeVisible();
  await expect(page).toHaveURL(/\?id=[0-9a-f-]{36}$/);
});

test('uk: a certificate check the server did not answer says so, never "not found", and Try again asks again', async ({
  page,
}) => {
  const asked = await unreachable(page, '**/api/certificates/verify/**');
  await page.goto('/verify?code=ABCD-EFGH-JKLM');
  const unchecked = page.getByRole('heading', { name: 'Сертифікат не вдалося перевірити' });
  await waitThroughRetries(page, unchecked);
  expect(asked()).toBe(6);
  await expect(page.getByText('Сертифікат не знайдено')).toHaveCount(0);
  await page.unroute('**/api/certificates/verify/**');
  await page.getByRole('button', { name: 'Спробувати ще раз' }).click();
  // The server's own answer now: no certificate has this code.
  await expect(page.getByRole('heading', { name: /Сертифікат не знайдено/ })).toBeVisible();
});
