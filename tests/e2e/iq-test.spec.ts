import AxeBuilder from '@axe-core/playwright';
import uk from '../../src/i18n/uk.json' with { type: 'json' };
import en from '../../src/i18n/en.json' with { type: 'json' };
import { expect, test } from './fixtures.ts';
import { answerQuestions, formOf, prefix, questions, serverScore, shownIq, TEXT, type Lang } from './helpers.ts';

const choice = (i: number) => (i * 5 + 2) % 6;

test.describe.configure({ timeout: 90_000 });

for (const lang of ['uk', 'en'] as Lang[]) {
  test(`${lang}: the whole IQ test ends in the IQ the server computes for the same answers`, async ({ page }) => {
    await page.goto(`${prefix(lang)}/iq`);
    await page.getByRole('button', { name: TEXT[lang].start }).click();
    const sitting = await formOf(page);
    const bank = await questions(page.request, 'iq', lang, sitting);
    await answerQuestions(page, lang, 20, choice);
    await expect(page.getByRole('progressbar').first()).toBeVisible();
    await page.waitForURL(new RegExp(`${prefix(lang)}/results$`), { timeout: 15_000 });
    const expected = await serverScore(
      page.request,
      'iq',
      bank.map((q, i) => ({ questionId: q.id, selectedAnswer: choice(i) })),
      lang,
      sitting,
    );
    await expect(page.getByTestId('iq-estimate')).toHaveText(shownIq(expected, lang));
    await expect(page.getByText(`${expected.correctAnswers} / 20`)).toBeVisible();
  });
}

test('the IQ test can be taken with the keyboard alone', async ({ page }) => {
  await page.goto('/eng/iq');
  const start = page.getByRole('button', { name: TEXT.en.start });
  await expect(start).toBeEnabled();
  await start.focus();
  await page.keyboard.press('Enter');
  const sitting = await formOf(page);
  const bank = await questions(page.request, 'iq', 'en', sitting);
  for (let i = 0; i < 20; i++) {
    const heading = page.getByRole('heading', { name: TEXT.en.question(i + 1, 20) });
    await expect(heading).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('radio').first()).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio').nth(2)).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Enter');
  }
  await page.waitForURL(/\/eng\/results(\?id=[\w-]+)?$/, { timeout: 15_000 });
  const expected = await serverScore(
    page.request,
    'iq',
    bank.map((q) => ({ questionId: q.id, selectedAnswer: 2 })),
    'en',
    sitting,
  );
  await expect(page.getByTestId('iq-estimate')).toHaveText(shownIq(expected, 'en'));
});

test('a reload, and a switch of language, resume the test where it was, in the same sitting', async ({ page }) => {
  await page.goto('/iq');
  await page.getByRole('button', { name: TEXT.uk.start }).click();
  const sitting = await formOf(page);
  await answerQuestions(page, 'uk', 20, choice, 0, 5);
  await expect(page.getByRole('heading', { name: TEXT.uk.question(6, 20) })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: TEXT.uk.question(6, 20) })).toBeVisible();
  await expect(page.getByText('Відповідей: 5')).toBeVisible();
  expect(await formOf(page)).toBe(sitting);
  await page.getByRole('link', { name: 'Read this page in English' }).click();
  await expect(page.getByRole('heading', { name: TEXT.en.question(6, 20) })).toBeVisible();
  await expect(page.getByText('Answered: 5')).toBeVisible();
  expect(await formOf(page)).toBe(sitting);
  const [sixth] = (await questions(page.request, 'iq', 'en', sitting)).slice(5);
  await expect(page.getByText(sixth.text, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByRole('radio').nth(choice(4))).toHaveAttribute('aria-checked', 'true');
});

test('the jump dialog lists every question five to a row and goes where it is asked', async ({ page }) => {
  await page.goto('/eng/iq');
  await page.getByRole('button', { name: TEXT.en.start }).click();
  await answerQuestions(page, 'en', 20, choice, 0, 3);
  await page.getByRole('button', { name: 'Go to question' }).click();
  const dialog = page.getByRole('dialog', { name: 'Go to a question' });
  await expect(dialog).toBeVisible();
  const cells = dialog.getByRole('button', { name: /^Question \d+,/ });
  await expect(cells).toHaveCount(20);
  await expect(dialog.getByRole('button', { name: 'Question 1, answered' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Question 4, current' })).toHaveAttribute('aria-current', 'step');
  const columns = await dialog
    .locator('.jump-grid')
    .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
  expect(columns).toBe(5);
  await dialog.getByRole('button', { name: 'Question 12, unanswered' }).click();
  await expect(page.getByRole('heading', { name: TEXT.en.question(12, 20) })).toBeFocused();
  await expect(dialog).toBeHidden();
});

test('finish appears only on the last question once every question has an answer', async ({ page }) => {
  await page.goto('/eng/iq');
  await page.getByRole('button', { name: TEXT.en.start }).click();
  await page.getByRole('button', { name: 'Go to question' }).click();
  await page.getByRole('button', { name: 'Question 20, unanswered' }).click();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.getByRole('radio').first().click();
  await expect(page.getByText(/19 questions still have no answer/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Finish the test' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Go to question' }).click();
  await page.getByRole('button', { name: 'Question 1, unanswered' }).click();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
});

for (const lang of ['uk', 'en'] as const) {
  test(`${lang}: answering the one skipped question offers Finish there, instead of moving on`, async ({ page }) => {
    const finish = lang === 'uk' ? 'Завершити тест' : 'Finish the test';
    await page.goto(`${prefix(lang)}/iq`);
    await page.getByRole('button', { name: TEXT[lang].start }).click();
    await answerQuestions(page, lang, 20, choice, 0, 2);
    await expect(page.getByRole('heading', { name: TEXT[lang].question(3, 20) })).toBeVisible();
    await page.getByRole('button', { name: lang === 'uk' ? 'Далі' : 'Next' }).click();
    await answerQuestions(page, lang, 20, choice, 3, 20);
    // The last question answered with one still open: no Finish, and nothing completes on its own.
    await expect(page.getByRole('button', { name: finish })).toHaveCount(0);
    await page.getByRole('button', { name: lang === 'uk' ? 'Перейти до запитання' : 'Go to question' }).click();
    await page.getByRole('dialog').locator('.jump-grid button').nth(2).click();
    await expect(page.getByRole('heading', { name: TEXT[lang].question(3, 20) })).toBeVisible();
    await page.getByRole('radio').nth(choice(2)).click();
    await expect(page.getByRole('button', { name: finish })).toBeVisible();
    await page.waitForTimeout(800); // longer than the 300 ms advance: it must not move on
    await expect(page.getByRole('heading', { name: TEXT[lang].question(3, 20) })).toBeVisible();
    await page.getByRole('button', { name: finish }).click();
    await page.waitForURL(new RegExp(`${prefix(lang)}/results$`));
  });
}

for (const [width, height] of [
  [390, 844],
  [1280, 800],
]) {
  test.describe(`at ${width}×${height}`, () => {
    test.use({ viewport: { width, height } });
    for (const lang of ['uk', 'en'] as const) {
      test(`${lang}: each new question starts at its top, below the test's bar, focused`, async ({ page }) => {
        await page.goto(`${prefix(lang)}/iq`);
        await page.getByRole('button', { name: TEXT[lang].start }).click();
        for (let n = 1; n <= 8; n++) {
          const heading = page.getByRole('heading', { name: TEXT[lang].question(n, 20) });
          await expect(heading).toBeVisible();
          if (n > 1) {
            await expect(heading).toBeFocused();
            // Whatever stays on top of the page (the site header scrolls away, the test's bar sticks).
            const { top, coveredTo, viewport } = await heading.evaluate((el) => ({
              top: el.getBoundingClientRect().top,
              coveredTo: Math.max(
                ...[...document.querySelectorAll('.site-header, .test-bar')].map(
                  (e) => e.getBoundingClientRect().bottom,
                ),
              ),
              viewport: innerHeight,
            }));
            expect(top, `question ${n}`).toBeGreaterThanOrEqual(coveredTo);
            expect(top, `question ${n}`).toBeLessThan(viewport / 2);
          }
          // The last option: clicking it scrolls the page down to it, as a person's thumb would.
          await page.getByRole('radio').last().click();
        }
      });
    }
  });
}

test('leaving asks first, and leaving for real forgets the test', async ({ page }) => {
  await page.goto('/iq');
  await page.getByRole('button', { name: TEXT.uk.start }).click();
  await answerQuestions(page, 'uk', 20, choice, 0, 2);
  await page.getByRole('button', { name: 'Вийти з тесту', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Вийти з тесту?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Продовжити тест' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: TEXT.uk.question(3, 20) })).toBeVisible();
  await page.getByRole('button', { name: 'Вийти з тесту', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Так, вийти' }).click();
  await page.waitForURL(/\/$/);
  await page.goto('/iq');
  await expect(page.getByRole('button', { name: TEXT.uk.start })).toBeEnabled();
});

test.describe(() => {
  // The missing image is what this test is about; Chromium logs its 404 (fixtures.ts).
  test.use({ expectedConsoleErrors: [/status of 404 .*\/images\/iq\/f\d+-q3\.svg\)$/] });
  test('a matrix image that fails to load is replaced by a placeholder saying so', async ({ page }) => {
    await page.route(/\/images\/iq\/f\d+-q3\.svg$/, (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto('/iq');
    await page.getByRole('button', { name: TEXT.uk.start }).click();
    await answerQuestions(page, 'uk', 20, choice, 0, 2);
    await expect(page.getByRole('img', { name: /зображення не знайдено/ })).toBeVisible();
    await expect(page.getByRole('radio')).toHaveCount(6);
  });
});

test.describe(() => {
  // Offline, the browser cannot fetch what the page asks for (the next images); it logs each (fixtures.ts).
  test.use({ expectedConsoleErrors: [/net::ERR_INTERNET_DISCONNECTED/] });
  test('offline at the end, the answers wait; back online, the result arrives', async ({ page, context }) => {
    await page.goto('/eng/iq');
    await page.getByRole('button', { name: TEXT.en.start }).click();
    const sitting = await formOf(page);
    const bank = await questions(page.request, 'iq', 'en', sitting);
    await answerQuestions(page, 'en', 20, choice, 0, 19);
    await context.setOffline(true);
    await answerQuestions(page, 'en', 20, choice, 19, 20);
    await expect(page.getByText(/There is no internet connection/)).toBeVisible({ timeout: 10_000 });
    await context.setOffline(false);
    await page.waitForURL(/\/eng\/results(\?id=[\w-]+)?$/, { timeout: 20_000 });
    const expected = await serverScore(
      page.request,
      'iq',
      bank.map((q, i) => ({ questionId: q.id, selectedAnswer: choice(i) })),
      'en',
      sitting,
    );
    await expect(page.getByTestId('iq-estimate')).toHaveText(shownIq(expected, 'en'), { timeout: 20_000 });
  });
});

test('axe finds nothing on the intro, a question, the jump dialog and the overlay', async ({ page }) => {
  const axe = () => new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  await page.goto('/iq');
  await expect(page.getByRole('button', { name: TEXT.uk.start })).toBeEnabled();
  expect((await axe()).violations).toEqual([]);
  await page.getByRole('button', { name: TEXT.uk.start }).click();
  await expect(page.getByRole('heading', { name: TEXT.uk.question(1, 20) })).toBeVisible();
  expect((await axe()).violations).toEqual([]);
  await answerQuestions(page, 'uk', 20, choice, 0, 3);
  expect((await axe()).violations).toEqual([]);
  await page.getByRole('button', { name: 'Перейти до запитання' }).click();
  expect((await axe()).violations).toEqual([]);
});

test('a retake is another form', async ({ page }) => {
  await page.goto('/eng/iq');
  await page.getByRole('button', { name: TEXT.en.start }).click();
  const first = await formOf(page);
  const firstQuestion = await page.locator('.question-text').first().textContent();
  await answerQuestions(page, 'en', 20, choice);
  await page.waitForURL(/\/eng\/results(\?id=[\w-]+)?$/, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Start again', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Start again anyway' }).click();
  await page.waitForURL(/\/eng\/iq$/);
  await page.getByRole('button', { name: TEXT.en.start }).click();
  const second = await formOf(page);
  expect(second).not.toBe(first);
  await expect(page.locator('.question-text').first()).not.toHaveText(firstQuestion!);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the test pages say the test needs JavaScript, with no endless "Loading…" and no dead start button', async ({
    page,
  }) => {
    for (const lang of ['uk', 'en'] as const) {
      const texts = lang === 'uk' ? uk : en;
      for (const kind of ['iq', 'professional'] as const) {
        await page.goto(`${prefix(lang)}${kind === 'iq' ? '/iq' : '/professional-test'}`);
        await expect(page.getByRole('heading', { level: 1, name: texts[`intro.${kind}.title`] })).toBeVisible();
        await expect(page.getByText(texts['intro.noscript'])).toBeVisible();
        await expect(page.getByRole('status')).toBeHidden();
        await expect(page.getByRole('button', { name: texts[`intro.${kind}.start`] })).toBeHidden();
      }
    }
  });
});
