import { expect, test } from './fixtures.ts';
import en from '../../src/i18n/en.json' with { type: 'json' };
import {
  answerCareer,
  answerQuestions,
  CAREER_CORE,
  events,
  iqForm,
  pointsFor,
  recordEvents,
  TEXT,
} from './helpers.ts';

test.describe.configure({ timeout: 90_000 });

test('with consent, the test reports its start, completion and result view', async ({ page }) => {
  await recordEvents(page, 'accepted');
  await page.goto('/eng/iq');
  await page.getByRole('button', { name: TEXT.en.start }).click();
  expect((await events(page)).map((e) => e[1])).toEqual(['start_iq_test_click']);
  await answerQuestions(page, 'en', 20, () => 1);
  await page.waitForURL(/\/eng\/results(\?id=[\w-]+)?$/, { timeout: 15_000 });
  await expect(page.getByTestId('iq-estimate')).toBeVisible();
  const seen = await events(page);
  expect(seen.map((e) => e[1])).toContain('view_item');
  await page.getByRole('link', { name: 'Читати цю сторінку українською' }).click();
  await page.waitForURL(/\/results(\?id=[\w-]+)?$/);
});

test('the completion event carries the score the server gave', async ({ page }) => {
  await recordEvents(page, 'accepted');
  await page.goto('/professional-test');
  await page.getByRole('button', { name: TEXT.uk.start }).click();
  await answerCareer(page, 'uk', CAREER_CORE, pointsFor(4));
  await expect
    .poll(async () => (await events(page)).some((e) => e[1] === 'test_completed'), { timeout: 15_000 })
    .toBe(true);
  const completed = (await events(page)).find((e) => e[1] === 'test_completed')!;
  expect(completed[2]).toMatchObject({ testType: 'professional', personalityType: 'Творець' });
});

test('without consent, nothing is sent', async ({ page }) => {
  for (const consent of ['declined', null] as const) {
    await recordEvents(page, consent);
    await page.goto('/eng/iq');
    await page.getByRole('button', { name: TEXT.en.start }).click();
    await answerQuestions(page, 'en', 20, () => 0, 0, 2);
    await page.getByRole('link', { name: 'Читати цю сторінку українською' }).click();
    await page.waitForURL(/\/iq$/);
    expect(await events(page)).toEqual([]);
    await page.evaluate(() => sessionStorage.clear());
  }
});

test('declining after accepting stops analytics on the same page at once, and deletes its cookies', async ({
  page,
}) => {
  await recordEvents(page, null);
  const gaId = process.env.PUBLIC_GA_ID!;
  await page.goto('/eng/login');
  const banner = page.getByRole('region', { name: en['cookies.title'] });
  await banner.getByRole('button', { name: en['cookies.accept'] }).click();
  await expect.poll(() => page.evaluate(() => typeof window.gtag)).toBe('function');
  // What gtag.js would have set.
  await page.evaluate((id) => {
    document.cookie = '_ga=GA1.1.123.456; path=/';
    document.cookie = `_ga_${id.slice(2)}=GS1.1.123; path=/`;
  }, gaId);

  await page.getByRole('link', { name: en['cookies.settings'] }).click();
  await banner.getByRole('button', { name: en['cookies.decline'] }).click();
  await expect(banner).toBeHidden();
  const before = (await events(page)).length;
  // Our own event (a sign-in attempt), and anything calling gtag() directly: nothing more is queued.
  await page.getByLabel(en['login.email']).fill('nobody@example.com');
  await page.getByLabel(en['login.password'], { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: en['login.signin.submit'] }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.evaluate(() => window.gtag?.('event', 'probe'));
  expect((await events(page)).length).toBe(before);
  // gtag.js's own opt-out, so it sends nothing by itself either; and Google's cookies are gone.
  expect(await page.evaluate((id) => Reflect.get(window, `ga-disable-${id}`), gaId)).toBe(true);
  expect(await page.evaluate(() => document.cookie)).not.toMatch(/(^|; )_ga/);
});

test('a purchase reports the amount the order was charged, not a made-up figure', async ({ page, account }) => {
  void account; // signed in: only a user can buy
  await recordEvents(page, 'accepted');
  const form = await iqForm(page.request, 'lang=en');
  const scored = await page.request.post('/api/tests/iq/score', {
    data: {
      formToken: form.formToken,
      answers: form.questions.map((q: { id: number }) => ({ questionId: q.id, selectedAnswer: 1, timeSpent: 20_000 })),
      timeSpent: 400_000,
      lang: 'en',
    },
  });
  const { id } = await scored.json();
  const checkout = await page.request.post('/api/payments/checkout', {
    data: { fullName: 'Test Person', phone: '+447700900123', testType: 'iq', testResultId: id, lang: 'en' },
  });
  const { redirectUrl, orderReference } = await checkout.json();
  await page.goto(redirectUrl);
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await expect.poll(async () => (await events(page)).some((e) => e[1] === 'purchase'), { timeout: 15_000 }).toBe(true);
  const order = await (await page.request.get(`/api/payments/${orderReference}`)).json();
  expect(order.status).toBe('Approved');
  const purchase = (await events(page)).find((e) => e[1] === 'purchase')!;
  expect(purchase[2]).toMatchObject({ transaction_id: orderReference, value: order.amount, currency: order.currency });
});
