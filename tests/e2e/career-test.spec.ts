import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  answerCareer,
  CAREER_CORE,
  careerSittingOf,
  pointsFor,
  prefix,
  scoreCareerSitting,
  serverScore,
  TEXT,
  type Lang,
} from './helpers.ts';
import uk from '../../src/i18n/uk.json' with { type: 'json' };
import en from '../../src/i18n/en.json' with { type: 'json' };
import { t as tr } from '../../src/i18n/index.ts';

test.describe.configure({ timeout: 120_000 });

/** Points to types 8 and 9 only: they tie, 8 to 8, and their ten tie-break statements follow. */
async function tieEightAndNine(page: Page) {
  await page.goto('/professional-test');
  await page.getByRole('button', { name: TEXT.uk.start }).click();
  const core = await answerCareer(page, 'uk', CAREER_CORE, pointsFor(8, 9));
  const notice = page.getByRole('note');
  await expect(notice).toContainText('Кілька типів набрали однакову кількість балів. Ще 10 тверджень');
  await expect(notice).toHaveCSS('border-left-color', 'rgb(194, 65, 12)');
  return core;
}

const asSheet = (answers: { sittingId: number; selectedAnswer: boolean }[]) =>
  answers.map((a) => ({ questionId: a.sittingId, selectedAnswer: a.selectedAnswer }));

test('uk: a tie on the core statements brings the tie-break statements, which put one type ahead — within error', async ({
  page,
}) => {
  const core = await tieEightAndNine(page);
  const sitting = await careerSittingOf(page);
  // Yes to the Boss statements only: the tie goes to type 8.
  const tieBreak = await answerCareer(page, 'uk', 10, pointsFor(8), 100);
  expect(new Set(tieBreak.map((a) => a.statement.type))).toEqual(new Set([8, 9]));
  await page.waitForURL(/\/professional-results(\?id=[\w-]+)?$/, { timeout: 15_000 });
  const expected = await serverScore(page.request, 'professional', asSheet([...core, ...tieBreak]), 'uk', sitting);
  expect(expected.primaryType).toBe(8);
  await expect(page.getByTestId('personality-type')).toHaveText(expected.personalityType);
  await expect(
    page.getByText(
      'Після основних тверджень однакову кількість балів мали типи 8 · Бос і 9 · Медіатор, тож ви відповіли ще на уточнювальні. За ними попереду — Бос.',
    ),
  ).toBeVisible();
  // Level on the core statements: the closest type is named, and so is the next, as close on a retake (issue 43).
  await expect(page.getByTestId('career-lead')).toHaveText(
    tr('uk', 'results.career.lead.level', { type: 'Бос', next: 'Медіатор' }),
  );
  await expect(page.getByTestId('career-lead')).toHaveAttribute('data-beyond-error', 'false');
  // The nine scores, each with its error band said in words.
  await expect(page.getByTestId('type-scores').locator('li')).toHaveCount(9);
  await expect(page.getByTestId('type-scores').locator('.breakdown-detail').first()).toHaveText(
    /^Смуга похибки \(95%\): \d+(,\d)?–\d+(,\d)?$/,
  );
});

test('uk: a tie the tie-break statements leave is reported as a tie, with both headlines', async ({ page }) => {
  await tieEightAndNine(page);
  await answerCareer(page, 'uk', 10, () => true, 100);
  await page.waitForURL(/\/professional-results(\?id=[\w-]+)?$/, { timeout: 15_000 });
  await expect(
    // The two are named in the sheet's own order, which a sitting's order changes.
    page.getByText(/^Ви між типами (Бос і Медіатор|Медіатор і Бос): ваші відповіді однаково пасують до кожного з них/),
  ).toBeVisible();
  const headlines = page.locator('.tied-profiles li');
  await expect(headlines).toHaveCount(2);
  await expect(headlines.filter({ hasText: 'Бос' })).toHaveCount(1);
  await expect(headlines.filter({ hasText: 'Медіатор' })).toHaveCount(1);
  await expect(page.getByText(/визначили ваш/)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: uk['results.career.fullBoth'] })).toBeVisible();
  await expect(page.getByText(uk['premium.career.whatTie'])).toBeVisible();
  // Neither type's profile is "the" one: the notice names none (issue 31).
  await expect(page.locator('#between-title')).not.toContainText('профіль показано для типу');
  // A tie is a normal outcome: told in the neutral notice, not a warning's colours; no type marked "yours"; the
  // facts name the types in words, not numbers (issue 31).
  await expect(page.locator('section.notice[aria-labelledby="between-title"]')).not.toHaveClass(/notice-tiebreak/);
  await expect(page.locator('.breakdown-name', { hasText: uk['results.career.yours'] })).toHaveCount(0);
  await expect(page.locator('.facts dd').first()).toHaveText(/^(Бос і Медіатор|Медіатор і Бос)$/);
  expect((await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations).toEqual([]);
});

test("uk: with premium, a tie unlocks both types equally: each one's professions, roadmap and areas to develop", async ({
  page,
  account: _,
}) => {
  expect((await page.request.post('/api/promo', { data: { promoCode: 'ROZUM-DEMO' } })).status()).toBe(200);
  await tieEightAndNine(page);
  await answerCareer(page, 'uk', 10, () => true, 100);
  await page.waitForURL(/\/professional-results(\?id=[\w-]+)?$/, { timeout: 15_000 });
  await expect(page.getByText(uk['results.career.bothProfiles'])).toBeVisible();
  // The subscriber is not told the full profiles are "part of premium": they are here.
  await expect(page.locator('#between-title')).not.toContainText('преміум');
  for (const title of ['Бос', 'Медіатор']) {
    const profile = page.locator('section.tied-profile', { has: page.getByRole('heading', { level: 2, name: title }) });
    await expect(profile).toHaveCount(1);
    await expect(profile.getByRole('heading', { name: uk['results.career.professions'] })).toBeVisible();
    // Directions, not a licence: the note under the professions says regulated ones need training and a licence.
    await expect(profile.getByText(uk['results.career.professionsNote'])).toBeVisible();
    await expect(profile.getByRole('heading', { name: uk['career.section.careerRoadmap'] })).toBeVisible();
    await expect(profile.getByRole('heading', { name: uk['results.career.development'] })).toBeVisible();
    // The link in the list above goes to this type's profile.
    await page
      .getByRole('navigation', { name: uk['results.career.bothProfilesNav'] })
      .getByRole('link', { name: title })
      .click();
    await expect(page).toHaveURL(new RegExp(`#${await profile.getAttribute('id')}$`));
  }
  await expect(page.locator('.breakdown-name', { hasText: uk['results.career.yours'] })).toHaveCount(0);
  expect((await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations).toEqual([]);
});

for (const lang of ['en', 'uk'] as Lang[]) {
  test(`${lang}: three types level after the tie-break is "no clear type", with no single profile`, async ({
    page,
  }) => {
    await page.goto(`${prefix(lang)}/professional-test`);
    await page.getByRole('button', { name: TEXT[lang].start }).click();
    await answerCareer(page, lang, CAREER_CORE, pointsFor(2, 4, 6));
    await answerCareer(page, lang, 15, () => true, 100);
    await page.waitForURL(new RegExp(`${prefix(lang)}/professional-results$`), { timeout: 15_000 });
    const texts = lang === 'uk' ? uk : en;
    await expect(page.getByText(texts['results.career.eyebrowNoClear'], { exact: true })).toBeVisible();
    await expect(page.locator('.tied-profiles li')).toHaveCount(3);
    await expect(page.getByText(texts['results.career.noClearProfile'])).toBeVisible();
    await expect(page.getByText(`— ${texts['results.career.yours']}`)).toHaveCount(0);
    // No certificate, said as what it is: nothing wrong with the answers, no one type to name (not "a caution").
    await expect(page.getByTestId('certificate-refused')).toHaveText(texts['certificate.error.no_clear_type']);
    // One "start again" on the page, the page's own: none in the certificate section.
    await expect(page.getByRole('region', { name: texts['certificate.title'] }).getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('button', { name: texts['results.restart'], exact: true })).toHaveCount(1);
    expect((await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations).toEqual(
      [],
    );
  });

  test(`${lang}: a clear answer pattern gives the type the server computes, without tie-break`, async ({ page }) => {
    await page.goto(`${prefix(lang)}/professional-test`);
    await page.getByRole('button', { name: TEXT[lang].start }).click();
    await expect(page.getByRole('radio', { name: TEXT[lang].yes })).toBeVisible();
    const sitting = await careerSittingOf(page);
    const core = await answerCareer(page, lang, CAREER_CORE, pointsFor(5));
    await page.waitForURL(new RegExp(`${prefix(lang)}/professional-results$`), { timeout: 15_000 });
    const expected = await serverScore(page.request, 'professional', asSheet(core), lang, sitting);
    expect(expected.primaryType).toBe(5);
    await expect(page.getByTestId('personality-type')).toHaveText(expected.personalityType);
    await expect(page.getByRole('note')).toHaveCount(0);
    expect((await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations).toEqual(
      [],
    );
  });
}

test('the page never receives the key: no statement comes with its type or direction', async ({ page }) => {
  const bodies: string[] = [];
  page.on('response', async (res) => {
    if (res.url().includes('/api/tests/professional/')) bodies.push(await res.text());
  });
  await tieEightAndNine(page);
  expect(bodies.length).toBeGreaterThanOrEqual(2);
  for (const body of bodies) expect(body).not.toMatch(/"type"|"reverse"/);
  const ids = JSON.parse(bodies[0]).questions.map((q: { id: number }) => q.id);
  expect(ids).toEqual(Array.from({ length: CAREER_CORE }, (_, i) => i + 1));
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test('the answer tapped does not look chosen on the next statement', async ({ page }) => {
    await page.goto('/eng/professional-test');
    await page.getByRole('button', { name: TEXT.en.start }).tap();
    await expect(page.getByRole('heading', { name: /^Statement 1 of/ })).toBeVisible();
    await page.getByRole('radio', { name: TEXT.en.yes }).tap();
    await expect(page.getByRole('heading', { name: /^Statement 2 of/ })).toBeVisible();
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

for (const lang of ['uk', 'en'] as Lang[]) {
  test(`${lang}: on a phone the result's facts break no word in the middle (the longest type name)`, async ({
    page,
  }) => {
    const scored = await (
      await page.request.post('/api/tests/professional/score', {
        data: await scoreCareerSitting(page.request, lang, pointsFor(2)),
      })
    ).json();
    expect(scored.result.primaryType).toBe(2);
    await page.goto(`${prefix(lang)}/`);
    await page.evaluate((value) => sessionStorage.setItem('tempProfessionalTestResult', JSON.stringify(value)), scored);
    for (const width of [390, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${prefix(lang)}/professional-results`);
      await expect(page.locator('.facts dd').first()).toBeVisible();
      // Each word of each fact on one line: a word split over two lines has two boxes.
      const broken = await page.locator('.facts dd').evaluateAll((dds) =>
        dds.flatMap((dd) => {
          const text = dd.firstChild;
          if (!text || text.nodeType !== Node.TEXT_NODE) return [];
          const words = [...(text.textContent ?? '').matchAll(/\S+/g)];
          return words.flatMap((m) => {
            const range = document.createRange();
            range.setStart(text, m.index);
            range.setEnd(text, m.index + m[0].length);
            return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1 ? [m[0]] : [];
          });
        }),
      );
      expect(broken, `at ${width}`).toEqual([]);
    }
  });
}
