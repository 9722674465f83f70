/**
 * Content-Security-Policy: every built page, in both languages, carries the policy (Astro's <meta> with the hashes
 * of its inline scripts and styles, plus the header part) and runs under it without a single violation; the
 * policy is really enforced (a foreign inline script is refused); analytics after consent and WayForPay's widget
 * load under it; pages and the API send COOP and a CSP header.
 */
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Page } from '@playwright/test';
import uk from '../../src/i18n/uk.json' with { type: 'json' };
import en from '../../src/i18n/en.json' with { type: 'json' };
import { cspHash, PAGE_CSP_DIRECTIVES, PAGE_HEADER_CSP } from '../../src/lib/server/security-headers.ts';
import { expect, test } from './fixtures.ts';
import { answerQuestions, TEXT } from './helpers.ts';

/** Every page of the build, read from dist/ so that a new page is covered without touching this file. */
function builtPages(dir = 'dist'): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name !== '_astro') found.push(...builtPages(join(dir, entry.name)));
    else if (entry.name === 'index.html') found.push('/' + relative('dist', dir).split(sep).join('/'));
  }
  return found.sort();
}
const PAGES = builtPages();
test.describe.configure({ mode: 'parallel' });
/** Unknown addresses: they get dist/404.html, and under /eng dist/eng/404.html. */
const NOT_FOUND = ['/no-such-page-csp-probe', '/eng/no-such-page-csp-probe'];

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
  source: string;
  page: string;
}

/**
 * Collects securitypolicyviolation events (in window.__csp, and reported out through a binding so that a redirect
 * loses none) and console messages about Content Security Policy (invalid directives, directives a <meta> ignores).
 */
async function watchCsp(page: Page) {
  const violations: Violation[] = [];
  const console: string[] = [];
  await page.exposeBinding('__reportCsp', (_source, violation: Violation) => void violations.push(violation));
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: unknown[]; __reportCsp: (v: unknown) => void };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      const violation = {
        directive: e.violatedDirective,
        blocked: e.blockedURI,
        sample: e.sample,
        source: `${e.sourceFile}:${e.lineNumber}`,
        page: location.pathname,
      };
      w.__csp.push(violation);
      w.__reportCsp(violation);
    });
  });
  page.on('console', (message) => {
    if (/content[- ]security[- ]policy/i.test(message.text())) console.push(`${message.type()}: ${message.text()}`);
  });
  return { violations, console };
}

/** gtag.js as far as the policy is concerned: it reports a page view to GA4 by beacon, fetch and pixel. */
const FAKE_GTAG = `
  (function () {
    var hit = 'https://region1.google-analytics.com/g/collect?v=2&tid=G-E2ETEST00&en=page_view';
    navigator.sendBeacon(hit + '&via=beacon');
    fetch('https://region1.analytics.google.com/g/collect?v=2&via=fetch', { method: 'POST', mode: 'no-cors', keepalive: true });
    new Image().src = 'https://www.google-analytics.com/g/collect?v=2&via=pixel';
    window.__fakeGtagRan = true;
  })();`;

/**
 * WayForPay's pay-widget.js as far as the policy is concerned (its published source, build 54): its stylesheet from
 * secure.wayforpay.com, an iframe, and a form posted to secure.wayforpay.com/pay into that iframe.
 */
const FAKE_WAYFORPAY = `
  window.Wayforpay = function () {};
  window.Wayforpay.prototype.run = function (fields) {
    var css = document.createElement('link');
    css.rel = 'stylesheet'; css.id = 'wfp-styles';
    css.href = 'https://secure.wayforpay.com/server/pay-widget.min.css?b=54';
    document.head.appendChild(css);
    var container = document.createElement('div');
    container.id = 'wfp-container';
    document.body.appendChild(container);
    var frame = document.createElement('iframe');
    frame.name = 'WFPWidgetFrame'; frame.src = 'about:blank';
    container.appendChild(frame);
    var form = document.createElement('form');
    form.style.cssText = 'display: none;';
    form.action = 'https://secure.wayforpay.com/pay/compact?behavior=frame&build=54';
    form.method = 'POST'; form.target = 'WFPWidgetFrame';
    for (var name in fields) { var input = document.createElement('input'); input.name = name; input.value = fields[name]; form.appendChild(input); }
    container.appendChild(form);
    form.submit();
  };`;

async function fakeThirdParties(page: Page) {
  const google: string[] = [];
  await page.route('https://www.googletagmanager.com/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: FAKE_GTAG }),
  );
  await page.route(/^https:\/\/[^/]*(google-analytics\.com|analytics\.google\.com)\//, (route) => {
    google.push(route.request().url());
    return route.fulfill({ status: 204, body: '' });
  });
  await page.route('https://secure.wayforpay.com/**', (route) => {
    const url = route.request().url();
    if (url.includes('pay-widget.js')) return route.fulfill({ contentType: 'text/javascript', body: FAKE_WAYFORPAY });
    if (url.includes('.css'))
      return route.fulfill({ contentType: 'text/css', body: '.wfp-widget-container{position:fixed}' });
    return route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>WayForPay</title><p id="wfp">pay</p>',
    });
  });
  return google;
}

test('the page list comes from the build and covers both languages', () => {
  expect(PAGES.length).toBeGreaterThan(10);
  expect(PAGES).toContain('/');
  expect(PAGES).toContain('/eng');
  for (const page of PAGES.filter((p) => p !== '/' && !p.startsWith('/eng'))) expect(PAGES).toContain(`/eng${page}`);
});

for (const path of [...PAGES, ...NOT_FOUND]) {
  // A probe of the not-found page: Chromium reports the page's own 404 status as a console error (fixtures.ts).
  test.describe(() => {
    if (NOT_FOUND.includes(path)) test.use({ expectedConsoleErrors: [/status of 404 .*-csp-probe\)$/] });
    test(`${path}: carries the policy and runs without a violation`, async ({ page }) => {
      const csp = await watchCsp(page);
      // The file as served (read apart: some pages move on at once, e.g. /results without a result goes home).
      const res = await page.request.get(path);
      expect(res.status()).toBe(NOT_FOUND.includes(path) ? 404 : 200);
      const html = await res.text();
      const meta = /<meta http-equiv="content-security-policy" content="([^"]+)"/
        .exec(html)?.[1]
        .replaceAll('&#39;', "'");
      expect(meta, "the page has Astro's CSP <meta>").toBeTruthy();
      for (const directive of PAGE_CSP_DIRECTIVES) expect(meta).toContain(directive);
      expect(meta).toMatch(/script-src 'self' [^;]*'sha256-/);
      expect(meta).toMatch(/style-src 'self' [^;]*'sha256-/);
      // Every inline style and script is allowed by its own hash, wherever it sits (even before the <meta>, where
      // today's browsers would not yet apply the policy).
      for (const [, tag, attributes, body] of html.matchAll(/<(style|script)([^>]*)>([\s\S]*?)<\/\1>/g)) {
        if (!body.trim() || /\bsrc=|type="application\/(ld\+)?json"/.test(attributes)) continue;
        expect(meta, `hash of an inline <${tag}>`).toContain(cspHash(body));
      }
      expect(res.headers()['content-security-policy']).toBe(PAGE_HEADER_CSP);
      const opened = (await page.goto(path))!;
      // Islands hydrate, scripts run, the cookie banner comes up after its second.
      await page.waitForLoadState('networkidle');
      if (await page.locator('[data-cookie-banner]').count())
        await expect(page.locator('[data-cookie-banner]')).toBeVisible({ timeout: 3000 });
      await page.waitForTimeout(200);
      expect(csp.violations).toEqual([]);
      expect(csp.console).toEqual([]);
      // The in-page record the init script keeps agrees (the page did not navigate away from the checked document).
      if (new URL(page.url()).pathname === new URL(opened.url()).pathname)
        expect(await page.evaluate(() => (window as unknown as { __csp: unknown[] }).__csp)).toEqual([]);
    });
  });
}

test.describe(() => {
  // The refusal this test provokes is logged by Chromium; that log line is the point (fixtures.ts).
  test.use({ expectedConsoleErrors: [/^Executing inline script violates the following Content Security Policy/] });
  test('the policy is enforced: an injected inline script is refused, and reported', async ({ page }) => {
    const csp = await watchCsp(page);
    await page.goto('/eng/iq');
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.head.appendChild(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return (window as unknown as { __injected?: boolean }).__injected ?? false;
    });
    expect(ran).toBe(false);
    await expect.poll(() => csp.violations.map((v) => v.directive)).toContain('script-src-elem');
  });
});

test('pages and the API send COOP and a Content-Security-Policy header', async ({ request }) => {
  for (const path of ['/eng/iq', '/']) {
    const headers = (await request.get(path)).headers();
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(headers['content-security-policy']).toBe(PAGE_HEADER_CSP);
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  }
  const api = await request.get('/api/health');
  const headers = api.headers();
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  // The API's own policy, set by the function itself (as on Netlify, where netlify.toml headers skip functions).
  expect(headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(headers['x-content-type-options']).toBe('nosniff');
});

test('with cookie consent, analytics loads and reports under the policy through a whole IQ test', async ({ page }) => {
  test.setTimeout(90_000);
  const csp = await watchCsp(page);
  const google = await fakeThirdParties(page);
  await page.goto('/iq');
  const banner = page.getByRole('region', { name: uk['cookies.title'] });
  await expect(banner).toBeVisible({ timeout: 3000 });
  await banner.getByRole('button', { name: uk['cookies.accept'] }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __fakeGtagRan?: boolean }).__fakeGtagRan ?? false))
    .toBe(true);
  await expect.poll(() => google.length).toBe(3);
  await page.getByRole('button', { name: TEXT.uk.start }).click();
  await answerQuestions(page, 'uk', 20, (i) => i % 4);
  await page.waitForURL(/\/results(\?id=[\w-]+)?$/, { timeout: 15_000 });
  await expect(page.getByTestId('iq-estimate')).toBeVisible();
  // gtag.js came again on the result page (consent remembered), and its hits went out.
  await expect.poll(() => google.length).toBe(6);
  const events = await page.evaluate(() =>
    ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? []).map((e) => Array.from(e)[1]),
  );
  expect(events).toContain('view_item');
  await page.waitForLoadState('networkidle');
  expect(csp.violations).toEqual([]);
  expect(csp.console).toEqual([]);
});

test('the WayForPay widget loads, styles itself and opens its payment frame under the policy', async ({ page }) => {
  const csp = await watchCsp(page);
  await fakeThirdParties(page);
  await page.goto('/eng/iq');
  // What PaymentModal does with a real merchant (PAYMENT_PROVIDER=wayforpay): load the widget, then run it.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const script = document.createElement('script');
        script.id = 'widget-wfp-script';
        script.src = 'https://secure.wayforpay.com/server/pay-widget.js';
        script.onload = () => resolve();
        script.onerror = () => reject(new Error('widget refused'));
        document.head.appendChild(script);
      }),
  );
  await page.evaluate(() =>
    new (window as unknown as { Wayforpay: new () => { run(f: Record<string, string>): void } }).Wayforpay().run({
      merchantAccount: 'test_merch_n1',
      orderReference: 'GP-CSP',
    }),
  );
  await expect(page.frameLocator('iframe[name="WFPWidgetFrame"]').locator('#wfp')).toHaveText('pay');
  await expect
    .poll(() => page.evaluate(() => [...document.styleSheets].some((s) => s.href?.includes('pay-widget.min.css'))))
    .toBe(true);
  expect(csp.violations).toEqual([]);
  expect(csp.console).toEqual([]);
});

test("the test payment page (a function's own HTML) keeps its styles and posts its form under its policy", async ({
  page,
  account: _,
}) => {
  const csp = await watchCsp(page);
  const checkout = await page.request.post('/api/payments/checkout', {
    data: { fullName: 'Petro Ivanenko', phone: '+380501234567', testType: 'iq', lang: 'en' },
  });
  expect(checkout.status()).toBe(201);
  const { redirectUrl } = (await checkout.json()) as { redirectUrl: string };
  const res = (await page.goto(redirectUrl))!;
  expect(res.headers()['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-[^ ;]+'; /);
  expect(res.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(res.headers()['cross-origin-opener-policy']).toBe('same-origin');
  const approve = page.getByRole('button', { name: en['testpay.approve'] });
  // Its inline <style> applied: the Approve button is the brand blue.
  await expect(approve).toHaveCSS('background-color', 'rgb(29, 78, 216)');
  await approve.click();
  await page.waitForURL(/\/eng\/payment-result\?orderReference=GP/);
  await expect(page.getByRole('heading', { name: en['paymentResult.approved.title'] })).toBeVisible();
  expect(csp.violations).toEqual([]);
  expect(csp.console).toEqual([]);
});
