/**
 * "Forgot password?", end to end in both languages (issue 30, point 3): from the sign-in page, ask for a link, read
 * the real mail from our SMTP sink, set a new password on the link's page, land signed in; the old password no
 * longer works. Axe finds nothing on either step.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, freshEmail, test } from './fixtures.ts';
import { PASSWORD, signUpByApi } from '../support/accounts.ts';
import { linkIn, mailWithSubject } from '../support/mail-sink.ts';
import uk from '../../src/i18n/uk.json' with { type: 'json' };
import en from '../../src/i18n/en.json' with { type: 'json' };

const inbox = process.env.E2E_MAIL_DIR!;
const prefix = (lang: 'uk' | 'en') => (lang === 'en' ? '/eng' : '');
const axe = async (page: import('@playwright/test').Page) =>
  (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations;

for (const [lang, t] of [
  ['uk', uk],
  ['en', en],
] as const) {
  test(`${lang}: a forgotten password is replaced through the mailed link`, async ({ page, browser }) => {
    const email = freshEmail(`reset-${lang}`);
    // The account exists (made in another browser); this one is signed out.
    const other = await browser.newContext();
    await signUpByApi(other.request, { email, lang });
    await other.close();

    await page.goto(`${prefix(lang)}/login`);
    await page.getByRole('link', { name: t['login.forgot'] }).click();
    await expect(page.getByRole('heading', { name: t['reset.ask.title'] })).toBeVisible();
    await page.getByLabel(t['login.email']).fill(email);
    await page.getByRole('button', { name: t['reset.ask.submit'] }).click();
    await expect(page.getByRole('status')).toHaveText(t['reset.ask.sent']);
    expect(await axe(page)).toEqual([]);

    // Named by its subject: the sign-up's confirmation may arrive before or after it.
    const mail = await mailWithSubject(inbox, email, t['mail.reset.subject']);
    const { url } = linkIn(mail, `${prefix(lang)}/reset-password`);
    await page.goto(url.pathname + url.search);
    await expect(page.getByRole('heading', { name: t['reset.set.title'] })).toBeVisible();
    expect(new URL(page.url()).search).toBe('');
    // Too short first: said, and the link still works.
    await page.getByLabel(t['reset.set.password'], { exact: true }).fill('123');
    await page.getByRole('button', { name: t['reset.set.submit'] }).click();
    await expect(page.getByRole('alert')).toHaveText(t['reset.set.short']);
    await page.getByLabel(t['reset.set.password'], { exact: true }).fill('a-new-secret');
    await page.getByRole('button', { name: t['reset.set.submit'] }).click();
    await expect(page.getByRole('heading', { name: t['reset.done.title'] })).toBeVisible();
    expect(await axe(page)).toEqual([]);
    await page.getByRole('link', { name: t['reset.toProfile'] }).click();
    await expect(page.getByText(email)).toBeVisible();
    // The old password is gone.
    const old = await page.request.post('/api/auth/signin', { data: { email, password: PASSWORD } });
    expect(old.status()).toBe(401);
    // The same link again: it says it has been used, with the way to ask for a new one — no password form.
    await page.goto(url.pathname + url.search);
    await expect(page.getByRole('alert')).toHaveText(t['reset.set.invalid']);
    await expect(page.getByRole('heading', { name: t['reset.ask.title'] })).toBeVisible();
    await expect(page.getByLabel(t['reset.set.password'], { exact: true })).toHaveCount(0);
  });
}
