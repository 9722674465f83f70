/**
 * Configuration (README, "Configuration"; DESIGN.md §8): one zod schema over process.env, read once, with the
 * local defaults; the production requirements are checked by production.ts against the same values. No other
 * server module reads process.env. Tests that change the environment call resetEnvForTests().
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/** An unset or empty variable is absent. */
const text = z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? v : undefined), z.string().optional());
const number = (fallback: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : undefined),
    z.number().finite().default(fallback),
  );
const withoutSlash = (value: string) => value.replace(/\/+$/, '');

const Schema = z.object({
  PORT: number(8888),
  HOST: text,
  SITE_URL: text,
  DATABASE_URL: text,
  DATABASE_POOL_MAX: number(20),
  /** `true`: DATABASE_URL is a throwaway (a preview's own branch), not production's (production.ts). */
  SCRATCH_DATABASE: text,
  /** Tests: Neon's driver goes through our stand-in for Neon's proxy at this address (tests/support/neon-local.ts). */
  NEON_LOCAL_PROXY: text,
  /** Debug: the local server reports each request's database statements in X-Db-Statements (database/statements.ts). */
  DEBUG_DB_STATEMENTS: text,
  DATA_DIR: text,
  APP_SECRET: text,
  /** How many proxies stand in front of `npm start` (client-address.ts). */
  TRUST_PROXY: text,
  RATE_LIMIT_MULTIPLIER: number(1),
  /** JSON list of promo codes `npm start` creates (tests). */
  ROZUM_SEED_PROMOS: text,
  // Where we run: Netlify (functions on AWS Lambda) and its deploy context; NODE_ENV=production counts too.
  NETLIFY: text,
  AWS_LAMBDA_FUNCTION_NAME: text,
  CONTEXT: text,
  NODE_ENV: text,
  /** Only `test`, set explicitly and where production.ts allows it, runs the test provider; else WayForPay. */
  PAYMENT_PROVIDER: z.enum(['test', 'wayforpay']).optional().catch(undefined),
  WAYFORPAY_MERCHANT_ACCOUNT: text,
  WAYFORPAY_MERCHANT_DOMAIN: text,
  WAYFORPAY_SECRET_KEY: text,
  WAYFORPAY_MERCHANT_PASSWORD: text,
  WAYFORPAY_API_BASE: text,
  GOOGLE_CLIENT_ID: text,
  GOOGLE_CLIENT_SECRET: text,
  GOOGLE_AUTH_ENDPOINT: text,
  GOOGLE_TOKEN_ENDPOINT: text,
  MAILCHIMP_API_KEY: text,
  MAILCHIMP_LIST_ID: text,
  MAILCHIMP_API_BASE: text,
  TELEGRAM_BOT_TOKEN: text,
  TELEGRAM_CHAT_ID: text,
  TELEGRAM_API_BASE: text,
  /** The National Bank of Ukraine's open-data API (the UAH figure beside the USD price); bank.gov.ua by default. */
  NBU_API_BASE: text,
  /** Transactional mail: `smtp://user:pass@host:port` (STARTTLS when offered) or `smtps://…` (TLS from the start). */
  SMTP_URL: text,
  /** The sender of transactional mail, e.g. `Rozum <hello@rozum.example>`. */
  MAIL_FROM: text,
  OPERATOR_NAME: text,
  OPERATOR_ADDRESS: text,
  OPERATOR_CODE: text,
  CONTACT_EMAIL: text,
  PUBLIC_GA_ID: text,
});
export type Env = z.infer<typeof Schema>;

let parsed: Env | null = null;
/** The environment, parsed on first use. */
export const env = (): Env => (parsed ??= Schema.parse(process.env));

const memo = new Map<string, unknown>();
function once<T>(key: string, read: () => T): T {
  if (!memo.has(key)) memo.set(key, read());
  return memo.get(key) as T;
}

/** Netlify runs functions on AWS Lambda; locally we never are. */
export const isHosted = (): boolean => Boolean(env().AWS_LAMBDA_FUNCTION_NAME || env().NETLIFY === 'true');

export const port = (): number => env().PORT;
/** The site's own address: SITE_URL, or this machine's server (the only place this default is written). */
export const siteUrl = (): string => withoutSlash(env().SITE_URL ?? `http://localhost:${port()}`);
export const databaseUrl = (): string | undefined => env().DATABASE_URL;
export const dataDir = (): string => resolve(env().DATA_DIR ?? '.data');

/**
 * The local server's own address when SITE_URL is not set (PORT=0 picks a free port). Callback and redirect URLs
 * are built from siteUrl() alone, never from a request's Host header, which a client can spoof.
 */
export function adoptListeningUrl(url: string): void {
  if (env().SITE_URL) return;
  process.env.SITE_URL = url;
  parsed = null;
}

/** HMAC key. Locally generated once into DATA_DIR so tokens survive restarts; never generated on a host. */
export const appSecret = (): string =>
  once('APP_SECRET', () => {
    const given = env().APP_SECRET;
    if (given) return given;
    if (isHosted())
      throw new Error('APP_SECRET is not set: it is required on a hosted deploy (see README, Configuration).');
    const file = join(dataDir(), 'app-secret');
    if (existsSync(file)) return readFileSync(file, 'utf8').trim();
    mkdirSync(dataDir(), { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  });

/** Forget what was read; tests that change process.env call this. */
export function resetEnvForTests(): void {
  parsed = null;
  memo.clear();
}
