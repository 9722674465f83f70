import AxeBuilder from '@axe-core/playwright';
import uk from '../../src/i18n/uk.json' with { type: 'json' };
import en from '../../src/i18n/en.json' with { type: 'json' };
import { expect, test } from './fixtures.ts';
import { answerIqCarefully, carefulIqSheet, pointsFor, prefix, scoreCareerSitting, TEXT } from './helpers.ts';
import { printedCode, verifyPath } from '../../src/domain/certificate-code.ts';

test.describe.configure({ timeout: 120_000 });
test.use({ fullName: 'Олена Коваль' });

test('a signed-in user downloads the certificate in the page language, and anyone can verify it', async ({
  page,
  browser,
  account: _,
}) => {
  // At a reader's pace and mostly right: a rushed or guessed sheet earns no certificate.
  await page.clock.install();
  await page.goto('/eng/iq');
  await page.getByRole('button', { name: TEXT.en.start }).click();
  await answerIqCarefully(page, 'en');
  await page.waitForURL(/\/eng\/results(\?id=[\w-]+)?$/, { timeout: 15_000 });
  await page.clock.runFor(3_000);
  const preview = page.getByRole('img', { name: en['certificate.preview'] });
  await expect(preview).toBeVisible({ timeout: 10_000 });
  expect(await preview.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([
    1754, 1240,
  ]);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: en['certificate.download.en'] }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Олена_Коваль_IQ_EN_(\d+|above_\d+|below_\d+)\.png$/);
  // The other language's certificate from the same page: the section promises both.
  const other = page.waitForEvent('download');
  await page.getByRole('button', { name: en['certificate.download.uk'] }).click();
  expect((await other).suggestedFilename()).toMatch(/^Олена_Коваль_IQ_UA_(\d+|above_\d+|below_\d+)\.png$/);

  const id = new URL(`http://x${await preview.getAttribute('src')}`).pathname.split('/').pop();
  const saved = await (await page.request.get(`/api/results/iq/${id}`)).json();
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const stranger = await context.newPage();
  await stranger.goto(`/verify?code=${saved.verificationCode}`);
  await expect(stranger.getByRole('heading', { name: uk['verify.valid.title'] })).toBeVisible();
  await expect(stranger.getByText('Олена Коваль')).toBeVisible();
  expect(
    (await new AxeBuilder({ page: stranger }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations,
  ).toEqual([]);
  await stranger.goto('/eng/verify?code=AAAAA-BBBBB-CCCCC-DDDDD');
  await expect(stranger.getByRole('heading', { name: en['verify.invalid.title'] })).toBeVisible();
  await context.close();
});

test.describe('a holder who gave no name', () => {
  test.use({ fullName: undefined });
  for (const [lang, viewport] of [
    ['uk', { width: 390, height: 844 }],
    ['en', { width: 1280, height: 800 }],
  ] as const) {
    test(`${lang}: is asked for it before the certificate is issued, and the name is then on it (${viewport.width} px)`, async ({
      page,
      account: _,
    }) => {
      await page.setViewportSize(viewport);
      const texts = lang === 'uk' ? uk : en;
      const { id } = await (
        await page.request.post('/api/tests/iq/score', { data: await carefulIqSheet(page.request, lang) })
      ).json();
      // The address is never the name: the server issues nothing until a name is given.
      const refused = await page.request.get(`/api/certificates/${id}?lang=${lang}`);
      expect(refused.status()).toBe(409);
      expect((await refused.json()).error).toBe('certificate.error.name_needed');
      await page.goto(`${prefix(lang)}/results?id=${id}`);
      const section = page.getByRole('region', { name: texts['certificate.title'] });
      await expect(section.getByText(texts['certificate.name.intro'])).toBeVisible();
      await expect(section.getByRole('img', { name: texts['certificate.preview'] })).toHaveCount(0);
      const field = section.getByLabel(texts['certificate.name.label']);
      // Nothing typed: asked for; something that is no name (only a zero-width space): said to be none.
      await section.getByRole('button', { name: texts['certificate.name.save'] }).click();
      await expect(section.getByText(texts['certificate.name.empty'])).toBeVisible();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await field.fill('\u200b.');
      await section.getByRole('button', { name: texts['certificate.name.save'] }).click();
      await expect(section.getByText(texts['certificate.name.invalid'])).toBeVisible();
      expect((await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations).toEqual(
        [],
      );
      await field.fill('Марія Гнатюк');
      await field.press('Enter');
      await expect(section.getByRole('img', { name: texts['certificate.preview'] })).toBeVisible({ timeout: 10_000 });
      const me = await (await page.request.get('/api/me')).json();
      expect(me.profile.fullName).toBe('Марія Гнатюк');
      const download = page.waitForEvent('download');
      await section.getByRole('button', { name: texts[`certificate.download.${lang}`] }).click();
      expect((await download).suggestedFilename()).toMatch(/^Марія_Гнатюк_IQ_/);
    });
  }
});

test('a visitor is invited to sign in for a certificate', async ({ page, request }) => {
  const stored = await (
    await request.post('/api/tests/iq/score', { data: await carefulIqSheet(request, 'uk') })
  ).json();
  await page.goto('/');
  await page.evaluate((value) => sessionStorage.setItem('tempTestResult', JSON.stringify(value)), stored);
  await page.goto('/results');
  await expect(page.getByText(uk['certificate.signin'])).toBeVisible();
  await expect(page.getByRole('button', { name: uk['certificate.download.uk'] })).toHaveCount(0);
});

for (const lang of ['uk', 'en'] as const) {
  test(`${lang}: a rushed result says why it has no certificate and offers a retake, with the restart warning`, async ({
    page,
    request,
  }) => {
    const texts = lang === 'uk' ? uk : en;
    const sheet = await carefulIqSheet(request, lang);
    const rushed = { ...sheet, answers: sheet.answers.map((a) => ({ ...a, timeSpent: 600 })), timeSpent: 15_000 };
    const stored = await (await request.post('/api/tests/iq/score', { data: rushed })).json();
    expect(stored.result.cautions).toContain('too_fast');
    await page.goto(`${prefix(lang)}/`);
    await page.evaluate((value) => sessionStorage.setItem('tempTestResult', JSON.stringify(value)), stored);
    await page.goto(`${prefix(lang)}/results`);
    const section = page.getByRole('region', { name: texts['certificate.title'] });
    await expect(section.getByTestId('certificate-refused')).toHaveText(texts['certificate.error.caution']);
    // The way on is the page's one "start again" (none of the section's own): a visitor is warned before the
    // unsaved result goes.
    await expect(section.getByRole('button')).toHaveCount(0);
    await page.getByRole('button', { name: texts['results.restart'], exact: true }).click();
    const dialog = page.getByRole('dialog', { name: texts['results.restart.title'] });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(texts['results.restart.unsaved']);
    await expect(section.getByText(texts['certificate.signin'])).toHaveCount(0);
    await expect(section.getByRole('button', { name: texts[`certificate.download.${lang}`] })).toHaveCount(0);
  });
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

for (const [lang, viewport] of [
  ['uk', { width: 390, height: 844 }],
  ['en', { width: 1280, height: 800 }],
] as const) {
  test(`the verification page (${lang}, ${viewport.width} px) shows the certificate and leads to its test; a wrong code still offers both tests`, async ({
    page,
    browser,
    account: _,
    baseURL,
  }) => {
    const texts = lang === 'uk' ? uk : en;
    const iq = await (
      await page.request.post('/api/tests/iq/score', { data: await carefulIqSheet(page.request, lang) })
    ).json();
    const pro = await (
      await page.request.post('/api/tests/professional/score', {
        data: await scoreCareerSitting(page.request, lang, pointsFor(4)),
      })
    ).json();
    const codes = {
      iq: (await (await page.request.get(`/api/results/iq/${iq.id}`)).json()).verificationCode as string,
      professional: (await (await page.request.get(`/api/results/professional/${pro.id}`)).json())
        .verificationCode as string,
    };

    const context = await browser.newContext({ baseURL, viewport });
    const stranger = await context.newPage();
    await stranger.addInitScript(() => localStorage.setItem('cookieConsent', 'declined'));
    const errors: string[] = [];
    stranger.on('console', (m) => m.type() === 'error' && errors.push(`${m.text()} (${m.location().url})`));
    stranger.on('pageerror', (error) => errors.push(error.message));
    const axe = async () =>
      expect(
        (await new AxeBuilder({ page: stranger }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations,
      ).toEqual([]);

    for (const kind of ['iq', 'professional'] as const) {
      // The code as printed on the certificate, in groups.
      await stranger.goto(`${prefix(lang)}/verify?code=${printedCode(codes[kind])}`);
      const section = stranger.getByRole('region', { name: texts['verify.valid.title'] });
      await expect(section).toBeVisible();
      const test = texts[`verify.kind.${kind}`];
      const alt = new RegExp(
        `^${escape(texts['verify.preview'])
          .replace('\\{holder\\}', 'Олена Коваль')
          .replace('\\{test\\}', escape(test))
          .replace('\\{result\\}', kind === 'iq' ? 'IQ \\d+' : escape(lang === 'uk' ? 'Творець' : 'Creator'))
          .replace('\\{date\\}', '\\d{1,2} \\S+ 20\\d\\d( р\\.)?')}$`,
      );
      const preview = section.getByRole('img', { name: alt });
      await preview.scrollIntoViewIfNeeded();
      await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1754);
      expect(await preview.getAttribute('src')).toBe(
        `/api/certificates/${kind === 'iq' ? iq.id : pro.id}?lang=${lang}&code=${codes[kind]}`,
      );
      await expect(section.getByText(printedCode(codes[kind]))).toBeVisible();
      const cta = section.getByRole('link', { name: texts[`meta.action.${kind}`] });
      await expect(cta).toHaveAttribute('href', `${prefix(lang)}${kind === 'iq' ? '/iq' : '/professional-test'}`);
      await expect(section.getByRole('link')).toHaveCount(1);
      await axe();
    }

    const wrong = 'AAAAA-BBBBB-CCCCC-DDDDD';
    await stranger.goto(`${prefix(lang)}/verify?code=${wrong}`);
    const invalid = stranger.getByRole('region', { name: texts['verify.invalid.title'] });
    await expect(invalid).toBeVisible();
    await expect(invalid.getByRole('link', { name: texts['meta.action.iq'] })).toHaveAttribute(
      'href',
      `${prefix(lang)}/iq`,
    );
    await expect(invalid.getByRole('link', { name: texts['meta.action.professional'] })).toHaveAttribute(
      'href',
      `${prefix(lang)}/professional-test`,
    );
    await axe();
    // The only error is the browser's own note of the wrong code's 404 answer, which the page turns into its message.
    expect(errors.filter((e) => !e.includes(`/api/certificates/verify/${wrong}`))).toEqual([]);
    await context.close();
  });
}

for (const lang of ['uk', 'en'] as const) {
  test(`${lang}: a code typed on the verification page is checked, and a mistyped one corrected there`, async ({
    page,
    account: _,
  }) => {
    const texts = lang === 'uk' ? uk : en;
    const iq = await (
      await page.request.post('/api/tests/iq/score', { data: await carefulIqSheet(page.request, lang) })
    ).json();
    const code = (await (await page.request.get(`/api/results/iq/${iq.id}`)).json()).verificationCode as string;
    await page.addInitScript(() => localStorage.setItem('cookieConsent', 'declined'));

    await page.goto(`${prefix(lang)}/verify`);
    const missing = page.getByRole('region', { name: texts['verify.missing.title'] });
    await expect(missing.getByLabel(texts['verify.form.label'])).toHaveValue('');
    const printed = printedCode(code);
    const typo = `${printed.slice(0, -1)}${printed.endsWith('A') ? 'B' : 'A'}`;
    await missing.getByLabel(texts['verify.form.label']).fill(typo);
    await missing.getByRole('button', { name: texts['verify.form.submit'] }).click();

    const invalid = page.getByRole('region', { name: texts['verify.invalid.title'] });
    await expect(invalid).toBeVisible();
    const field = invalid.getByLabel(texts['verify.form.label']);
    await expect(field).toHaveValue(typo);
    await field.fill(printed);
    await field.press('Enter');
    await expect(page.getByRole('region', { name: texts['verify.valid.title'] })).toBeVisible();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(verifyPath(lang, code));
  });
}
