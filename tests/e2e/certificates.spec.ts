import AxeBuilder from '@axe-core/playwright';
import uk from '../../src/i18n/uk.json' with { type: 'json' };
import en from '../../src/i18n/en.json' with { type: 'json' };
import { expect, test } from './fixtures.ts';
import { answerQuestions, TEXT } from './helpers.ts';

test.describe.configure({ timeout: 120_000 });
test.use({ fullName: 'Олена Коваль' });

test('a signed-in user downloads the certificate in the page language, and anyone can verify it', async ({
  page,
  browser,
  account,
}) => {
  await page.goto('/eng/iq');
  await page.getByRole('button', { name: TEXT.en.start }).click();
  await answerQuestions(page, 'en', 20, () => 0);
  await page.waitForURL(/\/eng\/results$/, { timeout: 15_000 });
  const preview = page.getByRole('img', { name: en['certificate.preview'] });
  await expect(preview).toBeVisible({ timeout: 10_000 });
  expect(await preview.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([
    1754, 1240,
  ]);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: en['certificate.download'] }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Олена_Коваль_IQ_EN_\d+\.png$/);

  const id = new URL(`http://x${await preview.getAttribute('src')}`).pathname.split('/').pop();
  const saved = await (await page.request.get(`/api/results/iq/${id}`)).json();
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const stranger = await context.newPage();
  await stranger.goto(`/verify?code=${saved.verificationCode}`);
  await expect(stranger.getByRole('heading', { name: uk['verify.valid.title'] })).toBeVisible();
  await expect(stranger.getByText('Олена Коваль')).toBeVisible();
  expect(
    (await new AxeBuilder({ page: stranger }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations,
  ).toEqual([]);
  await stranger.goto('/eng/verify?code=AAAAA-BBBBB-CCCCC-DDDDD');
  await expect(stranger.getByRole('heading', { name: en['verify.invalid.title'] })).toBeVisible();
  await context.close();
});

test('a visitor is invited to sign in for a certificate', async ({ page, request }) => {
  const { formId, questions: bank } = (await (await request.get('/api/tests/iq/form?lang=uk')).json()) as {
    formId: number;
    questions: { id: number }[];
  };
  const stored = await (
    await request.post('/api/tests/iq/score', {
      data: {
        formId,
        answers: bank.map((q) => ({ questionId: q.id, selectedAnswer: 1, timeSpent: 500 })),
        timeSpent: 300_000,
        lang: 'uk',
      },
    })
  ).json();
  await page.goto('/');
  await page.evaluate((value) => sessionStorage.setItem('tempTestResult', JSON.stringify(value)), stored);
  await page.goto('/results');
  await expect(page.getByText(uk['certificate.signin'])).toBeVisible();
  await expect(page.getByRole('button', { name: uk['certificate.download'] })).toHaveCount(0);
});
