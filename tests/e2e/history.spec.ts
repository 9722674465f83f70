/**
 * A long history comes a page at a time (issue 27 §4): the profile shows the newest results and loads earlier ones
 * on demand, with the keyboard, each once; and a subscriber who has seen every form's worked answers is told so
 * before a retake.
 */
import AxeBuilder from '@axe-core/playwright';
import uk from '../../src/i18n/uk.json' with { type: 'json' };
import en from '../../src/i18n/en.json' with { type: 'json' };
import { expect, test } from './fixtures.ts';
import { carefulIqSheet, pointsFor, prefix, scoreCareerSitting, type Lang } from './helpers.ts';

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
