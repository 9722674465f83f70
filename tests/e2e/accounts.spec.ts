import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import uk from '../../src/i18n/uk.json' with { type: 'json' };
import en from '../../src/i18n/en.json' with { type: 'json' };
import { expect, freshEmail, test } from './fixtures.ts';
import { PASSWORD, signInOnForm, signUpByApi, signUpOnForm } from '../support/accounts.ts';
import {
  answerCareer,
  answerQuestions,
  CAREER_CORE,
  carefulIqSheet,
  pointsFor,
  prefix,
  TEXT,
  type Lang,
} from './helpers.ts';
import { emojiIn } from '../support/emoji.ts';
import { careerSheetFor, takeCareerSitting } from '../support/sittings.ts';

test.describe.configure({ timeout: 120_000 });
const dict = { uk, en };

/** Scores an IQ sheet as the page's signed-in user, which saves it to their account. */
/** Saves a careful IQ sheet to the page's account: no caution, so it counts for achievements and statistics. */
async function saveIqResult(page: Page) {
  const scored = await page.request.post('/api/tests/iq/score', { data: await carefulIqSheet(page.request, 'uk') });
  expect(scored.status()).toBe(200);
  expect((await scored.json()).result.cautions).toEqual([]);
}

for (const lang of ['uk', 'en'] as Lang[]) {
  test(`${lang}: a visitor's IQ result follows them into a new account, and stays there across sign-out and sign-in`, async ({
    page,
  }) => {
    const t = dict[lang];
    const address = freshEmail(`journey-${lang}`);
    await page.goto(`${prefix(lang)}/iq`);
    await page.getByRole('button', { name: TEXT[lang].start }).click();
    await answerQuestions(page, lang, 20, (i) => (i * 3) % 6);
    await page.waitForURL(new RegExp(`${prefix(lang)}/results$`), { timeout: 15_000 });
    const iq = await page.getByTestId('iq-estimate').textContent();

    await page.getByRole('button', { name: t['premium.unlock'] }).click();
    await page.waitForURL(new RegExp(`${prefix(lang)}/login$`));
    // Come to unlock a result: the page says what happens to it, and opens on sign-up.
    await expect(page.getByTestId('login-context')).toHaveText(t['login.context.iq.pay']);
    await expect(page.getByRole('heading', { level: 1, name: t['login.signup.title'] })).toBeVisible();
    await signUpOnForm(
      page,
      lang,
      { email: address, fullName: lang === 'uk' ? 'Олена Коваль' : 'Olena Koval' },
      { opensInSignUp: true },
    );
    // Says where it goes: back to the result, not to the profile.
    await expect(page.getByRole('status').filter({ hasText: t['login.signup.success.result'] })).toBeVisible();

    await page.waitForURL(new RegExp(`${prefix(lang)}/results\\?id=[0-9a-f-]{36}$`), { timeout: 15_000 });
    await expect(page.getByTestId('iq-estimate')).toHaveText(iq!);
    // The result says it is in the account now (once: not on the next visit below).
    await expect(page.getByTestId('just-saved')).toHaveText(t['success.save.iq.test']);
    await expect(page.locator('[data-auth-link]')).toHaveText(t['nav.profile']);

    await page.goto(`${prefix(lang)}/profile`);
    await expect(
      page.getByRole('heading', { level: 1, name: lang === 'uk' ? 'Олена Коваль' : 'Olena Koval' }),
    ).toBeVisible();
    await page.getByRole('tab', { name: t['profile.tab.history'] }).click();
    const entry = page.getByRole('tabpanel').getByRole('link', { name: new RegExp(`IQ ${iq}`) });
    await expect(entry).toBeVisible();
    await expect(entry).toHaveAttribute('href', new RegExp(`^${prefix(lang)}/results\\?id=`));

    await page.getByRole('button', { name: t['profile.signout'] }).click();
    await page.waitForURL(new RegExp(`${prefix(lang) || ''}/?$`));
    await expect(page.locator('[data-auth-link]')).toHaveText(t['nav.signin']);

    await signInOnForm(page, lang, { email: address, password: PASSWORD });
    await page.waitForURL(new RegExp(`${prefix(lang)}/profile$`), { timeout: 15_000 });
    await page.getByRole('tab', { name: t['profile.tab.history'] }).click();
    await expect(page.getByRole('tabpanel').getByRole('link', { name: new RegExp(`IQ ${iq}`) })).toBeVisible();
    await page
      .getByRole('tabpanel')
      .getByRole('link', { name: new RegExp(`IQ ${iq}`) })
      .click();
    await expect(page.getByTestId('iq-estimate')).toHaveText(iq!);
    await expect(page.getByTestId('just-saved')).toHaveCount(0);
  });
}

test('a signed-in career test is saved, and the banner says so', async ({ page, account: _ }) => {
  await page.goto('/professional-test');
  await page.getByRole('button', { name: TEXT.uk.start }).click();
  await answerCareer(page, 'uk', CAREER_CORE, pointsFor(7));
  await page.waitForURL(/\/professional-results(\?id=[\w-]+)?$/, { timeout: 15_000 });
  await expect(page.getByText(uk['success.save.professional.test'])).toBeVisible();
  await expect(page.getByTestId('personality-type')).toHaveText('Генератор');
  await page.goto('/profile');
  await page.getByRole('tab', { name: uk['profile.tab.history'] }).click();
  await expect(page.getByRole('tabpanel').getByRole('link', { name: /Генератор/ })).toBeVisible();
});

test('signing up with no result to go back to says it opens the profile, and does', async ({ page }) => {
  await page.goto('/eng/login');
  await signUpOnForm(page, 'en', { email: freshEmail('to-profile') });
  await expect(page.getByRole('status').filter({ hasText: en['login.signup.success'] })).toBeVisible();
  await page.waitForURL(/\/eng\/profile$/, { timeout: 15_000 });
});

test('come from a result, sign-in is one click from the sign-up form and stays chosen on reload; a plain visit has no context', async ({
  page,
}) => {
  const scored = await page.request.post('/api/tests/iq/score', { data: await carefulIqSheet(page.request, 'en') });
  expect(scored.status()).toBe(200);
  await page.goto('/eng/');
  const stored = await scored.json();
  await page.evaluate((value) => sessionStorage.setItem('tempTestResult', JSON.stringify(value)), stored);
  await page.goto('/eng/results');
  await page.getByRole('button', { name: en['premium.unlock'] }).click();
  await page.waitForURL(/\/eng\/login$/);
  await expect(page.getByLabel(en['login.fullName'])).toBeVisible();
  expect((await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations).toEqual([]);

  await page.getByRole('button', { name: en['login.signin.title'] }).click();
  await expect(page.getByRole('heading', { level: 1, name: en['login.signin.title'] })).toBeVisible();
  await expect(page.getByTestId('login-context')).toHaveText(en['login.context.iq.pay']);
  await expect(page).toHaveURL(/\/eng\/login\?mode=signin$/);
  await page.reload();
  await expect(page.getByTestId('login-context')).toHaveText(en['login.context.iq.pay']);
  await expect(page.getByRole('heading', { level: 1, name: en['login.signin.title'] })).toBeVisible();
  await expect(page.getByLabel(en['login.fullName'])).toBeHidden();

  // A sign-in asked for with nothing to go back to: no context, and sign-in as before.
  const plain = await page.context().newPage();
  await plain.goto('/eng/login');
  await plain.locator('astro-island[component-url*="LoginApp"]:not([ssr])').waitFor({ state: 'attached' });
  await expect(plain.getByRole('button', { name: en['login.signup.title'] })).toBeVisible();
  await expect(plain.getByRole('heading', { level: 1, name: en['login.signin.title'] })).toBeVisible();
  await expect(plain.getByTestId('login-context')).toBeHidden();
});

test('"Sign up" clicked before the page has come to life still opens the sign-up form', async ({ page }) => {
  // The island's script waits until the click is made: until then the page is its server HTML alone.
  let release!: () => void;
  const clicked = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/LoginApp\.[\w-]+\.js$/, async (route) => {
    await clicked;
    await route.continue();
  });
  await page.goto('/eng/login', { waitUntil: 'domcontentloaded' });
  expect(await page.locator('astro-island[component-url*="LoginApp"]').getAttribute('ssr')).not.toBeNull();
  await page.getByRole('button', { name: en['login.signup.title'] }).click();
  release();
  await page.waitForURL(/\/eng\/login\?mode=signup$/);
  await expect(page.getByRole('heading', { level: 1, name: en['login.signup.title'] })).toBeVisible();
  await expect(page.getByLabel(en['login.fullName'])).toBeVisible();
  // And back, now hydrated, without a reload.
  await page.getByRole('button', { name: en['login.signin.title'] }).click();
  await expect(page.getByLabel(en['login.fullName'])).toBeHidden();
  await expect(page).toHaveURL(/\/eng\/login$/);
});

test('without Google sign-in the page says so, with no "or" before it', async ({ page }) => {
  await page.route('**/api/auth/providers', (route) => route.fulfill({ json: { google: false } }));
  await page.goto('/eng/login');
  await expect(page.getByText(en['auth.error.google.not_configured'])).toBeVisible();
  await expect(page.locator('.divider')).toHaveCount(0);
  await page.unroute('**/api/auth/providers');
  await page.reload();
  await expect(page.locator('.google-button')).toBeVisible();
  await expect(page.locator('.divider')).toHaveText(en['login.or']);
});

test('sign-in errors are shown in the page language, and the form toggles clear them', async ({ page }) => {
  await page.goto('/eng/login');
  await page.getByRole('button', { name: en['login.signin.submit'] }).click();
  await expect(page.getByRole('alert')).toHaveText(en['auth.error.fill.fields']);
  await page.getByLabel(en['login.email']).fill(freshEmail('nobody'));
  await page.getByLabel(en['login.password']).fill('whatever');
  await page.getByRole('button', { name: en['login.signin.submit'] }).click();
  await expect(page.getByRole('alert')).toHaveText(en['auth.error.invalid']);
  await page.getByRole('button', { name: en['login.signup.title'] }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByLabel(en['login.password']).fill('123');
  await page.getByRole('button', { name: en['login.signup.submit'] }).click();
  await expect(page.getByRole('alert')).toHaveText(en['auth.error.password.length']);
  await expect(page.getByRole('link', { name: en['login.google'] })).toBeVisible();
  expect((await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations).toEqual([]);
});

test('an error marks the fields it is about, points them at it and takes the focus there; editing a field clears its mark', async ({
  page,
  request,
}) => {
  const email = page.getByLabel(en['login.email']);
  const password = page.getByLabel(en['login.password']);
  const error = page.getByRole('alert');
  const marked = async (field: typeof email) => {
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    const id = await error.getAttribute('id');
    await expect(field).toHaveAttribute('aria-errormessage', id!);
    expect((await field.getAttribute('aria-describedby'))!.split(' ')).toContain(id);
  };
  const unmarked = async (field: typeof email) => {
    await expect(field).not.toHaveAttribute('aria-invalid', /.*/);
    await expect(field).not.toHaveAttribute('aria-errormessage', /.*/);
  };
  await page.goto('/eng/login');
  await page.getByRole('button', { name: en['login.signin.submit'] }).click();
  await expect(error).toHaveText(en['auth.error.fill.fields']);
  await marked(email);
  await marked(password);
  await expect(email).toBeFocused();
  await email.fill(freshEmail('nobody'));
  await unmarked(email);
  await marked(password);
  await page.getByRole('button', { name: en['login.signin.submit'] }).click();
  await expect(error).toHaveText(en['auth.error.fill.fields']);
  await unmarked(email);
  await marked(password);
  await expect(password).toBeFocused();
  // The server's "wrong email or password" is about both.
  await password.fill('whatever');
  await page.getByRole('button', { name: en['login.signin.submit'] }).click();
  await expect(error).toHaveText(en['auth.error.invalid']);
  await marked(email);
  await marked(password);
  await expect(email).toBeFocused();

  // Sign-up: an address mail providers would refuse, a short password (its hint still described), a taken address.
  await page.getByRole('button', { name: en['login.signup.title'] }).click();
  await unmarked(email);
  await unmarked(password);
  await email.fill('not-an-address');
  await password.fill('secret1');
  await page.getByRole('button', { name: en['login.signup.submit'] }).click();
  await expect(error).toHaveText(en['auth.error.email.invalid']);
  await marked(email);
  await unmarked(password);
  await expect(email).toBeFocused();
  await email.fill(freshEmail('short'));
  await password.fill('123');
  await page.getByRole('button', { name: en['login.signup.submit'] }).click();
  await expect(error).toHaveText(en['auth.error.password.length']);
  await marked(password);
  await expect(password).toHaveAttribute('aria-describedby', /(^| )password-hint( |$)/);
  await expect(password).toBeFocused();
  const taken = await signUpByApi(request);
  await email.fill(taken.email);
  await password.fill(PASSWORD);
  await page.getByRole('button', { name: en['login.signup.submit'] }).click();
  await expect(error).toHaveText(en['auth.error.exists']);
  await marked(email);
  await unmarked(password);
  await expect(email).toBeFocused();
  expect((await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations).toEqual([]);
});

test('on a phone, the field an error focuses is not hidden under the sticky header', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // Come from a result: the context line above the form puts the submit button a screen below the address.
  await page.goto('/eng/');
  await page.evaluate(() => {
    sessionStorage.setItem('returnUrlAfterAuth', JSON.stringify('/eng/results'));
    sessionStorage.setItem('testTypeBeforeAuth', JSON.stringify('iq'));
  });
  await page.goto('/eng/login');
  await page.getByRole('button', { name: en['login.signup.submit'] }).click();
  await expect(page.getByLabel(en['login.email'])).toBeFocused();
  const header = (await page.getByRole('banner').boundingBox())!;
  const label = (await page.locator('label[for="email"]').boundingBox())!;
  expect(label.y).toBeGreaterThanOrEqual(header.y + header.height);
});

for (const lang of ['uk', 'en'] as Lang[]) {
  test(`${lang}: when Google finds a password account, the page asks for the password and then goes back to Google to link`, async ({
    page,
    request,
  }) => {
    const t = dict[lang];
    // Through the test's own request context: the page itself stays signed out.
    const { email: address, password } = await signUpByApi(request);
    await page.goto(`${prefix(lang)}/login?error=password_first`);
    await expect(page.getByRole('alert')).toHaveText(t['auth.error.google.password_first']);
    await page.getByLabel(t['login.email']).fill(address);
    await page.getByLabel(t['login.password']).fill(password);
    const toGoogle = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/auth/google');
    await page.getByRole('button', { name: t['login.signin.submit'] }).click();
    expect(new URL((await toGoogle).url()).searchParams.get('lang')).toBe(lang);
  });

  test(`${lang}: the mailing list is offered at sign-up, unticked, and ticked by keyboard`, async ({ page }) => {
    const t = dict[lang];
    await page.goto(`${prefix(lang)}/login`);
    await expect(page.getByLabel(t['login.mailingList'])).toBeHidden();
    await page.getByRole('button', { name: t['login.signup.title'] }).click();
    const box = page.getByRole('checkbox', { name: t['login.mailingList'] });
    await expect(box).not.toBeChecked();
    await box.focus();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
    // The form moves on 2 s after its success message, sooner than axe may finish on a busy machine: that navigation
    // gets a 204 (the page stays for axe), and is followed once axe is done.
    const isCallback = (url: URL) => url.pathname.endsWith('/auth/callback');
    const onward = page.waitForRequest((r) => isCallback(new URL(r.url())));
    await page.route(isCallback, (route) => route.fulfill({ status: 204 }));
    const signup = page.waitForRequest((r) => r.url().endsWith('/api/auth/signup'));
    await page.getByLabel(t['login.email']).fill(freshEmail('news'));
    await page.getByLabel(t['login.password']).fill('secret1');
    await page.getByRole('button', { name: t['login.signup.submit'] }).click();
    expect((await signup).postDataJSON()).toMatchObject({ mailingList: true, lang });
    expect((await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations).toEqual(
      [],
    );
    const callback = (await onward).url();
    await page.unroute(isCallback);
    // On a loaded machine the held navigation can still be settling, and this one is then "interrupted by another
    // navigation" to the same address (a CI-like run): that one goes on to the same place, which is what is awaited.
    await page.goto(callback).catch((error: unknown) => {
      if (!/interrupted by another navigation/.test(String(error))) throw error;
    });
    // With nowhere to go back to, a new account lands on its profile.
    await page.waitForURL(new RegExp(`${prefix(lang)}/profile$`), { timeout: 15_000 });
  });
}

test('the profile asks a visitor to sign in', async ({ page }) => {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: uk['profile.signin.title'] })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: uk['nav.signin'] })).toHaveAttribute('href', '/login');
});

test('the profile tabs work by keyboard and axe finds nothing', async ({ page, account: _ }) => {
  await page.goto('/eng/profile');
  await expect(page.getByText(en['profile.empty'])).toBeVisible();
  await expect(page.getByRole('link', { name: en['profile.firstTest'] })).toHaveAttribute('href', '/eng/iq');
  await expect(page.locator('.facts').getByText('?').first()).toBeVisible();
  // The "?" is explained: under the figures, and to a screen reader in its place.
  await expect(page.getByText(en['profile.stats.lockedNote'])).toBeVisible();
  await expect(page.locator('.facts dd').nth(2)).toHaveText(new RegExp(en['profile.stats.locked']));
  await page.getByRole('tab', { name: en['profile.tab.overview'] }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: en['profile.tab.history'] })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: en['profile.tab.achievements'] })).toBeFocused();
  await expect(page.getByRole('tabpanel').getByText(en['achievement.firstTest.title'])).toBeVisible();
  expect((await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations).toEqual([]);
});

test('the profile overview and achievements show SVG icons, not emoji, in both languages', async ({
  page,
  account: _,
}) => {
  // One saved IQ result: an unlocked achievement (medal) beside locked ones (lock), and the premium gate (lock).
  await saveIqResult(page);
  for (const lang of ['uk', 'en'] as Lang[]) {
    const t = dict[lang];
    await page.goto(`${prefix(lang)}/profile`);
    await expect(page.getByRole('tabpanel').getByText(t['achievement.firstTest.title'])).toBeVisible();
    await expect(page.getByRole('tabpanel').getByText(t['premium.feature'])).toBeVisible();
    expect(emojiIn(await page.locator('body').innerText()), `${lang} overview`).toEqual([]);
    await page.getByRole('tab', { name: t['profile.tab.achievements'] }).click();
    await expect(page.getByRole('tabpanel').getByText(t['achievement.gifted.title'])).toBeVisible();
    // "Genius (140+)" is not offered as still ahead: no 20-question form reads that high, and the tab says so with
    // the highest figure one gives (a perfect sheet's, 134 on the provisional scale).
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('heading', { name: t['profile.achievements.outOfReach'] })).toBeVisible();
    await expect(panel.getByText(t['profile.achievements.outOfReach.text'].replace('{n}', '134'))).toBeVisible();
    await expect(panel.locator('ul').last().getByText(t['achievement.genius.title'])).toBeVisible();
    expect(emojiIn(await page.locator('body').innerText()), `${lang} achievements`).toEqual([]);
  }
});

test('each recent test in the profile is one card-sized link, reached by keyboard, with a focus ring', async ({
  page,
  account: _,
}) => {
  await saveIqResult(page);
  await page.goto('/eng/profile');
  const item = page.getByRole('tabpanel').locator('.history > li').first();
  const link = item.getByRole('link', { name: /^IQ \S+/ });
  await expect(link).toHaveAttribute('href', /^\/eng\/results\?id=/);
  const [cardBox, linkBox] = [(await item.boundingBox())!, (await link.boundingBox())!];
  expect(Math.abs(cardBox.width - linkBox.width) + Math.abs(cardBox.height - linkBox.height)).toBeLessThan(2);

  await page.getByRole('button', { name: en['premium.unlock'] }).focus();
  await page.keyboard.press('Tab');
  await expect(link).toBeFocused();
  const ring = await link.evaluate((el) => getComputedStyle(el).outlineStyle + ' ' + getComputedStyle(el).outlineWidth);
  expect(ring).toMatch(/^solid [2-9]/);

  const border = () => link.evaluate((el) => getComputedStyle(el).borderColor);
  const still = await border();
  await link.hover();
  await expect.poll(border).not.toBe(still);
  // A click anywhere on the card opens the result, not only on its words.
  const box = (await item.boundingBox())!;
  await page.mouse.click(box.x + box.width - 8, box.y + box.height / 2);
  await page.waitForURL(/\/eng\/results\?id=/);
});

test('the profile tabs follow the WAI-ARIA tabs pattern: arrows wrap, Home and End, roving tabindex, real panels', async ({
  page,
  account: _,
}) => {
  await page.goto('/profile');
  const tabs = page.getByRole('tablist', { name: uk['profile.tabs'] }).getByRole('tab');
  await expect(tabs).toHaveCount(4);
  const names = ['overview', 'history', 'achievements', 'settings'].map(
    (key) => uk[`profile.tab.${key}` as keyof typeof uk],
  );
  const expectSelected = async (i: number) => {
    for (let j = 0; j < 4; j++) {
      const tab = tabs.nth(j);
      await expect(tab, names[j]).toHaveAttribute('aria-selected', String(i === j));
      await expect(tab, names[j]).toHaveAttribute('tabindex', i === j ? '0' : '-1');
      // Every tab controls a panel that exists, labelled by the tab, shown only while its tab is selected.
      const panel = page.locator(`#${await tab.getAttribute('aria-controls')}`);
      await expect(panel, names[j]).toHaveAttribute('role', 'tabpanel');
      await expect(panel, names[j]).toHaveAttribute('aria-labelledby', (await tab.getAttribute('id'))!);
      if (i === j) await expect(panel, names[j]).toBeVisible();
      else await expect(panel, names[j]).toBeHidden();
    }
    await expect(tabs.nth(i)).toBeFocused();
  };
  await tabs.first().focus();
  for (const [key, selected] of [
    ['ArrowLeft', 3],
    ['ArrowLeft', 2],
    ['Home', 0],
    ['End', 3],
    ['ArrowRight', 0],
    ['ArrowRight', 1],
  ] as const) {
    await page.keyboard.press(key);
    await expectSelected(selected);
  }
  await expect(page.getByRole('tabpanel')).toContainText(uk['profile.history.iq']);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tabpanel')).toBeFocused();
});

test('the profile lists a career result between two types as that tie, and with premium both types alike', async ({
  page,
  account: _,
}) => {
  // Through the browser's own requests: the sitting is bound to its visitor cookie.
  const asResponse = async (r: Awaited<ReturnType<Page['request']['get']>>) =>
    new Response(await r.text(), { status: r.status() });
  const sitting = await takeCareerSitting(async (path) => asResponse(await page.request.get(path)), 'en');
  const sheet = await careerSheetFor(
    async (path, body) => asResponse(await page.request.post(path, { data: body })),
    sitting,
    (type) => type === 2 || type === 6,
  );
  expect((await page.request.post('/api/tests/professional/score', { data: sheet })).status()).toBe(200);
  await page.goto('/eng/profile');
  await page.getByRole('tab', { name: en['profile.tab.history'] }).click();
  const entry = page.getByRole('tabpanel').locator('.history > li').first();
  await expect(entry).toContainText(`Coordinator and Analyst · ${en['profile.history.career.between']}`);
  await expect(entry).not.toContainText(en['results.career.primary']);
  expect((await page.request.post('/api/promo', { data: { promoCode: 'ROZUM-DEMO' } })).status()).toBe(200);
  await page.reload();
  await page.getByRole('tab', { name: en['profile.tab.history'] }).click();
  // Each type's own professions, named by the type.
  await expect(entry).toContainText(`Coordinator — ${en['results.career.professions']}: `);
  await expect(entry).toContainText(`Analyst — ${en['results.career.professions']}: `);
});
