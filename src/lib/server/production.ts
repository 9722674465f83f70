/**
 * The production guard (README, "Deploying"; "Deploy contexts"). In production the build and the server refuse to
 * run without the facts pages print (site address, operator, contact), and payments fail closed: never the
 * self-approving test provider, never the WayForPay key published in this repository — nor on a deploy preview or
 * branch deploy that reaches a production database. Locally nothing is required.
 */
import { env, isHosted, type Env } from './env.ts';

/**
 * Netlify's functions do not see CONTEXT at run time (https://docs.netlify.com/build/functions/environment-variables/
 * lists the few read-only variables they get); they learn their deploy context from the Netlify global
 * (`context.deploy.context`, https://docs.netlify.com/functions/api).
 */
const netlifyDeployContext = (): string | undefined =>
  (globalThis as { Netlify?: { context?: { deploy?: { context?: string } } | null } }).Netlify?.context?.deploy
    ?.context;

/** Netlify's production builds (CONTEXT=production) and functions, or any run with NODE_ENV=production. */
export const isProduction = (): boolean =>
  env().CONTEXT === 'production' || env().NODE_ENV === 'production' || netlifyDeployContext() === 'production';

/**
 * Where this code runs: Netlify's deploy contexts (https://docs.netlify.com/site-deploys/overview/#deploy-contexts),
 * `local` for a process of ours with none (npm start, the tests), and `unknown` for a context we do not know (a
 * branch's own, preview-server) or a Netlify host that names none, which is treated as strictly as production.
 */
export type DeployContext = 'production' | 'deploy-preview' | 'branch-deploy' | 'dev' | 'local' | 'unknown';

export function deployContext(): DeployContext {
  if (isProduction()) return 'production';
  const named = netlifyDeployContext() ?? env().CONTEXT;
  if (named === 'deploy-preview' || named === 'branch-deploy' || named === 'dev') return named;
  return named || isHosted() ? 'unknown' : 'local';
}

const LOOPBACK = new Set(['', 'localhost', '127.0.0.1', '[::1]']);

/**
 * Whether the database may hold real people's accounts. Fail closed: any DATABASE_URL on another machine counts —
 * a Neon branch made for previews has the same kind of address as production's — unless SCRATCH_DATABASE=true says
 * this deploy's database is a throwaway. Not: the embedded PGlite (no DATABASE_URL), a PostgreSQL on this machine
 * (loopback, or a socket: no host).
 */
export function usesProductionDatabase(): boolean {
  const url = env().DATABASE_URL;
  if (!url || env().SCRATCH_DATABASE === 'true') return false;
  try {
    return !LOOPBACK.has(new URL(url).hostname);
  } catch {
    return true;
  }
}

export interface Deploy {
  context: DeployContext;
  productionDatabase: boolean;
}
export const currentDeploy = (): Deploy => ({ context: deployContext(), productionDatabase: usesProductionDatabase() });

/** Real money and real accounts: WayForPay with its own keys, or no payments at all. */
export const paymentsMustBeLive = (deploy: Deploy): boolean =>
  deploy.context === 'production' || deploy.context === 'unknown' || deploy.productionDatabase;
/** The self-approving test provider may run (when PAYMENT_PROVIDER=test asks for it) wherever payments need not be live. */
export const testProviderAllowed = (deploy: Deploy): boolean => !paymentsMustBeLive(deploy);
/** The demo promo code, published in this repository: on a developer's machine only, on a database of no one else's. */
export const demoPromoAllowed = (deploy: Deploy): boolean => deploy.context === 'local' && !deploy.productionDatabase;

/**
 * Whether `npm run db:migrate` may run here: where a deploy context is named (Netlify's CONTEXT at build time), only
 * `production` — whatever else says production, NODE_ENV=production in a preview included, since the context decides
 * which database a build is for; where none is named, a run of ours on a machine (locally), not an unnamed host.
 */
export function migrationsAllowed(): boolean {
  const named = netlifyDeployContext() ?? env().CONTEXT;
  return named ? named === 'production' : !isHosted();
}

/** How a refusal names the place: production's own wording, else the context and why it counts. */
function refusedWhere(deploy: Deploy): string {
  if (deploy.context === 'production') return 'in production';
  if (deploy.context === 'unknown') return 'in an unknown deploy context';
  return `on a production database (${deploy.context}; SCRATCH_DATABASE=true if it is not one)`;
}

/** Baked into pages at build time and used by the server: a production site may not fall back to placeholders. */
export const SITE_FACT_VARIABLES = [
  'SITE_URL',
  'OPERATOR_NAME',
  'OPERATOR_ADDRESS',
  'OPERATOR_CODE',
  'CONTACT_EMAIL',
] as const;
/** Mail that lets a person back into their account (issue 30): production does not run without a way to send it. */
export const MAIL_VARIABLES = ['SMTP_URL', 'MAIL_FROM'] as const;
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
  const required: (keyof Env)[] = [
    ...SITE_FACT_VARIABLES,
    ...MAIL_VARIABLES,
    ...(kind === 'server' && isHosted() ? (['APP_SECRET'] as const) : []),
  ];
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

/** A refused configuration, by name: also one thrown by another copy of this module (a bundle, a test's fresh import). */
export const isProductionConfigError = (err: unknown): err is ProductionConfigError =>
  err instanceof Error && err.name === 'ProductionConfigError';

/** PAYMENT_PROVIDER=test where payments must be live is refused: the test provider's page approves any payment. */
export function refuseTestProvider(): void {
  const deploy = currentDeploy();
  if (env().PAYMENT_PROVIDER === 'test' && !testProviderAllowed(deploy)) {
    throw new ProductionConfigError(
      `Payments refused ${refusedWhere(deploy)}: PAYMENT_PROVIDER=test would approve payments without WayForPay.`,
    );
  }
}

/**
 * Signing and verifying where payments must be live need WayForPay's own keys: a missing key would fall back to the
 * published test values, with which anyone can sign a callback that grants premium.
 */
export function requireLiveMerchant(publishedTestSecret: string): void {
  const deploy = currentDeploy();
  if (!paymentsMustBeLive(deploy)) return;
  const where = refusedWhere(deploy);
  const missing = WAYFORPAY_VARIABLES.filter(unset);
  if (missing.length) throw new ProductionConfigError(`Payments refused ${where}: ${missing.join(', ')} not set.`);
  if (env().WAYFORPAY_SECRET_KEY === publishedTestSecret) {
    throw new ProductionConfigError(
      `Payments refused ${where}: WAYFORPAY_SECRET_KEY is the test key published in the repository.`,
    );
  }
}
