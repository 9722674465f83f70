/**
 * The open cookie banner stays out of the way (issue 31, point 7): a slim bar on a phone, and nothing of the page
 * out of reach under it — the footer's last links can be scrolled clear of it and clicked.
 */
import { expect, test } from './fixtures.ts';
import uk from '../../src/i18n/uk.json' with { type: 'json' };
import en from '../../src/i18n/en.json' with { type: 'json' };

for (const [lang, home, texts] of [
  ['uk', '/', uk],
  ['en', '/eng', en],
] as const) {
  test(`${lang}: on a phone the banner covers at most a quarter of the screen, its buttons side by side`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(home);
    const banner = page.getByRole('region', { name: texts['cookies.title'] });
    await expect(banner).toBeVisible({ timeout: 3000 });
    const box = (await banner.boundingBox())!;
    expect((box.width * box.height) / (390 * 844)).toBeLessThanOrEqual(0.25);
    const accept = (await banner.getByRole('button', { name: texts['cookies.accept'] }).boundingBox())!;
    const decline = (await banner.getByRole('button', { name: texts['cookies.decline'] }).boundingBox())!;
    expect(Math.abs(accept.y - decline.y)).toBeLessThan(2);
    await expect(banner.getByRole('link', { name: texts['cookies.more'] })).toBeVisible();
    await expect(banner.getByRole('button', { name: texts['cookies.close'] })).toBeVisible();
  });

  for (const viewport of [{ width: 1280, height: 800 }]) {
    test(`${lang} ${viewport.width}×${viewport.height}: with the banner open and the page scrolled to its end, every footer link can be clicked`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto(home);
      const banner = page.getByRole('region', { name: texts['cookies.title'] });
      await expect(banner).toBeVisible({ timeout: 3000 });
      const all = await page.locator('footer a').all();
      expect(all.length).toBeGreaterThan(0);
      // The page's room for the banner follows its height once laid out: scrolled to the end again until it holds.
      await expect(async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        // Where the reader's scroll stops (no scrolling into view, as Playwright's own click would do): the
        // element at the link's centre is the link, not the banner.
        for (const link of all) {
          const hit = await link.evaluate((element) => {
            const rect = element.getBoundingClientRect();
            const top = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
            return top !== null && (top === element || element.contains(top));
          });
          expect(hit, `${await link.textContent()} is not under the banner`).toBe(true);
        }
      }).toPass({ timeout: 5000 });
      await expect(banner).toBeVisible();
    });
  }
}
