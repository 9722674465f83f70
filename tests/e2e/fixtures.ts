/**
 * Playwright with one more fixture: `account`, a fresh user whose session is already in the page's browser context.
 * Tests whose subject is not signing up or in start there instead of filling the sign-up form (which also waits
 * out its redirect); the form's own tests keep going through it.
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

export const test = base.extend<{ fullName: string | undefined; account: Account }>({
  /** The full name the `account` fixture signs up with (`test.use({ fullName })`); none by default. */
  fullName: [undefined, { option: true }],
  account: async ({ page, fullName }, use) => {
    await use(await signUpByApi(page.request, fullName));
  },
});
