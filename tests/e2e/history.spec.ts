/**
 * A long history comes a page at a time (issue 27 §4): the profile shows the newest results and loads earlier ones
 * on demand, with the keyboard, each once; and a subscriber who has seen every form's worked answers is told so
 * before a retake.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import uk from '../../src/i18n/uk.json' with { type: 'json' };
import en from '../../src/i18n/en.json' with { type: 'json' };
import { expect, test } from './fixtures.ts';
import { carefulIqSheet, pointsFor, prefix, scoreCareerSitting, type Lang } from './helpers.ts';
import { signUpByApi } from '../support/accounts.ts';
import { t as tr } from '../../src/i18n/index.ts';

test.describe.configure({ timeout: 120_000 });

for (const lang of ['uk', 'en'] as Lang[]) {
  const t = lang === 'uk' ? uk : en;

  test(`${lang}: the profile's history loads earlier results on demand, focus on the first of them`, async ({
    page,
    account: _,
  }) => {
    for (let i = 0; i < 21; i++) {
      const sheet = await scoreCareerSitting(page.request, lang, pointsFor(1 + (i % 9)));
      expect((await page.request.post('/api/tests/professional/score', { data: sheet })).status()).toBe(200);
    }
    await page.goto(`${prefix(lang)}/profile`);
    await page.getByRole('tab', { name: t['profile.tab.history'] }).click();
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('listitem')).toHaveCount(20);
    const more = panel.getByRole('button', { name: t['profile.history.more'] });
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(panel.getByRole('listitem')).toHaveCount(21);
    await expect(more).toHaveCount(0);
    // The oldest result (the first taken, type 1) came last, and the keyboard is on it.
    await expect(panel.getByRole('listitem').nth(20).getByRole('link')).toBeFocused();
    await expect(panel.getByRole('listitem').nth(20)).toContainText(lang === 'uk' ? 'Інспектор' : 'Inspector');
    expect((await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations).toEqual(
      [],
    );
  });

  test(`${lang}: a subscriber who has seen every form's worked answers is told so before the test`, async ({
    page,
    account: _,
  }) => {
    expect((await page.request.post('/api/promo', { data: { promoCode: 'ROZUM-DEMO' } })).status()).toBe(200);
    for (let i = 0; i < 4; i++) {
      const res = await page.request.post('/api/tests/iq/score', { data: await carefulIqSheet(page.request, lang) });
      expect(res.status()).toBe(200);
    }
    // Each review seen is recorded after its answer: wait until the server has all four.
    await expect
      .poll(async () => (await (await page.request.get(`/api/tests/iq/form?lang=${lang}`)).json()).reviewed)
      .toBe(true);
    await page.goto(`${prefix(lang)}/iq`);
    await expect(page.getByTestId('form-reviewed')).toHaveText(t['intro.iq.reviewed']);
  });
}

for (const lang of ['uk', 'en'] as Lang[]) {
  test(`${lang}: the premium review shows a matrix item's answers as the option pictures, with their alt text`, async ({
    page,
    account: _,
  }) => {
    const t = lang === 'uk' ? uk : en;
    expect((await page.request.post('/api/promo', { data: { promoCode: 'ROZUM-DEMO' } })).status()).toBe(200);
    const scored = await page.request.post('/api/tests/iq/score', { data: await carefulIqSheet(page.request, lang) });
    const { id } = await scored.json();
    const { review } = (await (await page.request.get(`/api/results/iq/${id}?lang=${lang}`)).json()).result;
    type Reviewed = {
      withheld: boolean;
      correct: boolean;
      selectedAnswer: number;
      correctAnswer: number;
      options: string[];
      image?: { optionAlts: string[] };
    };
    const items = review as Reviewed[];
    const n = items.findIndex((item) => !item.withheld && item.image && item.selectedAnswer >= 0);
    expect(n).toBeGreaterThanOrEqual(0);
    const item = items[n];
    await page.goto(`${prefix(lang)}/results?id=${id}`);
    const entry = page
      .getByRole('region', { name: t['review.title'] })
      .getByRole('listitem')
      .filter({
        has: page.getByRole('heading', {
          name: new RegExp(
            `^${t['runner.question'].replace('{n}', String(n + 1)).replace('{total}', String(items.length))} `,
          ),
        }),
      });
    const answers = item.correct ? [item.selectedAnswer] : [item.selectedAnswer, item.correctAnswer];
    await expect(entry.locator('.review-answer img')).toHaveCount(answers.length);
    for (const [i, answer] of answers.entries()) {
      const picture = entry
        .locator('.review-answer')
        .nth(i)
        .getByRole('img', { name: item.image!.optionAlts[answer], exact: true });
      await expect(picture).toHaveAttribute('src', encodeURI(item.options[answer]));
      await picture.scrollIntoViewIfNeeded();
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
    }
  });
}

for (const lang of ['uk', 'en'] as Lang[]) {
  test(`${lang}: a premium career entry in the history names its first areas to develop beside its professions`, async ({
    page,
    account: _,
  }) => {
    const t = lang === 'uk' ? uk : en;
    expect((await page.request.post('/api/promo', { data: { promoCode: 'ROZUM-DEMO' } })).status()).toBe(200);
    const sheet = await scoreCareerSitting(page.request, lang, pointsFor(4));
    const { id } = await (await page.request.post('/api/tests/professional/score', { data: sheet })).json();
    const { result } = await (await page.request.get(`/api/results/professional/${id}?lang=${lang}`)).json();
    const areas = (result.developmentAreas as string[]).slice(0, 2);
    expect(areas).toHaveLength(2);
    await page.goto(`${prefix(lang)}/profile`);
    await page.getByRole('tab', { name: t['profile.tab.history'] }).click();
    const entry = page.getByRole('tabpanel').getByRole('listitem').first();
    await expect(entry).toContainText(
      `${t['results.career.professions']}: ${(result.recommendedProfessions as string[]).slice(0, 3).join(', ')}`,
    );
    await expect(entry).toContainText(`${t['results.career.development']}: ${areas.join('; ')}`);
  });
}

for (const lang of ['uk', 'en'] as Lang[]) {
  test(`${lang}: a premium IQ entry in the history says its figures in words, as the result page does`, async ({
    page,
    account: _,
  }) => {
    const t = lang === 'uk' ? uk : en;
    expect((await page.request.post('/api/promo', { data: { promoCode: 'ROZUM-DEMO' } })).status()).toBe(200);
    const sheet = await carefulIqSheet(page.request, lang);
    const { id } = await (await page.request.post('/api/tests/iq/score', { data: sheet })).json();
    const { result } = await (await page.request.get(`/api/results/iq/${id}?lang=${lang}`)).json();
    expect(result.scale).not.toBeNull();
    await page.goto(`${prefix(lang)}/profile`);
    await page.getByRole('tab', { name: t['profile.tab.history'] }).click();
    const entry = page.getByRole('tabpanel').getByRole('listitem').first();
    await expect(entry).toContainText(
      tr(lang, 'profile.history.correct', { correct: result.correctAnswers, total: result.totalQuestions }),
    );
    // Read by item response theory: the weighted score made no part of it, so it is not set beside the reading.
    await expect(entry).not.toContainText(
      tr(lang, 'profile.history.score', { score: result.score, max: result.maxScore }),
    );
    await expect(entry).not.toContainText(`${result.correctAnswers}/${result.totalQuestions}`);
  });
}

/** The profile address's lines, as the page wraps it: the characters grouped by the line box they sit on. */
const emailLines = (page: Page) =>
  page.locator('.profile-email').evaluate((p) => {
    const lines: string[] = [];
    let top = Number.NaN;
    const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null)
      for (let i = 0; i < node.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const at = range.getBoundingClientRect().top;
        if (!(Math.abs(at - top) < 2)) lines.push('');
        top = at;
        lines[lines.length - 1] += node.data[i];
      }
    return lines;
  });

for (const lang of ['uk', 'en'] as Lang[]) {
  test(`${lang}: on a phone a long address in the profile wraps after its "@" or a hyphen or before a dot, never mid-word`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const email = `oleksandra.kovalenko-shevchenko.${Date.now()}@students.kyiv-polytechnic.example.com`;
    await signUpByApi(page.request, { email, lang });
    await page.goto(`${prefix(lang)}/profile`);
    await expect(page.locator('.profile-email')).toHaveText(email);
    const lines = await emailLines(page);
    expect(lines.join('')).toBe(email);
    expect(lines.length, lines.join(' | ')).toBeGreaterThan(1);
    for (let i = 1; i < lines.length; i++)
      expect(/[@-]$/.test(lines[i - 1]) || lines[i].startsWith('.'), lines.join(' | ')).toBe(true);
    // Nothing runs past the screen: the name (the address's start, none having been given) and the confirmation
    // note that quotes the address stay inside their cards.
    for (const selector of ['#user-name', '.confirm-banner p'])
      for (const box of await page
        .locator(selector)
        .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right)))
        expect(box, selector).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
}
