/** The merchant's WayForPay account and keys, and the HMAC-MD5 every WayForPay signature is made with. */
import { createHmac } from 'node:crypto';
import { requireLiveMerchant } from '../../production.ts';
import { env } from '../../env.ts';

export interface MerchantConfig {
  account: string;
  domain: string;
  secretKey: string;
  password: string;
  apiBase: string;
}

export function merchantConfig(): MerchantConfig {
  const testSecret = 'rozum-local-test-secret';
  // In production neither a missing key nor this published one is ever used (src/lib/server/production.ts).
  requireLiveMerchant(testSecret);
  const e = env();
  return {
    account: e.WAYFORPAY_MERCHANT_ACCOUNT ?? 'test_merch_n1',
    domain: e.WAYFORPAY_MERCHANT_DOMAIN ?? 'localhost',
    secretKey: e.WAYFORPAY_SECRET_KEY ?? testSecret,
    password: e.WAYFORPAY_MERCHANT_PASSWORD ?? 'rozum-local-test-password',
    apiBase: (e.WAYFORPAY_API_BASE ?? 'https://api.wayforpay.com').replace(/\/+$/, ''),
  };
}

/** HMAC-MD5 (hex) of the fields joined with ";" in UTF-8, as every WayForPay signature is made. */
export const hmacMd5 = (fields: (string | number)[], key: string): string =>
  createHmac('md5', key).update(fields.map(String).join(';'), 'utf8').digest('hex');
