/**
 * Confirming an address, end to end in both languages (issue 30, point 2): sign up on the form, read the real mail
 * from our SMTP sink (the site sends through SMTP_URL as to any provider), see the profile's note, open the link,
 * see the address confirmed and the note gone; "send again" voids the first link. Axe finds nothing on the page.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, freshEmail, test } from './fixtures.ts';
import { signUpOnForm } from '../support/accounts.ts';
import { linkIn, mailTo } from '../support/mail-sink.ts';
import uk from '../../src/i18n/uk.json' with { type: 'json' };
import en from '../../src/i18n/en.json' with { type: 'json' };

const inbox = process.env.E2E_MAIL_DIR!;
// Two mails through the SMTP sink and five page loads: near 30 s on a loaded 2-core machine (it timed out there once).
test.describe.configure({ timeout: 60_000 });
const prefix = (lang: 'uk' | 'en') => (lang === 'en' ? '/eng' : '');

for (const [lang, t] of [
  ['uk', uk],
  ['en', en],
] as const) {
  test(`${lang}: the mail's link confirms the address, and the profile stops asking`, async ({ page }) => {
    const email = freshEmail(`confirm-${lang}`);
    await page.goto(`${prefix(lang)}/login`);
    // The form's island has hydrated (Astro drops `ssr` then), so the switch to sign-up is not a lost click (a click
    // before hydration is lost: issue 31 lists it).
    await page.locator('astro-island[component-url*="LoginApp"]:not([ssr])').waitFor({ state: 'attached' });
    await signUpOnForm(page, lang, { email, fullName: 'Olena Koval' });
    // The sign-up form opens the profile itself (after its message): wait for that, not a navigation of our own.
    await page.waitForURL((url) => url.pathname === `${prefix(lang)}/profile`);
    const mail = await mailTo(inbox, email);
    expect(mail.subject).toBe(t['mail.confirm.subject']);
    expect(mail.text).toContain(t['mail.confirm.expires']);
    const { url } = linkIn(mail, `${prefix(lang)}/confirm-email`);

    const note = page.getByRole('region', { name: t['profile.confirm.title'] });
    await expect(note).toBeVisible();
    await expect(note).toContainText(email);

    // "Send again": a second mail; the first link no longer works.
    await note.getByRole('button', { name: t['profile.confirm.sendAgain'] }).click();
    await expect(note.getByRole('status')).toHaveText(t['profile.confirm.sent']);
    const second = linkIn(await mailTo(inbox, email, 2), `${prefix(lang)}/confirm-email`).url;
    await page.goto(url.pathname + url.search);
    await expect(page.getByRole('heading', { name: t['confirm.invalid.title'] })).toBeVisible();
    // The token leaves the address bar.
    expect(new URL(page.url()).search).toBe('');

    await page.goto(second.pathname + second.search);
    await expect(page.getByRole('heading', { name: t['confirm.done.title'] })).toBeVisible();
    expect((await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations).toEqual(
      [],
    );
    await page.getByRole('link', { name: t['confirm.toProfile'] }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Olena Koval' })).toBeVisible();
    await expect(page.getByRole('region', { name: t['profile.confirm.title'] })).toHaveCount(0);
  });
}

test('a link opened without its code, or with one that does not work, says what to do', async ({ page }) => {
  await page.goto('/eng/confirm-email');
  await expect(page.getByRole('heading', { name: en['confirm.missing.title'] })).toBeVisible();
  await expect(page.getByRole('link', { name: en['confirm.signInToResend'] })).toBeVisible();
  await page.goto(`/confirm-email?token=${'A'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: uk['confirm.invalid.title'] })).toBeVisible();
});
