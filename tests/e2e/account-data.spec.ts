/**
 * "Your data" in the profile, end to end in both languages (issue 30, point 5): the account's data saved as a file;
 * deleting the account behind a second step that says what goes and what stays, refused without the password,
 * done with it — signed out, the last mail read from our SMTP sink, the certificate's code then withdrawn on the
 * verification page, and no way back in. Keyboard-reachable, and axe finds nothing on the open step.
 */
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, freshEmail, test } from './fixtures.ts';
import { PASSWORD, signUpByApi } from '../support/accounts.ts';
import { mailWithSubject } from '../support/mail-sink.ts';
import { carefulIqSheet, prefix } from './helpers.ts';
import uk from '../../src/i18n/uk.json' with { type: 'json' };
import en from '../../src/i18n/en.json' with { type: 'json' };

const inbox = process.env.E2E_MAIL_DIR!;

for (const [lang, t] of [
  ['uk', uk],
  ['en', en],
] as const) {
  test(`${lang}: the data downloads as a file; the account is deleted only with its password, for good`, async ({
    page,
  }) => {
    const email = freshEmail(`delete-${lang}`);
    await signUpByApi(page.request, { email, lang, fullName: 'Ірина Мельник' });
    const scored = await (
      await page.request.post('/api/tests/iq/score', { data: await carefulIqSheet(page.request, lang) })
    ).json();
    const { verificationCode } = await (await page.request.get(`/api/results/iq/${scored.id}?lang=${lang}`)).json();

    await page.goto(`${prefix(lang)}/profile`);
    await page.getByRole('tab', { name: t['profile.tab.settings'] }).click();
    const panel = page.getByRole('tabpanel', { name: t['profile.tab.settings'] });

    // The file: named by the day, everything the account holds, in JSON.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('link', { name: t['profile.settings.data.download'] }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^rozum-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(data.account).toMatchObject({ email, fullName: 'Ірина Мельник' });
    expect(data.results.iq).toHaveLength(1);

    // The second step, opened from the keyboard: focus moves to its question; it says what goes and what stays.
    const start = panel.getByRole('button', { name: t['profile.settings.delete.start'] });
    await start.focus();
    await page.keyboard.press('Enter');
    const step = panel.getByRole('form', { name: t['profile.settings.delete.confirm'] });
    await expect(step.getByRole('heading', { name: t['profile.settings.delete.confirm'] })).toBeFocused();
    await expect(step).toContainText(t['profile.settings.delete.certs']);
    await expect(step).toContainText(t['profile.settings.delete.kept']);
    expect((await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations).toEqual(
      [],
    );
    // "Keep my account" closes it and gives the focus back.
    await step.getByRole('button', { name: t['profile.settings.delete.cancel'] }).click();
    await expect(start).toBeFocused();
    await start.click();

    // Refused without the password, and with a wrong one: nothing happens.
    await step.getByRole('button', { name: t['profile.settings.delete.submit'] }).click();
    await expect(step.getByRole('alert')).toHaveText(t['profile.settings.delete.passwordMissing']);
    await expect(step.getByLabel(t['profile.settings.delete.password'])).toBeFocused();
    await expect(step.getByLabel(t['profile.settings.delete.password'])).toHaveAttribute('aria-invalid', 'true');
    await step.getByLabel(t['profile.settings.delete.password']).fill('not-my-password');
    await step.getByRole('button', { name: t['profile.settings.delete.submit'] }).click();
    await expect(step.getByRole('alert')).not.toHaveText(t['profile.settings.delete.passwordMissing']);
    expect((await page.request.get('/api/me')).status()).toBe(200);

    await step.getByLabel(t['profile.settings.delete.password']).fill(PASSWORD);
    await step.getByRole('button', { name: t['profile.settings.delete.submit'] }).click();
    await expect(page.getByRole('heading', { level: 1, name: t['profile.settings.delete.done.title'] })).toBeFocused();
    await expect(page.getByRole('status')).toContainText(email);
    expect((await page.request.get('/api/me')).status()).toBe(401);

    const mail = await mailWithSubject(inbox, email, t['mail.deleted.subject']);
    expect(mail.text).toContain(t['mail.deleted.kept']);

    // The certificate's code: withdrawn, in the page's language.
    await page.goto(`${prefix(lang)}/verify?code=${verificationCode}`);
    await expect(page.getByRole('heading', { level: 1, name: t['verify.withdrawn.title'] })).toBeVisible();
    await expect(page.getByText(t['verify.withdrawn.text'])).toBeVisible();

    // No way back in.
    expect((await page.request.post('/api/auth/signin', { data: { email, password: PASSWORD } })).status()).toBe(401);
  });
}

for (const [lang, t] of [
  ['uk', uk],
  ['en', en],
] as const) {
  test(`${lang}: an account made with Google is deleted after signing in with Google again, which comes back to the step`, async ({
    page,
  }) => {
    const email = freshEmail(`google-delete-${lang}`);
    /** Through Google's account chooser (our fake's form) and back through the sign-in return step. */
    const viaGoogle = async () => {
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Continue' }).click();
    };
    await page.goto(`${prefix(lang)}/login`);
    await page.getByRole('link', { name: t['login.google'] }).click();
    await viaGoogle();
    await page.waitForURL(new RegExp(`${prefix(lang)}/profile$`));
    await page.getByRole('tab', { name: t['profile.tab.settings'] }).click();
    const panel = page.getByRole('tabpanel', { name: t['profile.tab.settings'] });
    await panel.getByRole('button', { name: t['profile.settings.delete.start'] }).click();
    const step = panel.getByRole('form', { name: t['profile.settings.delete.confirm'] });
    // No password to ask for: Google is asked again, and the way back opens this step.
    await expect(step.getByLabel(t['profile.settings.delete.password'])).toHaveCount(0);
    await expect(step).toContainText(t['profile.settings.delete.google']);
    await step.getByRole('link', { name: t['profile.settings.delete.googleButton'] }).click();
    await viaGoogle();
    await page.waitForURL(new RegExp(`${prefix(lang)}/profile#delete-account$`));
    const again = page
      .getByRole('tabpanel', { name: t['profile.tab.settings'] })
      .getByRole('form', { name: t['profile.settings.delete.confirm'] });
    await expect(again).toBeVisible();
    await again.getByRole('button', { name: t['profile.settings.delete.submit'] }).click();
    await expect(page.getByRole('heading', { level: 1, name: t['profile.settings.delete.done.title'] })).toBeFocused();
    await mailWithSubject(inbox, email, t['mail.deleted.subject']);
    expect((await page.request.get('/api/me')).status()).toBe(401);
  });
}
