/**
 * Playwright with two more fixtures, used by every spec:
 * - `account`, a fresh user whose session is already in the page's browser context (signed up through the API,
 *   tests/support/accounts.ts). Tests whose subject is not signing up or in start there instead of filling the
 *   sign-up form (which also waits out its redirect); the form's own tests keep going through it.
 * - `servedEarlier` (automatic): every IQ sitting the page is served is taken as served an hour before
 *   (tests/support/sittings.ts servedEarlier). The server vouches for a sheet's times only as far as its sitting is
 *   old (issue 43), and a test that plays a person reading each item for 20–40 s moves the page's clock, not the
 *   server's. The cap itself is tested in tests/integration/scoring.test.ts with sittings as served.
 * - `consoleErrors` (automatic): any error the page logs or throws fails the test — a hydration mismatch, a
 *   script error, a blocked or missing asset. A refused API call is not one: answering 4xx is part of the API's
 *   contract and the page shows it. A test that breaks something on purpose names what it expects with
 *   `test.use({ expectedConsoleErrors: [/…/] })`.
 */
import { expect, test as base } from '@playwright/test';
import { signUpByApi, type Account } from '../support/accounts.ts';
import { servedEarlier } from '../support/sittings.ts';

export { expect };

/** An address no other test, worker or earlier run has used. */
export const freshEmail = (tag: string) => `${tag}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`;

interface Fixtures {
  fullName: string | undefined;
  account: Account;
  expectedConsoleErrors: RegExp[];
  consoleErrors: void;
  servedEarlier: void;
}

export const test = base.extend<Fixtures>({
  /** The full name the `account` fixture signs up with (`test.use({ fullName })`); none by default. */
  fullName: [undefined, { option: true }],
  account: async ({ page, fullName }, use) => {
    await use(await signUpByApi(page.request, { fullName }));
  },
  expectedConsoleErrors: [[], { option: true }],
  servedEarlier: [
    async ({ page }, use) => {
      await page.route('**/api/tests/iq/form?**', async (route) => {
        const response = await route.fetch();
        if (response.status() !== 200) return route.fulfill({ response });
        const sitting = await response.json();
        // A sitting resumed (a reload, the other language) comes back as the page sent it: taken earlier already.
        const asked = new URL(route.request().url()).searchParams.get('formToken');
        if (sitting.formToken === asked) return route.fulfill({ response, json: sitting });
        await route.fulfill({ response, json: { ...sitting, formToken: servedEarlier(sitting.formToken) } });
      });
      await use();
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      const expected = (text: string) => expectedConsoleErrors.some((pattern) => pattern.test(text));
      page.on('pageerror', (error) => {
        if (!expected(error.message)) errors.push(`${page.url()}: uncaught ${error.message}`);
      });
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const source = message.location().url;
        const text = `${message.text()} (${source})`;
        if (/^Failed to load resource/.test(message.text()) && new URL(source, page.url()).pathname.startsWith('/api/'))
          return;
        if (!expected(text)) errors.push(`${page.url()}: ${text}`);
      });
      await use();
      expect(errors, 'errors in the browser console').toEqual([]);
    },
    { auto: true },
  ],
});
