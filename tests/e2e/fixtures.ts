/**
 * Playwright with two more fixtures, used by every spec:
 * - `account`, a fresh user whose session is already in the page's browser context. Tests whose subject is not
 *   signing up or in start there instead of filling the sign-up form (which also waits out its redirect); the
 *   form's own tests keep going through it.
 * - `consoleErrors` (automatic): any error the page logs or throws fails the test — a hydration mismatch, a
 *   script error, a blocked or missing asset. A refused API call is not one: answering 4xx is part of the API's
 *   contract and the page shows it. A test that breaks something on purpose names what it expects with
 *   `test.use({ expectedConsoleErrors: [/…/] })`.
 */
import { expect, test as base, type APIRequestContext } from '@playwright/test';

export { expect };

export interface Account {
  email: string;
  password: string;
}

/** An address no other test, worker or earlier run has used. */
export const freshEmail = (tag: string) => `${tag}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`;

/**
 * Creates an account through the sign-up API. With `page.request` (or `context.request`) the session and the
 * signed-in hint cookie land in that browser context's jar, so its pages open signed in. Playwright's requests
 * carry neither Origin nor Sec-Fetch-Site, so the cross-site guard lets them through as a same-origin fetch.
 */
export async function signUpByApi(request: APIRequestContext, fullName?: string): Promise<Account> {
  const email = freshEmail('e2e');
  const password = 'secret1';
  const res = await request.post('/api/auth/signup', { data: { email, password, fullName } });
  expect(res.status()).toBe(201);
  return { email, password };
}

interface Fixtures {
  fullName: string | undefined;
  account: Account;
  expectedConsoleErrors: RegExp[];
  consoleErrors: void;
}

export const test = base.extend<Fixtures>({
  /** The full name the `account` fixture signs up with (`test.use({ fullName })`); none by default. */
  fullName: [undefined, { option: true }],
  account: async ({ page, fullName }, use) => {
    await use(await signUpByApi(page.request, fullName));
  },
  expectedConsoleErrors: [[], { option: true }],
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
