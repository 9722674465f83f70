import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { answerQuestions, prefix, questions, serverScore, TEXT, type Lang } from './helpers.ts';

test.describe.configure({ timeout: 120_000 });

/** Yes to the core statements of types 8 and 9 only: they tie, 6 to 6, and their ten tie-break statements follow. */
async function tieEightAndNine(page: Page, request: APIRequestContext) {
  const bank = await questions(request, 'professional', 'uk');
  const core = bank.filter((q) => !q.isAdditional);
  await page.goto('/professional-test');
  await page.getByRole('button', { name: TEXT.uk.start }).click();
  await answerQuestions(page, 'uk', 54, (i) => (Number(core[i].type) >= 8 ? 0 : 1));
  const notice = page.getByRole('note');
  await expect(notice).toContainText('Кілька типів набрали однаково балів. Ще 10 запитань');
  await expect(notice).toHaveCSS('border-left-color', 'rgb(194, 65, 12)');
  const tieBreak = bank.filter((q) => q.isAdditional && (q.type === 8 || q.type === 9));
  expect(tieBreak).toHaveLength(10);
  return { core: core.map((q) => ({ questionId: q.id, selectedAnswer: Number(q.type) >= 8 })), tieBreak };
}

test('uk: a tie on the core statements brings the tie-break statements, which settle it', async ({ page, request }) => {
  const { core, tieBreak } = await tieEightAndNine(page, request);
  // Yes to the Boss statements only: the tie goes to type 8.
  await answerQuestions(page, 'uk', 10, (i) => (tieBreak[i].type === 8 ? 0 : 1));
  await page.waitForURL(/\/professional-results$/, { timeout: 15_000 });
  const expected = await serverScore(
    request,
    'professional',
    [...core, ...tieBreak.map((q) => ({ questionId: q.id, selectedAnswer: q.type === 8 }))],
    'uk',
  );
  expect(expected.primaryType).toBe(8);
  await expect(page.getByTestId('personality-type')).toHaveText(expected.personalityType);
  await expect(
    page.getByText(
      'Після основних тверджень однаково балів мали типи 8 · Бос і 9 · Медіатор, тож ви відповіли ще на уточнювальні. За ними ваш тип — Бос.',
    ),
  ).toBeVisible();
});

test('uk: a tie the tie-break statements leave is reported as a tie, with both headlines', async ({
  page,
  request,
}) => {
  await tieEightAndNine(page, request);
  await answerQuestions(page, 'uk', 10, () => 0);
  await page.waitForURL(/\/professional-results$/, { timeout: 15_000 });
  await expect(
    page.getByText(/^Ви між типами Бос і Медіатор: ваші відповіді однаково пасують до кожного з них/),
  ).toBeVisible();
  const headlines = page.locator('.tied-profiles li');
  await expect(headlines).toHaveCount(2);
  await expect(headlines.filter({ hasText: 'Бос' })).toHaveCount(1);
  await expect(headlines.filter({ hasText: 'Медіатор' })).toHaveCount(1);
  await expect(page.getByText(/визначили ваш/)).toHaveCount(0);
  expect((await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations).toEqual([]);
});

for (const lang of ['en', 'uk'] as Lang[]) {
  test(`${lang}: a clear answer pattern gives the type the server computes, without tie-break`, async ({
    page,
    request,
  }) => {
    const bank = await questions(request, 'professional', lang);
    const core = bank.filter((q) => !q.isAdditional);
    await page.goto(`${prefix(lang)}/professional-test`);
    await page.getByRole('button', { name: TEXT[lang].start }).click();
    await expect(page.getByRole('radio', { name: TEXT[lang].yes })).toBeVisible();
    await answerQuestions(page, lang, 54, (i) => (core[i].type === 5 ? 0 : 1));
    await page.waitForURL(new RegExp(`${prefix(lang)}/professional-results$`), { timeout: 15_000 });
    const expected = await serverScore(
      request,
      'professional',
      core.map((q) => ({ questionId: q.id, selectedAnswer: q.type === 5 })),
      lang,
    );
    await expect(page.getByTestId('personality-type')).toHaveText(expected.personalityType);
    await expect(page.getByRole('note')).toHaveCount(0);
    expect((await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations).toEqual(
      [],
    );
  });
}

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test('the answer tapped does not look chosen on the next statement', async ({ page }) => {
    await page.goto('/eng/professional-test');
    await page.getByRole('button', { name: TEXT.en.start }).tap();
    await expect(page.getByRole('heading', { name: /^Question 1 of/ })).toBeVisible();
    await page.getByRole('radio', { name: TEXT.en.yes }).tap();
    await expect(page.getByRole('heading', { name: /^Question 2 of/ })).toBeVisible();
    const yes = page.getByRole('radio', { name: TEXT.en.yes });
    const no = page.getByRole('radio', { name: TEXT.en.no });
    await expect(yes).toHaveAttribute('aria-checked', 'false');
    // Under the finger but not chosen: it must look like the other unchosen answer (hover styles are for mice).
    const look = (el: Element) => {
      const style = getComputedStyle(el);
      return `${style.borderColor} ${style.backgroundColor}`;
    };
    expect(await yes.evaluate(look)).toBe(await no.evaluate(look));
  });
});
