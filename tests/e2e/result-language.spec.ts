/**
 * A saved result opened by id is shown in the page's language, whatever the browser's: an English browser on the
 * Ukrainian site (and a Ukrainian one on /eng) gets the type's name, profile and answer explanations of the page.
 * And a signed-in user's result, once saved, carries its id in the address, so a reload opens the same result.
 */
import { iqBank } from '../../src/domain/iq/bank.ts';
import { profileOf } from '../../src/domain/career/profiles.ts';
import { expect, test } from './fixtures.ts';
import { carefulIqSheet, iqForm, pointsFor, prefix, scoreCareerSitting, type Lang } from './helpers.ts';

const cases = [
  { browser: 'en-US', page: 'uk' },
  { browser: 'uk-UA', page: 'en' },
] as const satisfies readonly { browser: string; page: Lang }[];

for (const { browser, page: pageLang } of cases) {
  const other: Lang = pageLang === 'uk' ? 'en' : 'uk';

  test.describe(`a ${browser} browser on the ${pageLang} site`, () => {
    test.use({ locale: browser });

    test('opens a saved career result in the page language', async ({ page, account: _ }) => {
      // Points to type 4 only: a clear primary type, no tie-break.
      const res = await page.request.post('/api/tests/professional/score', {
        data: await scoreCareerSitting(page.request, other, pointsFor(4)),
      });
      expect(res.status()).toBe(200);
      const { id, result } = await res.json();
      expect(result.personalityType).toBe(profileOf(4, other).title);

      await page.goto(`${prefix(pageLang)}/professional-results?id=${id}`);
      await expect(page.getByTestId('personality-type')).toHaveText(profileOf(4, pageLang).title);
      await expect(page.getByText(profileOf(4, other).title, { exact: true })).toHaveCount(0);

      // The profile's recent tests name it in the page language too.
      await page.goto(`${prefix(pageLang)}/profile`);
      await expect(page.locator('.history-card').first()).toContainText(profileOf(4, pageLang).title);
      await expect(page.locator('.history-card').first()).not.toContainText(profileOf(4, other).title);
    });

    test('opens a saved IQ result, its review included, in the page language', async ({ page, account: _ }) => {
      const promo = await page.request.post('/api/promo', { data: { promoCode: 'ROZUM-DEMO' } });
      expect(promo.status()).toBe(200);
      const form = await iqForm(page.request, `lang=${other}`);
      const res = await page.request.post('/api/tests/iq/score', {
        data: {
          formToken: form.formToken,
          answers: form.questions.map((q: { id: number }) => ({
            questionId: q.id,
            selectedAnswer: 0,
            timeSpent: 20_000,
          })),
          timeSpent: 400_000,
          lang: other,
        },
      });
      expect(res.status()).toBe(200);
      const { id } = await res.json();
      const first = iqBank(form.formId)[0];

      await page.goto(`${prefix(pageLang)}/results?id=${id}`);
      const review = page.locator('.review > li').first();
      await expect(review).toContainText(first.question[pageLang]);
      await expect(review).toContainText(first.explanation[pageLang]);
      await expect(review).not.toContainText(first.explanation[other]);
    });
  });
}

for (const kind of ['professional', 'iq'] as const) {
  test(`a signed-in user's ${kind} result, once saved, has its id in the address`, async ({ page, account: _ }) => {
    const { answers, formToken } =
      kind === 'iq'
        ? await carefulIqSheet(page.request, 'en')
        : await scoreCareerSitting(page.request, 'en', pointsFor(2));
    const path = kind === 'iq' ? '/eng/results' : '/eng/professional-results';
    await page.goto('/eng');
    // The finished sheet as the test page leaves it; the results page scores it, and the server saves it.
    await page.evaluate(
      ([kind, answers, formToken]) =>
        sessionStorage.setItem(
          `rozum.pending.${kind}`,
          JSON.stringify({
            kind,
            submissionId: crypto.randomUUID(),
            formToken,
            answers,
            timeSpent: 400_000,
            lang: 'en',
          }),
        ),
      [kind, answers, formToken] as const,
    );
    await page.goto(path);
    await page.waitForURL(new RegExp(`${path}\\?id=[0-9a-f-]{36}$`));
    const id = new URL(page.url()).searchParams.get('id');
    const saved = await page.request.get(`/api/results/${kind}/${id}?lang=en`);
    expect(saved.status()).toBe(200);
  });
}
