/**
 * Signing up and in, for every suite: an API test's Client (its cookie jar keeps the session), and a Playwright
 * page, through the API (the page's request context shares its cookies) or through the sign-in page's form where
 * the form is part of what a test proves. Tests whose subject is the sign-up or sign-in request itself send it.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import uk from '../../src/i18n/uk.json' with { type: 'json' };
import en from '../../src/i18n/en.json' with { type: 'json' };
import { Client, uniqueEmail } from './client.ts';

export const PASSWORD = 'secret1';

export interface Account {
  email: string;
  password: string;
}

export interface SignUpFields {
  email?: string;
  password?: string;
  fullName?: string;
  mailingList?: boolean;
  lang?: 'uk' | 'en';
}

const signUpBody = (fields: SignUpFields) => ({
  ...fields,
  email: fields.email ?? uniqueEmail(),
  password: fields.password ?? PASSWORD,
});

/** Signs `client` up as a new user (POST /api/auth/signup): its jar then holds the session. Anything but 201 throws. */
export async function signUp(client: Client, fields: SignUpFields = {}): Promise<Account> {
  const body = signUpBody(fields);
  const res = await client.post('/api/auth/signup', body);
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  return { email: body.email, password: body.password };
}

/** A new client of the server at `base`, signed up as a new user. */
export async function signedUp(base: string, fields: SignUpFields = {}): Promise<Client> {
  const client = new Client(base);
  await signUp(client, fields);
  return client;
}

/**
 * Signs up through the API from a Playwright request context. With `page.request` (or `context.request`) the session
 * and the signed-in hint cookie land in that browser context's jar, so its pages open signed in. Playwright's requests
 * carry neither Origin nor Sec-Fetch-Site, so the cross-site guard lets them through as a same-origin fetch.
 */
export async function signUpByApi(request: APIRequestContext, fields: SignUpFields = {}): Promise<Account> {
  const body = signUpBody(fields);
  const res = await request.post('/api/auth/signup', { data: body });
  if (res.status() !== 201) throw new Error(`sign-up answered ${res.status()}: ${await res.text()}`);
  return { email: body.email, password: body.password };
}

const TEXTS = { uk, en } as const;

/**
 * On the sign-in page: turns to the sign-up form (or, come from a result, `opensInSignUp`, waits for the page to open
 * on it by itself), fills it in and creates the account.
 */
export async function signUpOnForm(
  page: Page,
  lang: 'uk' | 'en',
  fields: { email: string; fullName?: string },
  { opensInSignUp = false } = {},
) {
  const t = TEXTS[lang];
  if (opensInSignUp) await page.getByRole('button', { name: t['login.signup.submit'] }).waitFor();
  else await page.getByRole('button', { name: t['login.signup.title'] }).click();
  if (fields.fullName) await page.getByLabel(t['login.fullName']).fill(fields.fullName);
  await page.getByLabel(t['login.email']).fill(fields.email);
  await page.getByLabel(t['login.password']).fill(PASSWORD);
  await page.getByRole('button', { name: t['login.signup.submit'] }).click();
}

/** Opens the sign-in page in `lang` and signs in through its form. */
export async function signInOnForm(page: Page, lang: 'uk' | 'en', account: Account) {
  const t = TEXTS[lang];
  await page.goto(`${lang === 'en' ? '/eng' : ''}/login`);
  await page.getByLabel(t['login.email']).fill(account.email);
  await page.getByLabel(t['login.password']).fill(account.password);
  await page.getByRole('button', { name: t['login.signin.submit'] }).click();
}
