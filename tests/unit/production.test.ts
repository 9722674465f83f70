/**
 * The production guard: which variables a production build and server need, one message naming every missing one,
 * nothing required locally; payments that fail closed in production; local placeholders in the page's language.
 */
import { resetEnvForTests } from '../../src/lib/server/env.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Context } from '@netlify/functions';
import {
  currentDeploy,
  demoPromoAllowed,
  deployContext,
  isProduction,
  missingProductionConfig,
  paymentsMustBeLive,
  testProviderAllowed,
  usesProductionDatabase,
  type DeployContext,
  ProductionConfigError,
  productionConfigMessage,
  SITE_FACT_VARIABLES,
  MAIL_VARIABLES,
  WAYFORPAY_VARIABLES,
} from '../../src/lib/server/production.ts';
import { merchantConfig } from '../../src/lib/server/payments/wayforpay/index.ts';
import { paymentProvider } from '../../src/lib/server/payments/payments.ts';
import { buildMeta } from '../../src/lib/seo.ts';
import { pageByPath } from '../../src/config/pages.ts';

const GUARDED = [
  ...SITE_FACT_VARIABLES,
  ...MAIL_VARIABLES,
  ...WAYFORPAY_VARIABLES,
  'APP_SECRET',
  'PAYMENT_PROVIDER',
  'DATABASE_URL',
  'SCRATCH_DATABASE',
  'CONTEXT',
  'NETLIFY',
  'AWS_LAMBDA_FUNCTION_NAME',
];
const SITE_FACTS = {
  SITE_URL: 'https://rozum.example',
  OPERATOR_NAME: 'ФОП Коваль О. П.',
  OPERATOR_ADDRESS: 'Київ, вул. Хрещатик, 1',
  OPERATOR_CODE: '1234567890',
  CONTACT_EMAIL: 'help@rozum.example',
  SMTP_URL: 'smtps://rozum:mail-password@smtp.rozum.example:465',
  MAIL_FROM: 'Rozum <hello@rozum.example>',
};
const LIVE_MERCHANT = {
  WAYFORPAY_MERCHANT_ACCOUNT: 'rozum_live',
  WAYFORPAY_MERCHANT_DOMAIN: 'rozum.example',
  WAYFORPAY_SECRET_KEY: 'a-live-secret',
  WAYFORPAY_MERCHANT_PASSWORD: 'a-live-password',
};

/** The environment is read once (env.ts): each change is followed by a fresh read. */
const stub = (vars: Record<string, string | undefined>) => {
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
  resetEnvForTests();
};
/** What the refusal says, or null when the call went through. */
const refusal = (call: () => unknown): string | null => {
  try {
    call();
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(ProductionConfigError);
    expect(err).toMatchObject({ status: 503, key: 'payment.error.unavailable' });
    return (err as Error).message;
  }
};

beforeEach(() => {
  for (const name of GUARDED) vi.stubEnv(name, undefined);
  vi.stubEnv('NODE_ENV', 'development');
  resetEnvForTests();
});
afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvForTests();
  delete (globalThis as { Netlify?: unknown }).Netlify;
});

describe('isProduction', () => {
  it('is true for a Netlify production build, NODE_ENV=production, and a function of a production deploy', () => {
    expect(isProduction()).toBe(false);
    stub({ CONTEXT: 'deploy-preview' });
    expect(isProduction()).toBe(false);
    stub({ CONTEXT: 'production' });
    expect(isProduction()).toBe(true);
    stub({ CONTEXT: undefined, NODE_ENV: 'production' });
    expect(isProduction()).toBe(true);
    stub({ NODE_ENV: 'test' });
    (globalThis as { Netlify?: unknown }).Netlify = { context: { deploy: { context: 'production' } } };
    expect(isProduction()).toBe(true);
  });
});

describe('missingProductionConfig', () => {
  it('requires nothing locally, whatever is unset', () => {
    expect(missingProductionConfig('build')).toEqual([]);
    expect(missingProductionConfig('server')).toEqual([]);
    stub({ NETLIFY: 'true' });
    expect(missingProductionConfig('server')).toEqual([]);
  });

  it('requires the site address, the operator, the contact and a way to send mail in a production build and server', () => {
    stub({ CONTEXT: 'production' });
    const all = [
      'SITE_URL',
      'OPERATOR_NAME',
      'OPERATOR_ADDRESS',
      'OPERATOR_CODE',
      'CONTACT_EMAIL',
      'SMTP_URL',
      'MAIL_FROM',
    ];
    expect(missingProductionConfig('build')).toEqual(all);
    expect(missingProductionConfig('server')).toEqual(all);
    stub({ ...SITE_FACTS, OPERATOR_CODE: '  ' });
    expect(missingProductionConfig('build')).toEqual(['OPERATOR_CODE']);
    stub({ OPERATOR_CODE: SITE_FACTS.OPERATOR_CODE });
    expect(missingProductionConfig('build')).toEqual([]);
    expect(missingProductionConfig('server')).toEqual([]);
  });

  it('requires APP_SECRET of the server on a hosted deploy only, not of the build', () => {
    stub({ NODE_ENV: 'production', ...SITE_FACTS, NETLIFY: 'true' });
    expect(missingProductionConfig('server')).toEqual(['APP_SECRET']);
    expect(missingProductionConfig('build')).toEqual([]);
    stub({ APP_SECRET: 'x'.repeat(32) });
    expect(missingProductionConfig('server')).toEqual([]);
  });

  it('names every missing variable in one message', () => {
    const message = productionConfigMessage('server', ['SITE_URL', 'CONTACT_EMAIL', 'APP_SECRET']);
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toMatch(
      /^The production server refuses to run without SITE_URL, CONTACT_EMAIL, APP_SECRET: set them/,
    );
    expect(productionConfigMessage('build', ['OPERATOR_NAME'])).toMatch(
      /^The production build refuses to run without OPERATOR_NAME: set it/,
    );
  });
});

describe('payments in production', () => {
  it('locally use the test provider only when PAYMENT_PROVIDER=test asks, and the test key when WayForPay is not configured', () => {
    expect(paymentProvider()).toBe('wayforpay');
    expect(merchantConfig().secretKey).toBe('rozum-local-test-secret');
    stub({ PAYMENT_PROVIDER: 'test' });
    expect(paymentProvider()).toBe('test');
  });

  it('refuse checkout and signing without the WayForPay keys, naming them, instead of falling back to the test provider', () => {
    stub({ NODE_ENV: 'production' });
    expect(refusal(paymentProvider)).toBe(`Payments refused in production: ${WAYFORPAY_VARIABLES.join(', ')} not set.`);
    expect(refusal(merchantConfig)).toContain('WAYFORPAY_SECRET_KEY');
    stub({ ...LIVE_MERCHANT, WAYFORPAY_MERCHANT_PASSWORD: undefined });
    expect(refusal(merchantConfig)).toBe('Payments refused in production: WAYFORPAY_MERCHANT_PASSWORD not set.');
  });

  it('refuse PAYMENT_PROVIDER=test even with the keys set', () => {
    stub({ CONTEXT: 'production', ...LIVE_MERCHANT, PAYMENT_PROVIDER: 'test' });
    expect(refusal(paymentProvider)).toContain('PAYMENT_PROVIDER=test');
  });

  it('refuse the signing key published in the repository even when set explicitly', () => {
    stub({ CONTEXT: 'production', ...LIVE_MERCHANT, WAYFORPAY_SECRET_KEY: 'rozum-local-test-secret' });
    expect(refusal(merchantConfig)).toContain('published in the repository');
    expect(refusal(paymentProvider)).toContain('published in the repository');
  });

  it('use WayForPay with its own keys', () => {
    stub({ CONTEXT: 'production', ...LIVE_MERCHANT });
    expect(refusal(paymentProvider)).toBeNull();
    expect(paymentProvider()).toBe('wayforpay');
    expect(merchantConfig()).toMatchObject({
      account: 'rozum_live',
      domain: 'rozum.example',
      secretKey: 'a-live-secret',
      password: 'a-live-password',
    });
  });
});

describe('deploy contexts', () => {
  const netlify = (context: string) =>
    ((globalThis as { Netlify?: unknown }).Netlify = { context: { deploy: { context } } });
  const NEON = 'postgres://rozum:secret@ep-quiet-sky-123456.eu-central-1.aws.neon.tech/rozum?sslmode=require';

  it("are Netlify's, from CONTEXT (builds) or the Netlify global (functions); local with neither; unknown otherwise", () => {
    expect(deployContext()).toBe('local');
    for (const context of ['deploy-preview', 'branch-deploy', 'dev', 'production'] as const) {
      stub({ CONTEXT: context });
      expect(deployContext()).toBe(context);
    }
    stub({ CONTEXT: 'staging' });
    expect(deployContext()).toBe('unknown');
    stub({ CONTEXT: undefined, NETLIFY: 'true' });
    expect(deployContext()).toBe('unknown');
    netlify('branch-deploy');
    expect(deployContext()).toBe('branch-deploy');
    stub({ NETLIFY: undefined, AWS_LAMBDA_FUNCTION_NAME: 'rozum-me' });
    netlify('deploy-preview');
    expect(deployContext()).toBe('deploy-preview');
    netlify('production');
    expect(deployContext()).toBe('production');
  });

  it('count any database on another machine as production, unless SCRATCH_DATABASE=true says otherwise', () => {
    expect(usesProductionDatabase()).toBe(false);
    for (const url of [
      'postgres://postgres@127.0.0.1:5432/rozum',
      'postgres://postgres@localhost/rozum',
      'postgres://postgres@[::1]:5432/rozum',
      'postgres:///rozum?host=/var/run/postgresql',
    ]) {
      stub({ DATABASE_URL: url });
      expect(usesProductionDatabase(), url).toBe(false);
    }
    for (const url of [NEON, 'postgres://rozum@db.internal:5432/rozum', 'not a url']) {
      stub({ DATABASE_URL: url });
      expect(usesProductionDatabase(), url).toBe(true);
    }
    stub({ DATABASE_URL: NEON, SCRATCH_DATABASE: 'true' });
    expect(usesProductionDatabase()).toBe(false);
    stub({ SCRATCH_DATABASE: 'yes' });
    expect(usesProductionDatabase()).toBe(true);
  });

  // What is on where (README, "Deploy contexts"): the test provider still needs PAYMENT_PROVIDER=test.
  const TABLE: [DeployContext, boolean, { testProvider: boolean; demoPromo: boolean; live: boolean }][] = [
    ['production', false, { testProvider: false, demoPromo: false, live: true }],
    ['production', true, { testProvider: false, demoPromo: false, live: true }],
    ['deploy-preview', false, { testProvider: true, demoPromo: false, live: false }],
    ['deploy-preview', true, { testProvider: false, demoPromo: false, live: true }],
    ['branch-deploy', false, { testProvider: true, demoPromo: false, live: false }],
    ['branch-deploy', true, { testProvider: false, demoPromo: false, live: true }],
    ['dev', false, { testProvider: true, demoPromo: false, live: false }],
    ['dev', true, { testProvider: false, demoPromo: false, live: true }],
    ['local', false, { testProvider: true, demoPromo: true, live: false }],
    ['local', true, { testProvider: false, demoPromo: false, live: true }],
    ['unknown', false, { testProvider: false, demoPromo: false, live: true }],
    ['unknown', true, { testProvider: false, demoPromo: false, live: true }],
  ];
  it.each(TABLE)('%s, production database %s: %o', (context, productionDatabase, expected) => {
    const deploy = { context, productionDatabase };
    expect({
      testProvider: testProviderAllowed(deploy),
      demoPromo: demoPromoAllowed(deploy),
      live: paymentsMustBeLive(deploy),
    }).toEqual(expected);
  });

  it('decide checkout: a deploy preview on a production database refuses the test provider and wants live keys', () => {
    stub({ CONTEXT: 'deploy-preview', DATABASE_URL: NEON, PAYMENT_PROVIDER: 'test' });
    expect(currentDeploy()).toEqual({ context: 'deploy-preview', productionDatabase: true });
    expect(refusal(paymentProvider)).toBe(
      'Payments refused on a production database (deploy-preview; SCRATCH_DATABASE=true if it is not one): PAYMENT_PROVIDER=test would approve payments without WayForPay.',
    );
    stub({ PAYMENT_PROVIDER: undefined });
    expect(refusal(paymentProvider)).toContain(`${WAYFORPAY_VARIABLES.join(', ')} not set.`);
    expect(refusal(merchantConfig)).toContain('on a production database');
    stub({ ...LIVE_MERCHANT });
    expect(paymentProvider()).toBe('wayforpay');
  });

  it('decide checkout: a branch deploy on its own scratch database runs the test provider when asked, never by default', () => {
    netlify('branch-deploy');
    stub({ NETLIFY: 'true', DATABASE_URL: NEON, SCRATCH_DATABASE: 'true' });
    expect(paymentProvider()).toBe('wayforpay');
    stub({ PAYMENT_PROVIDER: 'test' });
    expect(paymentProvider()).toBe('test');
    expect(demoPromoAllowed(currentDeploy())).toBe(false);
  });

  it('decide checkout: a Netlify function that names no context is held to production rules', () => {
    stub({ AWS_LAMBDA_FUNCTION_NAME: 'rozum-checkout', PAYMENT_PROVIDER: 'test' });
    expect(refusal(paymentProvider)).toBe(
      'Payments refused in an unknown deploy context: PAYMENT_PROVIDER=test would approve payments without WayForPay.',
    );
  });

  it('allow the demo promo code only locally, on a database of no one else', () => {
    expect(demoPromoAllowed(currentDeploy())).toBe(true);
    stub({ DATABASE_URL: NEON });
    expect(demoPromoAllowed(currentDeploy())).toBe(false);
    stub({ DATABASE_URL: undefined, CONTEXT: 'dev' });
    expect(demoPromoAllowed(currentDeploy())).toBe(false);
  });
});

describe('local placeholders', () => {
  /** site.ts reads the environment when imported, so each case imports it afresh. */
  async function legal() {
    vi.resetModules();
    return import('../../src/lib/legal.ts');
  }
  const legalSources = (lang: 'uk' | 'en') =>
    readdirSync(`src/content/legal/${lang}`).map((name) => readFileSync(`src/content/legal/${lang}/${name}`, 'utf8'));

  it('are in the page language and say they are local; no English placeholder reaches a Ukrainian legal page', async () => {
    const { contactEmailText, fillTokens, legalTokens } = await legal();
    const uk = legalTokens('uk');
    const placeholders = [uk.operatorName, uk.operatorAddress, uk.operatorCode, uk.contactEmail];
    for (const text of placeholders) expect(text).toMatch(/^\[локальний запуск: [^A-Za-z]+ не задано\]$/);
    expect(new Set(placeholders).size).toBe(4);
    const en = legalTokens('en');
    for (const text of [en.operatorName, en.operatorAddress, en.operatorCode, en.contactEmail])
      expect(text).toMatch(/^\[local run: [\w /]+ not set\]$/);
    expect(contactEmailText('uk')).toBe(uk.contactEmail);
    for (const source of legalSources('uk')) {
      const page = fillTokens(source, 'uk');
      expect(page).not.toMatch(/\{\{|local run|operator details|Kyiv|support@/);
      expect(page).toContain('[локальний запуск:');
    }
  });

  it('leave the structured data without a contact point rather than with a made-up address', () => {
    const organization = (contactEmail?: string) =>
      buildMeta({ lang: 'uk', page: pageByPath('/'), siteUrl: 'http://localhost:8888', contactEmail }).jsonLd.find(
        (item) => item['@type'] === 'Organization',
      )!;
    expect(organization(undefined)).not.toHaveProperty('contactPoint');
    expect(organization('help@rozum.example')).toMatchObject({ contactPoint: { email: 'help@rozum.example' } });
  });

  it('give way to the configured details, escaped for HTML', async () => {
    stub({ ...SITE_FACTS, OPERATOR_NAME: 'ТОВ «Розум» & Ко' });
    const { contactEmailText, fillTokens } = await legal();
    expect(fillTokens('<p>{{operatorName}}, {{operatorCode}}: {{contactEmail}} {{unknownToken}}</p>', 'uk')).toBe(
      '<p>ТОВ «Розум» &amp; Ко, 1234567890: help@rozum.example {{unknownToken}}</p>',
    );
    expect(contactEmailText('en')).toBe('help@rozum.example');
    for (const source of legalSources('en')) expect(fillTokens(source, 'en')).not.toContain('local run');
  });
});

describe('an endpoint on a misconfigured production server', () => {
  it("answers 503 with the message key instead of the platform's bare 500, and any other error 500 with its key", async () => {
    const { endpoint } = await import('../../src/lib/server/endpoint.ts');
    const c = { path: '/api/x', method: 'GET', auth: 'none' } as const;
    const context = {} as Context;
    const refused = endpoint(c, async () => {
      throw new ProductionConfigError('no keys');
    });
    const res = await refused(new Request('http://x/api/x?lang=en'), context);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ error: 'payment.error.unavailable' });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = endpoint(c, async () => {
      throw new Error('bug');
    });
    const crashed = await broken(new Request('http://x/api/x?lang=en'), context);
    expect(crashed.status).toBe(500);
    expect(await crashed.json()).toEqual({ error: 'api.error.server', message: expect.any(String) });
    expect(crashed.headers.get('x-content-type-options')).toBe('nosniff');
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
    const fine = endpoint(c, async () => new Response('ok'));
    expect(await (await fine(new Request('http://x/api/x'), context)).text()).toBe('ok');
  });
});
