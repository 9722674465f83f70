/** The site header: one row on a phone, its navigation behind a menu button (a disclosure), in the row on a laptop. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';
import uk from '../../src/i18n/uk.json' with { type: 'json' };
import en from '../../src/i18n/en.json' with { type: 'json' };
import { prefix, type Lang } from './helpers.ts';

const TEXTS = { uk, en } as const;
/** A row of 44 px targets with its padding; two rows would be at least 100 px. */
const ONE_ROW = 72;

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'declined'));
});

for (const lang of ['uk', 'en'] as Lang[]) {
  const t = TEXTS[lang];

  test.describe(`${lang} at 390×844`, () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the header is one row and the menu opens and closes by keyboard', async ({ page }) => {
      for (const path of ['/', '/iqtest', '/prof', '/legal/privacy']) {
        await page.goto(`${prefix(lang)}${path}`);
        const header = page.locator('.site-header');
        expect((await header.boundingBox())!.height, path).toBeLessThanOrEqual(ONE_ROW);
      }
      const nav = page.getByRole('navigation', { name: t['nav.main'] });
      const menu = page.getByRole('button', { name: t['nav.menu'] });
      await expect(nav).toBeHidden();
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      // The language stays one tap away, outside the menu.
      await expect(page.locator('.header-row').getByRole('link', { name: new RegExp(t['lang.switch']) })).toBeVisible();

      await menu.focus();
      await page.keyboard.press('Enter');
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      await expect(nav).toBeVisible();
      for (const name of [t['nav.iqtest'], t['nav.prof'], t['nav.signin'], t['nav.cta.iq'], t['nav.cta.prof']])
        await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
      expect(
        await new AxeBuilder({ page })
          .include('.site-header')
          .analyze()
          .then((r) => r.violations),
      ).toEqual([]);
      await page.keyboard.press('Tab');
      await expect(nav.getByRole('link', { name: t['nav.iqtest'], exact: true })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(nav).toBeHidden();
      await expect(menu).toBeFocused();
      await expect(menu).toHaveAttribute('aria-expanded', 'false');

      // A tap outside closes it too; a link in it goes where it says.
      await menu.click();
      await page.locator('main').click({ position: { x: 10, y: 300 } });
      await expect(nav).toBeHidden();
      await menu.click();
      await nav.getByRole('link', { name: t['nav.prof'], exact: true }).click();
      await page.waitForURL(new RegExp(`${prefix(lang)}/prof$`));
    });
  });

  test.describe(`${lang} at 1280×800`, () => {
    test.use({ viewport: { width: 1280, height: 800 } });

    test('the navigation sits in the one row, no menu button', async ({ page }) => {
      await page.goto(`${prefix(lang)}/`);
      expect((await page.locator('.site-header').boundingBox())!.height).toBeLessThanOrEqual(ONE_ROW);
      await expect(page.getByRole('button', { name: t['nav.menu'] })).toBeHidden();
      const nav = page.getByRole('navigation', { name: t['nav.main'] });
      for (const name of [t['nav.iqtest'], t['nav.prof'], t['nav.signin'], t['nav.cta.iq'], t['nav.cta.prof']])
        await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    });
  });
}
