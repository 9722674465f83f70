/**
 * Sharing a saved result by choice (issue 32, point 3): the share dialog says what becomes public, publishes a link
 * whose page shows the first name only when asked, shows the card the link carries, and takes the link down again;
 * a cautioned result cannot be published (a visitor's dialog offers no public link: results.spec.ts).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';
import uk from '../../src/i18n/uk.json' with { type: 'json' };
import en from '../../src/i18n/en.json' with { type: 'json' };
import { carefulIqSheet, events, prefix, recordEvents, type Lang } from './helpers.ts';
import { t as tr } from '../../src/i18n/index.ts';

const TEXTS = { uk, en } as const;

test.use({ fullName: 'Олена Коваль' });
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'declined'));
});

for (const lang of ['uk', 'en'] as Lang[]) {
  const t = TEXTS[lang];
  test(`${lang}: the owner publishes a result, sees its card, opens its page, and takes it down`, async ({
    page,
    browser,
    baseURL,
    account: _,
  }) => {
    const scored = await (
      await page.request.post('/api/tests/iq/score', { data: await carefulIqSheet(page.request, lang) })
    ).json();
    await page.goto(`${prefix(lang)}/results?id=${scored.id}`);
    await page.getByRole('button', { name: t['share.open'] }).click();
    const dialog = page.getByRole('dialog', { name: t['share.title'] });
    // What becomes public is said before anything is.
    await expect(dialog.getByText(t['share.public.what.iq'])).toBeVisible();
    await expect(dialog.getByRole('textbox')).toHaveValue(/\/iqtest$/);
    // The message states the reading as the page does: with its interval.
    const interval = (await page.getByTestId('iq-interval').textContent())!.trim();
    expect(await dialog.getByRole('textbox').inputValue()).toContain(`(${interval})`);
    // The name the page will show, said before it is public: the first word of the profile's name.
    await dialog.getByRole('checkbox', { name: tr(lang, 'share.public.nameAs', { name: 'Олена' }) }).check();
    expect((await new AxeBuilder({ page }).include('dialog').analyze()).violations).toEqual([]);
    await dialog.getByRole('button', { name: t['share.public.create'] }).click();
    await expect(dialog.getByText(t['share.public.live.iq'])).toBeVisible();
    await expect(dialog.getByText(tr(lang, 'share.public.named', { name: 'Олена' }))).toBeVisible();
    const message = await dialog.getByRole('textbox').inputValue();
    const link = /(http\S+\/r\/[A-Za-z0-9_-]{22})$/.exec(message)?.[1];
    expect(link, message).toBeDefined();
    expect(new URL(link!).pathname).toBe(`${prefix(lang)}/r/${link!.slice(-22)}`);
    // The card the link carries, drawn and shown.
    const card = dialog.getByRole('img', { name: t['share.public.cardAlt'] });
    await expect(card).toBeVisible();
    await expect.poll(() => card.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);

    // A friend, signed out, opens it: the first name and the reading, no answers.
    const friend = await browser.newContext({ baseURL });
    const other = await friend.newPage();
    const response = await other.goto(new URL(link!).pathname);
    expect(response?.status()).toBe(200);
    await expect(other.getByRole('heading', { level: 1 })).toHaveText(/^IQ /);
    await expect(other.getByText('Олена', { exact: false }).first()).toBeVisible();
    await expect(other.getByText('Коваль')).toHaveCount(0);
    expect(
      (await new AxeBuilder({ page: other }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations,
    ).toEqual([]);

    // The name is hidden on the live link itself: the same address, no name on the page, a new card.
    const nameBox = dialog.getByRole('checkbox', { name: tr(lang, 'share.public.nameAs', { name: 'Олена' }) });
    await expect(nameBox).toBeChecked();
    // The box follows the click at once, however long the server takes to change the link (here 1.5 s).
    await page.route('**/api/results/*/*/share', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await nameBox.uncheck({ timeout: 1000 });
    await expect(nameBox).not.toBeChecked();
    await expect(nameBox).toBeEnabled();
    await page.unroute('**/api/results/*/*/share');
    await expect(dialog.getByText(tr(lang, 'share.public.named', { name: 'Олена' }))).toHaveCount(0);
    expect(await dialog.getByRole('textbox').inputValue()).toBe(message);
    await expect(card).toHaveAttribute('src', /named=0$/);
    await expect.poll(() => card.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);
    await other.reload();
    await expect(other.getByRole('heading', { level: 1 })).toHaveText(/^IQ /);
    await expect(other.getByText('Олена')).toHaveCount(0);

    // Taken down: the same link now shows nothing.
    await dialog.getByRole('button', { name: t['share.public.revoke'] }).click();
    await expect(dialog.getByRole('button', { name: t['share.public.create'] })).toBeVisible();
    await expect(dialog.getByRole('textbox')).toHaveValue(/\/iqtest$/);
    expect((await other.goto(new URL(link!).pathname))?.status()).toBe(404);
    await friend.close();

    // Reopened later, the result knows it has no link; shared again, it knows it has one.
    await dialog.getByRole('button', { name: t['share.public.create'] }).click();
    await expect(dialog.getByText(t['share.public.live.iq'])).toBeVisible();
    await page.reload();
    await page.getByRole('button', { name: t['share.open'] }).click();
    await expect(page.getByRole('dialog').getByText(t['share.public.live.iq'])).toBeVisible();
  });
}

test('a cautioned result cannot be published', async ({ page, account: _ }) => {
  const sitting = await (await page.request.get('/api/tests/iq/form?lang=uk')).json();
  const rushed = await (
    await page.request.post('/api/tests/iq/score', {
      data: {
        formToken: sitting.formToken,
        answers: sitting.questions.map((q: { id: number }) => ({
          questionId: q.id,
          selectedAnswer: 1,
          timeSpent: 800,
        })),
        timeSpent: 16_000,
        lang: 'uk',
      },
    })
  ).json();
  await page.goto(`/results?id=${rushed.id}`);
  await page.getByRole('button', { name: uk['share.open'] }).click();
  const dialog = page.getByRole('dialog', { name: uk['share.title'] });
  await expect(dialog.getByText(uk['share.error.caution'])).toBeVisible();
  await expect(dialog.getByRole('button', { name: uk['share.public.create'] })).toHaveCount(0);
});

test('with consent, publishing and a visit from a shared page are reported; without it, nothing', async ({
  page,
  browser,
  baseURL,
  account: _,
}) => {
  await recordEvents(page, 'accepted');
  const scored = await (
    await page.request.post('/api/tests/iq/score', { data: await carefulIqSheet(page.request, 'uk') })
  ).json();
  await page.goto(`/results?id=${scored.id}`);
  await page.getByRole('button', { name: uk['share.open'] }).click();
  await page.getByRole('button', { name: uk['share.public.create'] }).click();
  await expect.poll(async () => (await events(page)).map((e) => e[1])).toContain('share_published');
  const link = /(\/r\/[A-Za-z0-9_-]{22})$/.exec(await page.getByRole('dialog').getByRole('textbox').inputValue())![1];

  for (const consent of ['accepted', 'declined'] as const) {
    const context = await browser.newContext({ baseURL });
    const friend = await context.newPage();
    await recordEvents(friend, consent);
    await friend.goto(link);
    await friend.getByRole('link', { name: uk['share.page.cta.iq'] }).click();
    await friend.waitForURL(/\/iq$/);
    if (consent === 'accepted')
      await expect.poll(async () => (await events(friend)).map((e) => e[1])).toContain('shared_result_visit');
    else expect(await events(friend)).toEqual([]);
    await context.close();
  }
});

test("on a phone, the public link's copy button is on the first screen with its card", async ({ page, account: _ }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const scored = await (
    await page.request.post('/api/tests/iq/score', { data: await carefulIqSheet(page.request, 'uk') })
  ).json();
  await page.goto(`/results?id=${scored.id}`);
  await page.getByRole('button', { name: uk['share.open'] }).click();
  const dialog = page.getByRole('dialog', { name: uk['share.title'] });
  await dialog.getByRole('button', { name: uk['share.public.create'] }).click();
  const card = dialog.getByRole('img', { name: uk['share.public.cardAlt'] });
  await expect.poll(() => card.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
  const copy = dialog.getByRole('button', { name: uk['share.copy'] });
  for (const part of [card, copy]) {
    const box = (await part.boundingBox())!;
    expect(box.y + box.height, 'within the first screen').toBeLessThanOrEqual(844);
  }
});
