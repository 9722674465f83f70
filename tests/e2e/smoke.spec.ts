import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import uk from '../../src/i18n/uk.json' with { type: 'json' };
import en from '../../src/i18n/en.json' with { type: 'json' };

async function head(page: Page) {
  return page.evaluate(() => ({
    lang: document.documentElement.lang,
    title: document.title,
    canonical: document.querySelector<HTMLLinkElement>('link[rel=canonical]')?.href,
    alternates: Object.fromEntries(
      [...document.querySelectorAll<HTMLLinkElement>('link[rel=alternate][hreflang]')].map((l) => [l.hreflang, l.href]),
    ),
  }));
}

test('the Ukrainian home page carries its language, title, canonical and alternates', async ({ page }) => {
  await page.goto('/');
  const meta = await head(page);
  expect(meta.lang).toBe('uk');
  expect(meta.title).toBe(uk['meta.landing.title']);
  const origin = new URL(meta.canonical!).origin;
  expect(meta.canonical).toBe(`${origin}/`);
  expect(meta.alternates).toEqual({ uk: `${origin}/`, en: `${origin}/eng`, 'x-default': `${origin}/` });
});

test.describe(() => {
  // Chromium logs the not-found page's own 404 status as an error; that status is the page's point.
  test.use({ expectedConsoleErrors: [/status of 404 .*\/nope-xyz\)$/] });

  test('the language link opens the same page in the other language, query string kept, and home from the not-found page', async ({
    page,
  }) => {
    // Home and back: the other language's document, title and canonical.
    await page.goto('/');
    await page.getByRole('link', { name: uk['lang.switch.aria'] }).click();
    await expect(page).toHaveURL(/\/eng$/);
    const meta = await head(page);
    expect(meta.lang).toBe('en');
    expect(meta.title).toBe(en['meta.landing.title']);
    expect(meta.canonical).toMatch(/\/eng$/);
    await page.getByRole('link', { name: en['lang.switch.aria'] }).click();
    await expect(page).toHaveURL(/\/$/);
    expect((await head(page)).lang).toBe('uk');

    for (const [from, to] of [
      ['/iqtest', '/eng/iqtest'],
      ['/eng/legal/refund', '/legal/refund'],
      ['/prof', '/eng/prof'],
    ]) {
      await page.goto(from);
      await page.locator('[data-lang-link]').click();
      await expect(page).toHaveURL(new RegExp(`${to}$`));
    }

    // The built href has no query string; the link's script carries the one the visitor is on.
    await page.goto('/eng/results/?id=4b1e2c1a-0000-4000-8000-000000000000');
    const link = page.getByRole('link', { name: en['lang.switch.aria'] });
    await expect(link).toHaveAttribute('href', '/results?id=4b1e2c1a-0000-4000-8000-000000000000');
    await link.click();
    await expect(page).toHaveURL(/\/results\?id=4b1e2c1a-0000-4000-8000-000000000000$/);
    expect((await head(page)).lang).toBe('uk');

    // An unknown address has no same page in the other language: the link leads to that language's home.
    for (const [path, otherHome] of [
      ['/nope-xyz', '/eng'],
      ['/eng/nope-xyz', '/'],
    ]) {
      await page.goto(path);
      const home = page.locator('[data-lang-link]');
      await expect(home).toHaveAttribute('href', otherHome);
      await home.click();
      await expect(page).toHaveURL((url) => url.pathname === otherHome);
    }
  });
});

test('every page in both languages has its own title in its language', async ({ page }) => {
  for (const [path, title] of [
    ['/eng/iqtest', en['meta.iq-test.title']],
    ['/prof', uk['meta.prof.title']],
    ['/eng/legal/privacy', `${en['legal.privacy.title']} — Rozum`],
  ]) {
    await page.goto(path);
    expect(await page.title()).toBe(title);
  }
});
