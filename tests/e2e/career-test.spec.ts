import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { answerQuestions, prefix, questions, serverScore, TEXT, type Lang } from './helpers.ts';

test.describe.configure({ timeout: 120_000 });

test('uk: Yes to every core statement ties types 8 and 9; the tie-break statements follow, then the result', async ({ page, request }) => {
  const bank = await questions(request, 'professional', 'uk');
  await page.goto('/professional-test');
  await page.getByRole('button', { name: TEXT.uk.start }).click();
  await answerQuestions(page, 'uk', 56, () => 0);
  const notice = page.getByRole('note');
  await expect(notice).toContainText('Кілька типів набрали однаково балів');
  await expect(notice).toHaveCSS('border-left-color', 'rgb(194, 65, 12)');
  const tieBreak = bank.filter((q) => q.isAdditional && (q.type === 8 || q.type === 9));
  expect(tieBreak).toHaveLength(8);
  // Yes to the Boss statements only: the tie goes to type 8.
  await answerQuestions(page, 'uk', 8, (i) => (tieBreak[i].type === 8 ? 0 : 1));
  await page.waitForURL(/\/professional-results$/, { timeout: 15_000 });
  const core = bank.filter((q) => !q.isAdditional).map((q) => ({ questionId: q.id, selectedAnswer: true }));
  const expected = await serverScore(request, 'professional', [...core, ...tieBreak.map((q) => ({ questionId: q.id, selectedAnswer: q.type === 8 }))], 'uk');
  expect(expected.primaryType).toBe(8);
  await expect(page.getByTestId('personality-type')).toHaveText(expected.personalityType);
  await expect(page.getByText(/однаково балів набрали типи 8, 9/)).toBeVisible();
});

for (const lang of ['en', 'uk'] as Lang[]) {
  test(`${lang}: a clear answer pattern gives the type the server computes, without tie-break`, async ({ page, request }) => {
    const bank = await questions(request, 'professional', lang);
    const core = bank.filter((q) => !q.isAdditional);
    await page.goto(`${prefix(lang)}/professional-test`);
    await page.getByRole('button', { name: TEXT[lang].start }).click();
    await expect(page.getByRole('radio', { name: TEXT[lang].yes })).toBeVisible();
    await answerQuestions(page, lang, 56, (i) => (core[i].type === 5 ? 0 : 1));
    await page.waitForURL(new RegExp(`${prefix(lang)}/professional-results$`), { timeout: 15_000 });
    const expected = await serverScore(request, 'professional', core.map((q) => ({ questionId: q.id, selectedAnswer: q.type === 5 })), lang);
    await expect(page.getByTestId('personality-type')).toHaveText(expected.personalityType);
    await expect(page.getByRole('note')).toHaveCount(0);
    expect((await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations).toEqual([]);
  });
}
