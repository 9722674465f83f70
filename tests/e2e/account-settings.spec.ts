/**
 * Account settings in the profile, end to end in both languages (issue 30, point 4): the name for certificates, a new
 * password (the old one stops working), a new address through the link mailed to it (read from our SMTP sink), each
 * said in words; keyboard-reachable forms, and axe finds nothing on the tab.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, freshEmail, test } from './fixtures.ts';
import { PASSWORD, signUpByApi } from '../support/accounts.ts';
import { linkIn, mailTo } from '../support/mail-sink.ts';
import uk from '../../src/i18n/uk.json' with { type: 'json' };
import en from '../../src/i18n/en.json' with { type: 'json' };

const inbox = process.env.E2E_MAIL_DIR!;
const prefix = (lang: 'uk' | 'en') => (lang === 'en' ? '/eng' : '');

for (const [lang, t] of [
  ['uk', uk],
  ['en', en],
] as const) {
  test(`${lang}: name, password and address are changed from the profile`, async ({ page }) => {
    const email = freshEmail(`settings-${lang}`);
    await signUpByApi(page.request, { email, lang });
    await page.goto(`${prefix(lang)}/profile`);
    await page.getByRole('tab', { name: t['profile.tab.settings'] }).click();
    const panel = page.getByRole('tabpanel', { name: t['profile.tab.settings'] });
    expect((await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations).toEqual(
      [],
    );

    const nameForm = panel.getByRole('form', { name: t['profile.settings.name.title'] });
    // An empty name is refused in words about the name, not the server's general "fields missing".
    await nameForm.getByLabel(t['profile.settings.name.label']).fill('  ');
    await nameForm.getByRole('button', { name: t['profile.settings.save'] }).click();
    await expect(nameForm.getByText(t['profile.settings.name.invalid'])).toBeVisible();
    await nameForm.getByLabel(t['profile.settings.name.label']).fill('Olena Koval');
    await nameForm.getByRole('button', { name: t['profile.settings.save'] }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Olena Koval' })).toBeVisible();

    await page.getByRole('tab', { name: t['profile.tab.settings'] }).click();
    const passwordForm = panel.getByRole('form', { name: t['profile.settings.password.title'] });
    await passwordForm.getByLabel(t['profile.settings.password.current']).fill(PASSWORD);
    await passwordForm.getByLabel(t['profile.settings.password.new']).fill('a-new-secret');
    await passwordForm.getByRole('button', { name: t['profile.settings.password.submit'] }).click();
    await expect(passwordForm.getByRole('status')).toHaveText(t['profile.settings.password.saved']);
    expect((await page.request.post('/api/auth/signin', { data: { email, password: PASSWORD } })).status()).toBe(401);

    const next = freshEmail(`moved-${lang}`);
    const emailForm = panel.getByRole('form', { name: t['profile.settings.email.title'] });
    await emailForm.getByLabel(t['profile.settings.email.new']).fill(next);
    await emailForm.getByLabel(t['profile.settings.email.password'], { exact: true }).fill('a-new-secret');
    await emailForm.getByRole('button', { name: t['profile.settings.email.submit'] }).click();
    await expect(emailForm.getByRole('status')).toContainText(next);
    const { url } = linkIn(await mailTo(inbox, next), `${prefix(lang)}/confirm-email`);
    await page.goto(url.pathname + url.search);
    await expect(page.getByRole('heading', { name: t['confirm.done.title'] })).toBeVisible();
    await page.getByRole('link', { name: t['confirm.toProfile'] }).click();
    await expect(page.getByText(next)).toBeVisible();
  });
}

test('a long address keeps the settings within a phone screen (issue 31 audit)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = `olena.kovalenko.long.address.${Date.now()}@example-university.com.ua`;
  await signUpByApi(page.request, { email, lang: 'uk' });
  await page.goto('/profile');
  await page.getByRole('tab', { name: uk['profile.tab.settings'] }).click();
  const panel = page.getByRole('tabpanel', { name: uk['profile.tab.settings'] });
  await expect(panel.getByRole('form', { name: uk['profile.settings.name.title'] })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const form of await panel.getByRole('form').all()) {
    const box = (await form.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
});
