/**
 * "Start again" on a results page, and signing in from it: a result not saved to an account is not thrown away
 * without a word, and every sign-in link on the page comes back to the same result, saved to the new account.
 */
import AxeBuilder from '@axe-core/playwright';
import uk from '../../src/i18n/uk.json' with { type: 'json' };
import en from '../../src/i18n/en.json' with { type: 'json' };
import { expect, freshEmail, test } from './fixtures.ts';
import { signUpOnForm } from '../support/accounts.ts';
import { carefulIqSheet, pointsFor, prefix, scoreCareerSitting, TEXT, type Lang } from './helpers.ts';
import type { APIRequestContext, Page } from '@playwright/test';

test.describe.configure({ timeout: 90_000 });
const dict = { uk, en };
type Kind = 'iq' | 'professional';
const resultsPath = (kind: Kind) => (kind === 'iq' ? '/results' : '/professional-results');
const tempKey = (kind: Kind) => (kind === 'iq' ? 'tempTestResult' : 'tempProfessionalTestResult');
const shown = (page: Page, kind: Kind) => page.getByTestId(kind === 'iq' ? 'iq-estimate' : 'personality-type');

/** A scored answer sheet as the server returns it: a visitor's result with its token, or a user's, saved, with its id. */
async function score(request: APIRequestContext, kind: Kind, lang: Lang) {
  // Career: points to type 3 only, so no tie-break is needed.
  if (kind === 'professional') {
    const res = await request.post('/api/tests/professional/score', {
      data: await scoreCareerSitting(request, lang, pointsFor(3)),
    });
    expect(res.status()).toBe(200);
    return res.json();
  }
  // A careful sheet at a steady pace (a cautioned one would earn no certificate).
  const res = await request.post(`/api/tests/${kind}/score`, { data: await carefulIqSheet(request, lang) });
  expect(res.status()).toBe(200);
  return res.json();
}

/** Opens the results page on a visitor's result held in this tab, as the test runner leaves it. */
async function openVisitorResult(page: Page, kind: Kind, lang: Lang) {
  const stored = await score(page.request, kind, lang);
  await page.goto(`${prefix(lang)}/`);
  await page.evaluate(([key, value]) => sessionStorage.setItem(key, JSON.stringify(value)), [tempKey(kind), stored]);
  await page.goto(`${prefix(lang)}${resultsPath(kind)}`);
  await expect(shown(page, kind)).toBeVisible();
  return (await shown(page, kind).textContent())!;
}

/** Signs up on the sign-in page's form, then waits to be back on the same result, opened by its saved id. */
async function signUpAndComeBack(page: Page, kind: Kind, lang: Lang, before: string) {
  await page.waitForURL(new RegExp(`${prefix(lang)}/login$`));
  // The page says the result will be kept (no purchase: none was started), and opens on sign-up.
  await expect(page.getByTestId('login-context')).toHaveText(dict[lang][`login.context.${kind}.keep`]);
  await signUpOnForm(page, lang, { email: freshEmail(`restart.${lang}`) }, { opensInSignUp: true });
  await page.waitForURL(new RegExp(`${prefix(lang)}${resultsPath(kind)}\\?id=[0-9a-f-]{36}$`), { timeout: 15_000 });
  await expect(shown(page, kind)).toHaveText(before);
  // Saved to the new account: the server gives it to this user by its id, and the profile's history lists it.
  const id = new URL(page.url()).searchParams.get('id');
  expect((await page.request.get(`/api/results/${kind}/${id}`)).status()).toBe(200);
  const list = await (await page.request.get(`/api/results?type=${kind}`)).json();
  expect(JSON.stringify(list)).toContain(id);
}

for (const lang of ['uk', 'en'] as Lang[]) {
  const t = dict[lang];
  const p = prefix(lang);
  const restartButton = (page: Page) => page.getByRole('button', { name: t['results.restart'], exact: true });
  const warning = (page: Page) => page.getByRole('dialog', { name: t['results.restart.title'] });

  test(`${lang}: a visitor's "start again" warns first; Cancel and Escape keep the result, "start again anyway" opens a fresh test`, async ({
    page,
  }) => {
    await page.goto(`${p}/`);
    await page.evaluate(
      ([key, value]) => sessionStorage.setItem(key, JSON.stringify(value)),
      [tempKey('professional'), await score(page.request, 'professional', lang)],
    );
    const before = await openVisitorResult(page, 'iq', lang);

    await restartButton(page).click();
    const dialog = warning(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription(
      `${t['results.restart.unsaved']} ${t['results.restart.other.professional']}`,
    );
    await expect(dialog.getByRole('link', { name: t['results.restart.signin'] })).toBeFocused();
    expect((await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations).toEqual(
      [],
    );
    await dialog.getByRole('button', { name: t['results.restart.cancel'] }).click();
    await expect(dialog).toBeHidden();
    await expect(restartButton(page)).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(restartButton(page)).toBeFocused();
    await expect(shown(page, 'iq')).toHaveText(before);
    expect(await page.evaluate(() => sessionStorage.getItem('tempTestResult'))).not.toBeNull();

    await restartButton(page).click();
    await warning(page).getByRole('button', { name: t['results.restart.anyway'] }).click();
    await page.waitForURL(new RegExp(`${p}/iq$`));
    await expect(page.getByRole('button', { name: TEXT[lang].start })).toBeVisible();
    // The spec's restart clears the temporary results: this one and the other test's.
    expect(
      await page.evaluate(() => [
        sessionStorage.getItem('tempTestResult'),
        sessionStorage.getItem('tempProfessionalTestResult'),
      ]),
    ).toEqual([null, null]);
    await page.goto(`${p}/results`);
    await expect(page.getByRole('heading', { name: t['results.none.title'] })).toBeVisible();
  });

  test(`${lang}: "sign in to keep it" signs up and comes back to the same result, saved; starting again then goes straight to the test`, async ({
    page,
  }) => {
    const before = await openVisitorResult(page, 'professional', lang);
    await restartButton(page).click();
    await warning(page).getByRole('link', { name: t['results.restart.signin'] }).click();
    await signUpAndComeBack(page, 'professional', lang, before);
    // Signing in to keep a result does not open the payment modal ("Get all results" does).
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await restartButton(page).click();
    await page.waitForURL(new RegExp(`${p}/professional-test$`));
    await expect(page.getByRole('button', { name: TEXT[lang].start })).toBeVisible();
  });

  test(`${lang}: the save banner's sign-in link comes back to the same career result, saved`, async ({ page }) => {
    const before = await openVisitorResult(page, 'professional', lang);
    const banner = page.getByTestId('kept-banner');
    await banner.getByRole('link', { name: t['save.keep'] }).click();
    await signUpAndComeBack(page, 'professional', lang, before);
    await expect(page.getByText(t['success.save.professional.test'])).toBeVisible();
  });

  test(`${lang}: the certificate section's sign-in link comes back to the same IQ result, saved, with its certificate`, async ({
    page,
  }) => {
    const before = await openVisitorResult(page, 'iq', lang);
    const section = page.getByRole('region', { name: t['certificate.title'] });
    await expect(section.getByText(t['certificate.signin'])).toBeVisible();
    await section.getByRole('link', { name: t['nav.signin'] }).click();
    await signUpAndComeBack(page, 'iq', lang, before);
    // Signed up without a name: the certificate asks for the holder's before it is issued.
    await section.getByLabel(t['certificate.name.label']).fill(lang === 'uk' ? 'Ірина Бойко' : 'Iryna Boiko');
    await section.getByRole('button', { name: t['certificate.name.save'] }).click();
    await expect(section.getByRole('img', { name: t['certificate.preview'] })).toBeVisible({ timeout: 10_000 });
  });

  test(`${lang}: a signed-in user's "start again" goes straight to a fresh test`, async ({ page, account }) => {
    expect(account.email).toBeTruthy();
    const { id } = await score(page.request, 'iq', lang);
    await page.goto(`${p}/results?id=${id}`);
    await expect(shown(page, 'iq')).toBeVisible();
    await restartButton(page).click();
    await page.waitForURL(new RegExp(`${p}/iq$`));
    await expect(page.getByRole('button', { name: TEXT[lang].start })).toBeVisible();
    await expect(page.getByRole('heading', { name: TEXT[lang].question(1, 20) })).toHaveCount(0);
    expect((await page.request.get(`/api/results/iq/${id}`)).status()).toBe(200);
  });
}
