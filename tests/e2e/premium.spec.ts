import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import uk from '../../src/i18n/uk.json' with { type: 'json' };
import en from '../../src/i18n/en.json' with { type: 'json' };
import { t as tr } from '../../src/i18n/index.ts';
import { expect, freshEmail, test } from './fixtures.ts';
import { signUpOnForm } from '../support/accounts.ts';
import { serviceCallback } from '../support/wayforpay.ts';
import { answerQuestions, iqForm, pointsFor, prefix, scoreCareerSitting, TEXT, type Lang } from './helpers.ts';

test.describe.configure({ timeout: 150_000 });
const dict = { uk, en };
/** WayForPay's service callback on an order, signed as WayForPay signs it, delivered to the site. */
const callback = (page: Page, orderReference: string, transactionStatus: string) =>
  page.request.post('/api/payments/wayforpay', { data: serviceCallback(orderReference, transactionStatus) });

for (const lang of ['uk', 'en'] as Lang[]) {
  test(`${lang}: a signed-in user's "Get all results" on the profile opens the payment modal there, and paying unlocks it`, async ({
    page,
    account,
  }) => {
    void account; // signed in, without premium
    const t = dict[lang];
    const p = prefix(lang);
    await page.goto(`${p}/profile`);
    await page.getByRole('button', { name: t['premium.unlock'] }).first().click();
    const modal = page.getByRole('dialog', { name: t['payment.title'] });
    await expect(modal).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(`${p}/profile`);
    await modal.getByLabel(t['payment.fullName']).fill(lang === 'uk' ? 'Петро Іваненко' : 'Petro Ivanenko');
    await modal.getByLabel(t['payment.phone']).fill('+380501234567');
    await modal.getByRole('checkbox', { name: new RegExp(t['payment.consent.offer']) }).check();
    await modal.getByRole('button', { name: t['payment.submit'] }).click();
    await page.waitForURL(/\/api\/payments\/test\/GP/);
    await page.getByRole('button', { name: t['testpay.approve'] }).click();
    await expect(page.getByRole('heading', { name: t['paymentResult.approved.title'] })).toBeVisible();
    // The move on can be turned off (WCAG 2.2.1): the page stays past its 5 s, focus on the way on.
    await page.getByRole('button', { name: t['paymentResult.stay'] }).click();
    await expect(page.getByText(t['paymentResult.stayed'])).toBeVisible();
    await expect(page.getByRole('link', { name: t['paymentResult.view'] })).toBeFocused();
    await page.waitForTimeout(6_500);
    expect(new URL(page.url()).pathname).toBe(`${p}/payment-result`);
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`${p}/profile$`), { timeout: 15_000 });
    await expect(page.getByText(tr(lang, 'profile.premium.active', { n: 30 }))).toBeVisible();
    await expect(page.getByRole('button', { name: t['premium.unlock'] })).toHaveCount(0);
  });

  test(`${lang}: a visitor unlocks the full IQ result by paying, then cancels renewal from the profile`, async ({
    page,
  }) => {
    const t = dict[lang];
    const p = prefix(lang);
    await page.goto(`${p}/iq`);
    await page.getByRole('button', { name: TEXT[lang].start }).click();
    await answerQuestions(page, lang, 20, (i) => i % 6);
    await page.waitForURL(new RegExp(`${p}/results$`), { timeout: 15_000 });
    await expect(page.getByText(t['premium.feature']).first()).toBeVisible();

    await page.getByRole('button', { name: t['premium.unlock'] }).click();
    await page.waitForURL(new RegExp(`${p}/login$`));
    await signUpOnForm(page, lang, { email: freshEmail(`premium.${lang}`) }, { opensInSignUp: true });
    await page.waitForURL(new RegExp(`${p}/results\\?id=`), { timeout: 15_000 });
    const resultUrl = page.url();

    // The purchase the visitor started goes on after signing up: the payment modal is open again, with no
    // countdown (a price "held" for minutes would hold nothing).
    const modal = page.getByRole('dialog', { name: t['payment.title'] });
    await expect(modal).toBeVisible();
    await expect(modal.getByText(t['payment.terms'])).toBeVisible();
    await expect(modal.getByRole('timer')).toHaveCount(0);
    // Signed up without a name: the form asks for one rather than offering the address's start.
    await expect(modal.getByLabel(t['payment.fullName'])).toHaveValue('');
    await modal.getByLabel(t['payment.fullName']).fill('');
    // An empty submit says everything missing at once, each under its field, and starts at the first.
    await modal.getByRole('button', { name: t['payment.submit'] }).click();
    const nameField = modal.getByLabel(t['payment.fullName']);
    await expect(nameField).toBeFocused();
    await expect(nameField).toHaveAttribute('aria-invalid', 'true');
    await expect(nameField).toHaveAccessibleDescription(new RegExp(t['payment.error.fullName'].slice(0, 20)));
    await expect(modal.getByLabel(t['payment.phone'])).toHaveAttribute('aria-invalid', 'true');
    await expect(modal.getByText(t['payment.error.phone'])).toBeVisible();
    await expect(modal.getByText(t['payment.error.consent'])).toBeVisible();
    const name = lang === 'uk' ? 'Петро Іваненко' : 'Petro Ivanenko';
    await modal.getByLabel(t['payment.fullName']).fill(name);
    await modal.getByLabel(t['payment.phone']).fill('+380501234567');
    await expect(modal.getByLabel(t['login.email'])).toHaveAttribute('readonly', '');
    // The subscription is said where it is bought: the price in hryvnias beside the dollars on the Ukrainian site
    // (at the NBU rate our stand-in gives, 41.7236), the public offer and the refund policy linked, and no payment
    // until the payer agrees to them and to the monthly renewal (issue 31).
    if (lang === 'uk')
      await expect(
        modal.getByText(tr('uk', 'payment.price.uah', { amount: 42, date: '' }).split(' на ')[0]),
      ).toBeVisible();
    else await expect(modal.getByText('₴')).toHaveCount(0);
    await expect(modal.getByRole('link', { name: t['payment.consent.offer'] })).toHaveAttribute(
      'href',
      `${p}/legal/offer`,
    );
    await expect(modal.getByRole('link', { name: t['payment.consent.refund'] })).toHaveAttribute(
      'href',
      `${p}/legal/refund`,
    );
    await modal.getByRole('button', { name: t['payment.submit'] }).click();
    await expect(modal.getByText(t['payment.error.consent'])).toBeVisible();
    await expect(modal.getByText(t['payment.error.fullName'])).toHaveCount(0);
    await expect(modal.getByText(t['payment.error.phone'])).toHaveCount(0);
    await expect(page).toHaveURL(resultUrl);
    await modal.getByRole('checkbox', { name: new RegExp(t['payment.consent.offer']) }).check();
    // Ticked, its error goes at once (it does not linger until the next submit).
    await expect(modal.getByText(t['payment.error.consent'])).toHaveCount(0);
    // Signed up without a name: the one typed here is offered for the profile and its certificates, ticked.
    await expect(modal.getByRole('checkbox', { name: t['payment.saveName'] })).toBeChecked();
    await modal.getByRole('button', { name: t['payment.submit'] }).click();

    await page.waitForURL(/\/api\/payments\/test\/GP/);
    await page.getByRole('button', { name: t['testpay.approve'] }).click();
    await page.waitForURL(new RegExp(`${p}/payment-result\\?orderReference=GP`));
    await expect(page.getByRole('heading', { name: t['paymentResult.approved.title'] })).toBeVisible();
    await expect(page.getByText(t['paymentResult.premium30'])).toBeVisible();
    await expect(page.getByText(/\d+ (с|s)\.\.\./)).toBeVisible();
    await page.waitForURL(resultUrl, { timeout: 15_000 });

    await expect(page.getByText(`${t['premium.badge']} · ${tr(lang, 'premium.active', { n: 30 })}`)).toBeVisible();
    await expect(page.getByText(t['iq.category.spatial'])).toBeVisible();
    // The shares leave out the items every form shares (their answers are withheld), and the page says so: they
    // need not agree with the accuracy above (issue 31 audit).
    await expect(page.getByText(tr(lang, 'results.iq.breakdownNote', { n: 4 }))).toBeVisible();
    await expect(page.getByRole('heading', { name: t['review.title'] })).toBeVisible();

    expect((await (await page.request.get('/api/me')).json()).profile.fullName).toBe(name);
    await page.goto(`${p}/profile`);
    await expect(page.getByText(tr(lang, 'profile.premium.active', { n: 30 }))).toBeVisible();
    // A paid subscription names its next charge, and stops renewal on request.
    await expect(page.getByText(t['profile.subscription.nextCharge'].split('{amount}')[0])).toBeVisible();
    await page.getByRole('button', { name: t['profile.cancel'] }).click();
    const confirm = page.getByRole('dialog', { name: t['profile.cancel.title'] });
    await confirm.getByRole('button', { name: t['profile.cancel.confirm'] }).click();
    await expect(page.getByText(tr(lang, 'profile.premium.active', { n: 30 }))).toBeVisible();
    // Said once, with the date, where the card is read out as it changes: not also in a second, near-identical message.
    const said = page.locator('.subscription-card [aria-live="polite"]');
    await expect(said.getByText(t['profile.cancelled'].split('{date}')[0])).toBeVisible();
    await expect(page.locator('.subscription-card .notice')).toHaveCount(0);
    await expect(page.getByRole('button', { name: t['profile.cancel'] })).toHaveCount(0);
    expect((await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations).toEqual(
      [],
    );
    // Changed their mind while premium runs: renewal goes back on, the next charge is named again, and it can be
    // stopped again (issue 31).
    await page.getByRole('button', { name: t['profile.resume'] }).click();
    await expect(said.getByText(t['profile.subscription.nextCharge'].split('{amount}')[0])).toBeVisible();
    await expect(page.getByRole('button', { name: t['profile.resume'] })).toHaveCount(0);
    await expect(page.getByRole('button', { name: t['profile.cancel'] })).toBeVisible();
    await page.reload();
    await expect(page.getByText(t['profile.subscription.nextCharge'].split('{amount}')[0])).toBeVisible();
  });
}

test('a promo code from the profile unlocks premium, and bad codes say why', async ({ page, account: _ }) => {
  await page.goto('/eng/profile');
  const apply = page.getByRole('button', { name: en['profile.promo.apply'] });
  await expect(apply).toBeDisabled();
  await page.getByLabel(en['profile.promo.title']).fill('NOPE');
  await apply.click();
  await expect(page.getByText(en['promo.error.invalid'])).toBeVisible();
  await page.getByLabel(en['profile.promo.title']).fill('rozum-demo');
  await apply.click();
  await expect(page.getByText(tr('en', 'profile.premium.active', { n: 30 }))).toBeVisible();
  await expect(page.locator('.facts').getByText('?')).toHaveCount(0);
  // Premium from a promo code has nothing to renew: its end date, and no "cancel renewal".
  await expect(page.getByText(en['profile.subscription.promoUntil'].split('{date}')[0])).toBeVisible();
  await expect(page.getByRole('button', { name: en['profile.cancel'] })).toHaveCount(0);
});

/** Opens the payment form from the page's "Get all results", fills it in and submits: the test provider's page. */
async function orderThroughForm(page: Page) {
  await page.getByRole('button', { name: uk['premium.unlock'] }).first().click();
  const modal = page.getByRole('dialog', { name: uk['payment.title'] });
  await modal.getByLabel(uk['payment.fullName']).fill('Тест Тестович');
  await modal.getByLabel(uk['payment.phone']).fill('+380501234567');
  await modal.getByRole('checkbox', { name: new RegExp(uk['payment.consent.offer']) }).check();
  await modal.getByRole('button', { name: uk['payment.submit'] }).click();
  await page.waitForURL(/\/api\/payments\/test\/GP/);
  return modal;
}

test('a declined test payment says so, leaves premium off, and "try again" reopens the purchase on the result', async ({
  page,
  account: _,
}) => {
  const form = await iqForm(page.request, 'lang=uk');
  const scored = await page.request.post('/api/tests/iq/score', {
    data: {
      formToken: form.formToken,
      answers: form.questions.map((q: { id: number }) => ({ questionId: q.id, selectedAnswer: 1, timeSpent: 20_000 })),
      timeSpent: 400_000,
      lang: 'uk',
    },
  });
  const { id } = await scored.json();
  await page.goto(`/results?id=${id}`);
  const modal = await orderThroughForm(page);
  // The payment result page renders the same on server and client: no hydration error (React #418) or any other.
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  await page.getByRole('button', { name: uk['testpay.decline'] }).click();
  await expect(page.getByRole('heading', { name: uk['paymentResult.declined.title'] })).toBeVisible();
  // WayForPay's reason for it (the test provider declines as the card's bank does, 1101), in words to act on.
  await expect(page.getByText(uk['paymentResult.reason.bank'])).toBeVisible();
  await expect(page.getByText(uk['paymentResult.support'])).toBeVisible();
  expect(errors).toEqual([]);
  await expect(page.getByRole('link', { name: uk['paymentResult.backToResult'] })).toHaveAttribute(
    'href',
    `/results?id=${id}`,
  );
  await page.getByRole('button', { name: uk['paymentResult.retry'] }).click();
  await page.waitForURL(`**/results?id=${id}`);
  await expect(modal).toBeVisible();
  // Trying again does not ask the name and phone again; the consent is asked again (given for each order).
  await expect(modal.getByLabel(uk['payment.fullName'])).toHaveValue('Тест Тестович');
  await expect(modal.getByLabel(uk['payment.phone'])).toHaveValue('+380501234567');
  await expect(modal.getByRole('checkbox', { name: new RegExp(uk['payment.consent.offer']) })).not.toBeChecked();
  await page.goto('/profile');
  await expect(page.getByText(uk['profile.subscription.inactive'])).toBeVisible();
});

test('a payment declined after starting on the profile is tried again there, the form open', async ({
  page,
  account: _,
}) => {
  await page.goto('/profile');
  const modal = await orderThroughForm(page);
  await page.getByRole('button', { name: uk['testpay.decline'] }).click();
  await expect(page.getByRole('heading', { name: uk['paymentResult.declined.title'] })).toBeVisible();
  await page.getByRole('button', { name: uk['paymentResult.retry'] }).click();
  await page.waitForURL(/\/profile$/);
  await expect(modal).toBeVisible();
  await expect(modal.getByLabel(uk['payment.phone'])).toHaveValue('+380501234567');
  // Taken up once: a reload does not open it again.
  await page.reload();
  await expect(page.getByRole('button', { name: uk['premium.unlock'] }).first()).toBeVisible();
  await expect(modal).toBeHidden();
});

test('a declined renewal shows in the profile, with the date, and no next charge is promised', async ({
  page,
  account: _,
}) => {
  const order = await (
    await page.request.post('/api/payments/checkout', {
      data: { fullName: 'Test Person', phone: '+380501234567', lang: 'en' },
    })
  ).json();
  expect((await callback(page, order.orderReference, 'Approved')).status()).toBe(200);
  expect((await callback(page, `${order.orderReference}_WFPREG-1`, 'Declined')).status()).toBe(200);
  await page.goto('/eng/profile');
  const notice = page.getByText(en['profile.subscription.renewalFailed'].split('{date}')[0]);
  await expect(notice).toBeVisible();
  await expect(notice).not.toContainText('{');
  await expect(page.getByText(en['profile.subscription.nextCharge'].split('{amount}')[0])).toHaveCount(0);
  await expect(page.getByRole('button', { name: en['profile.cancel'] })).toBeVisible();
});

for (const lang of ['uk', 'en'] as Lang[]) {
  test(`${lang}: after premium lapsed on a failed renewal, the profile still offers to stop the schedule that may charge`, async ({
    page,
    account,
  }) => {
    void account;
    const t = dict[lang];
    const order = await (
      await page.request.post('/api/payments/checkout', {
        data: { fullName: 'Test Person', phone: '+380501234567', lang },
      })
    ).json();
    expect((await callback(page, order.orderReference, 'Approved')).status()).toBe(200);
    // The renewal is declined and the first charge refunded: premium has ended, WayForPay's schedule has not.
    expect((await callback(page, `${order.orderReference}_WFPREG-1`, 'Declined')).status()).toBe(200);
    expect((await callback(page, order.orderReference, 'Refunded')).status()).toBe(200);
    await page.goto(`${prefix(lang)}/profile`);
    await expect(page.getByText(t['profile.subscription.renewalFailedEnded'])).toBeVisible();
    await expect(page.getByText(t['profile.subscription.scheduleLive'])).toBeVisible();
    await page.getByRole('button', { name: t['profile.cancel'] }).click();
    const confirm = page.getByRole('dialog', { name: t['profile.cancel.title'] });
    await expect(confirm.getByText(t['profile.cancel.textEnded'])).toBeVisible();
    await confirm.getByRole('button', { name: t['profile.cancel.confirm'] }).click();
    await expect(page.getByText(t['subscription.cancel.successEnded'])).toBeVisible();
    await expect(page.getByRole('button', { name: t['profile.cancel'] })).toHaveCount(0);
    await expect(page.getByText(t['profile.subscription.scheduleLive'])).toHaveCount(0);
  });
}

test.describe('the payment modal on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const lang of ['uk', 'en'] as Lang[]) {
    test(`${lang}: from career results it speaks of the career profile, closes from the top, and asks for any country's number`, async ({
      page,
      account: _,
    }) => {
      const t = dict[lang];
      const sheet = await scoreCareerSitting(page.request, lang, pointsFor(7));
      const { id } = await (await page.request.post('/api/tests/professional/score', { data: sheet })).json();
      await page.goto(`${prefix(lang)}/professional-results?id=${id}`);
      await page.getByRole('button', { name: t['premium.unlock'] }).click();
      const modal = page.getByRole('dialog', { name: t['payment.title'] });
      await expect(modal).toBeVisible();
      for (const n of [1, 2, 3]) {
        await expect(modal.getByText(t[`payment.trust.professional.${n}` as keyof typeof t])).toBeVisible();
        await expect(modal.getByText(t[`payment.trust.iq.${n}` as keyof typeof t])).toHaveCount(0);
      }
      await expect(modal.getByLabel(t['payment.phone'])).toHaveAttribute(
        'placeholder',
        lang === 'en' ? /^\+44 / : /^\+380/,
      );
      // The submit button names the monthly renewal in at most two lines at 390 px, none of it cut off.
      const submit = modal.getByRole('button', { name: t['payment.submit'] });
      const lines = await submit.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
      expect(lines).toBeLessThanOrEqual(2);
      expect(await submit.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      const close = modal.getByRole('button', { name: t['payment.close'] });
      const box = (await close.boundingBox())!;
      expect(box.y + box.height).toBeLessThan(200);
      expect(box.x).toBeGreaterThan(390 / 2);
      await close.click();
      await expect(modal).toBeHidden();
    });
  }
});
