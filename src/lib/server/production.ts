/**
 * The production guard (README, "Deploying"). In production the build and the server refuse to run without the
 * facts pages print (site address, operator, contact), and payments fail closed: never the self-approving test
 * provider, never the WayForPay key published in this repository. Locally nothing is required.
 */
import { env, isHosted, type Env } from './env.ts';
import { jsonError, requestLang } from './http.ts';

/** Netlify's functions do not see CONTEXT at run time; they learn their deploy context from the Netlify global. */
const netlifyDeployContext = (): string | undefined =>
  (globalThis as { Netlify?: { context?: { deploy?: { context?: string } } | null } }).Netlify?.context?.deploy
    ?.context;

/** Netlify's production builds (CONTEXT=production) and functions, or any run with NODE_ENV=production. */
export const isProduction = (): boolean =>
  env().CONTEXT === 'production' || env().NODE_ENV === 'production' || netlifyDeployContext() === 'production';

/** Baked into pages at build time and used by the server: a production site may not fall back to placeholders. */
export const SITE_FACT_VARIABLES = [
  'SITE_URL',
  'OPERATOR_NAME',
  'OPERATOR_ADDRESS',
  'OPERATOR_CODE',
  'CONTACT_EMAIL',
] as const;
export const WAYFORPAY_VARIABLES = [
  'WAYFORPAY_MERCHANT_ACCOUNT',
  'WAYFORPAY_MERCHANT_DOMAIN',
  'WAYFORPAY_SECRET_KEY',
  'WAYFORPAY_MERCHANT_PASSWORD',
] as const;

export type GuardedRun = 'build' | 'server';

const unset = (name: keyof Env): boolean => !env()[name];

/** The variables a production build or server lacks, in a fixed order; always none locally. */
export function missingProductionConfig(kind: GuardedRun): string[] {
  if (!isProduction()) return [];
  // A hosted server must not invent its HMAC key: each function instance would sign with a different one.
  const required: (keyof Env)[] =
    kind === 'server' && isHosted() ? [...SITE_FACT_VARIABLES, 'APP_SECRET'] : [...SITE_FACT_VARIABLES];
  return required.filter(unset);
}

/** One message naming every missing variable, so a deploy is fixed in one pass. */
export function productionConfigMessage(kind: GuardedRun, missing: string[]): string {
  const run = kind === 'build' ? 'The production build' : 'The production server';
  return `${run} refuses to run without ${missing.join(', ')}: set ${missing.length === 1 ? 'it' : 'them'} in the environment (README, "Deploying to Netlify + Neon").`;
}

/** A configuration refused at request time; the server answers `status` with the message key (src/runtime/api.ts). */
export class ProductionConfigError extends Error {
  readonly status = 503;
  readonly key = 'payment.error.unavailable';

  constructor(message: string) {
    super(message);
    this.name = 'ProductionConfigError';
  }
}

/** Checkout in production never uses the test provider, whose page approves any payment. */
export function refuseTestProvider(): void {
  if (isProduction() && env().PAYMENT_PROVIDER === 'test') {
    throw new ProductionConfigError(
      'Payments refused in production: PAYMENT_PROVIDER=test would approve payments without WayForPay.',
    );
  }
}

/**
 * Signing and verifying in production need WayForPay's own keys: a missing key would fall back to the published test
 * values, with which anyone can sign a callback that grants premium.
 */
export function requireLiveMerchant(publishedTestSecret: string): void {
  if (!isProduction()) return;
  const missing = WAYFORPAY_VARIABLES.filter(unset);
  if (missing.length) throw new ProductionConfigError(`Payments refused in production: ${missing.join(', ')} not set.`);
  if (env().WAYFORPAY_SECRET_KEY === publishedTestSecret) {
    throw new ProductionConfigError(
      'Payments refused in production: WAYFORPAY_SECRET_KEY is the test key published in the repository.',
    );
  }
}

/**
 * Wraps a payment handler so a refused configuration answers 503 with its message key on Netlify too (the local
 * server maps it as well), instead of the platform's bare 500.
 */
export function refusingMisconfiguration<A extends unknown[]>(
  handler: (req: Request, ...rest: A) => Promise<Response>,
) {
  return async (req: Request, ...rest: A): Promise<Response> => {
    try {
      return await handler(req, ...rest);
    } catch (err) {
      if (!(err instanceof ProductionConfigError)) throw err;
      console.error(`[payments] ${err.message}`);
      return jsonError(err.status, err.key, requestLang(req));
    }
  };
}
