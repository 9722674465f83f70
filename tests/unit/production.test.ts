/**
 * The production guard: which variables a production build and server need, one message naming every missing one,
 * nothing required locally; payments that fail closed in production; local placeholders in the page's language.
 */
import { resetEnvForTests } from '../../src/lib/server/env.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  isProduction,
  missingProductionConfig,
  ProductionConfigError,
  productionConfigMessage,
  refusingMisconfiguration,
  SITE_FACT_VARIABLES,
  WAYFORPAY_VARIABLES,
} from '../../src/lib/server/production.ts';
import { merchantConfig } from '../../src/lib/server/payments/wayforpay/index.ts';
import { paymentProvider } from '../../src/lib/server/payments/payments.ts';
import { buildMeta } from '../../src/lib/seo.ts';
import { pageByPath } from '../../src/config/pages.ts';

const GUARDED = [
  ...SITE_FACT_VARIABLES,
  ...WAYFORPAY_VARIABLES,
  'APP_SECRET',
  'PAYMENT_PROVIDER',
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

  it('requires the site address, the operator and the contact in a production build and server', () => {
    stub({ CONTEXT: 'production' });
    const all = ['SITE_URL', 'OPERATOR_NAME', 'OPERATOR_ADDRESS', 'OPERATOR_CODE', 'CONTACT_EMAIL'];
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
  it('locally still use the test provider and the test key when WayForPay is not configured', () => {
    expect(paymentProvider()).toBe('test');
    expect(merchantConfig().secretKey).toBe('rozum-local-test-secret');
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

describe('payment handlers on a misconfigured production server', () => {
  it("answer 503 with the message key instead of the platform's bare 500, and let other errors through", async () => {
    const refused = refusingMisconfiguration(async () => {
      throw new ProductionConfigError('no keys');
    });
    const res = await refused(new Request('http://x/api/payments/checkout?lang=en'));
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ error: 'payment.error.unavailable' });
    const broken = refusingMisconfiguration(async () => {
      throw new Error('bug');
    });
    await expect(broken(new Request('http://x/'))).rejects.toThrow('bug');
    const fine = refusingMisconfiguration(async () => new Response('ok'));
    expect(await (await fine(new Request('http://x/'))).text()).toBe('ok');
  });
});
