/**
 * The nine career types' public pages (issue 32): static, in both languages, the profile's public parts only, a call
 * to take the test, the other eight types, their own metadata and social card; linked from the career landing and
 * from a result.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import uk from '../../src/i18n/uk.json' with { type: 'json' };
import en from '../../src/i18n/en.json' with { type: 'json' };
import { PROFILES, TYPE_IDS } from '../../src/domain/career/profiles.ts';
import { pointsFor, prefix, scoreCareerSitting, type Lang } from './helpers.ts';

const TEXTS = { uk, en } as const;
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));

const scriptsOf = (page: Page) =>
  page.locator('script[src]').evaluateAll((scripts) => scripts.map((s) => s.getAttribute('src')).sort());

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'declined'));
});

for (const lang of ['uk', 'en'] as Lang[]) {
  const t = TEXTS[lang];
  test(`${lang}: every type's page shows its public profile, the test, the other types — and no premium part, no script`, async ({
    page,
  }) => {
    await page.goto(`${prefix(lang)}/prof`);
    const landingScripts = await scriptsOf(page);
    for (const n of TYPE_IDS) {
      const profile = PROFILES[lang][n];
      const response = await page.goto(`${prefix(lang)}/types/${n}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(profile.title);
      await expect(page.getByText(profile.tagline, { exact: true }).first()).toBeVisible();
      await expect(page.getByText(profile.generalDescription)).toBeVisible();
      for (const strength of profile.careerRoadmap.strengths)
        await expect(page.getByText(strength, { exact: true })).toBeVisible();
      for (const area of profile.careerRoadmap.weaknesses)
        await expect(page.getByText(area, { exact: true })).toBeVisible();
      for (const profession of profile.professions)
        await expect(page.getByText(profession, { exact: true }).first()).toBeVisible();
      // What premium gives stays behind a result: the roadmap's plan, the inner critic, the reminder.
      await expect(page.getByText(profile.careerRoadmap.careerRecommendations[0])).toHaveCount(0);
      await expect(page.getByText(profile.internalCritic)).toHaveCount(0);
      await expect(page.getByText(profile.reminder)).toHaveCount(0);
      // The test, twice; the other eight types, each by its name.
      const tests = page.getByRole('main').getByRole('link', { name: t['types.cta.button'] });
      await expect(tests).toHaveCount(2);
      await expect(tests.first()).toHaveAttribute('href', `${prefix(lang)}/professional-test`);
      const others = page.getByRole('navigation', { name: t['types.others'] }).getByRole('link');
      await expect(others).toHaveCount(8);
      await expect(others.filter({ hasText: profile.title })).toHaveCount(0);
      // Static: no island, and no script but the ones every static page has (the career landing's: menu, consent).
      await expect(page.locator('astro-island')).toHaveCount(0);
      expect(await scriptsOf(page)).toEqual(landingScripts);
      // Its own card, described in its language.
      const image = await page.locator('meta[property="og:image"]').getAttribute('content');
      expect(new URL(image!).pathname).toBe(`/og/${lang}/type-${n}.png`);
      const png = await page.request.get(new URL(image!).pathname);
      expect(png.headers()['content-type']).toBe('image/png');
      const bytes = await png.body();
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        new RegExp(`${prefix(lang)}/types/${n}$`),
      );
    }
  });

  test(`${lang}: the career landing lists the nine types, and axe finds nothing on a type's page`, async ({ page }) => {
    await page.goto(`${prefix(lang)}/prof`);
    const list = page.locator('.type-list');
    await list.scrollIntoViewIfNeeded();
    await expect(list.getByRole('link')).toHaveCount(9);
    await list
      .getByRole('link', { name: fill(t['types.card.title'], { n: 6, title: PROFILES[lang][6].title }) })
      .click();
    await page.waitForURL(`**${prefix(lang)}/types/6`);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
      expect(axe.violations).toEqual([]);
    }
  });
}

test('the sitemap names every type page in both languages, with its alternates', async ({ page }) => {
  const xml = await (await page.request.get('/sitemap.xml')).text();
  for (const n of TYPE_IDS) {
    expect(xml).toContain(`/types/${n}</loc>`);
    expect(xml).toContain(`/eng/types/${n}</loc>`);
  }
});

test("a career result links to its type's public page", async ({ page, account: _ }) => {
  const scored = await (
    await page.request.post('/api/tests/professional/score', {
      data: await scoreCareerSitting(page.request, 'uk', pointsFor(6)),
    })
  ).json();
  await page.goto(`/professional-results?id=${scored.id}`);
  await expect(page.getByTestId('personality-type')).toHaveText(PROFILES.uk[6].title);
  await page.getByRole('link', { name: fill(uk['types.about'], { title: PROFILES.uk[6].title }) }).click();
  await page.waitForURL('**/types/6');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(PROFILES.uk[6].title);
});
