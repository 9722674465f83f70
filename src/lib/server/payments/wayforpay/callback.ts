/** The service callback WayForPay posts to serviceUrl: reading it, checking its signature, and the signed answer. */
import { timingSafeEqual } from 'node:crypto';
import { hasUnstorableText } from '../../http.ts';
import { hmacMd5, merchantConfig } from './merchant.ts';

/** Constant-time comparison of two hex digests; anything that is not 32 hex digits is simply unequal. */
const sameHex = (a: string, b: string) =>
  /^[0-9a-f]{32}$/.test(a) && a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The service callback's fields (serviceUrl), as WayForPay posts them. */
export interface ServiceCallback {
  merchantAccount: string;
  orderReference: string;
  merchantSignature: string;
  amount: number | string;
  currency: string;
  authCode?: string;
  email?: string;
  phone?: string;
  processingDate?: number;
  cardPan?: string;
  cardType?: string;
  transactionStatus: string;
  reason?: string;
  reasonCode?: number | string;
  createdDate?: number;
}

/** merchantAccount;orderReference;amount;currency;authCode;cardPan;transactionStatus;reasonCode */
export function callbackSignature(
  cb: Omit<ServiceCallback, 'merchantSignature'>,
  key = merchantConfig().secretKey,
): string {
  return hmacMd5(
    [
      cb.merchantAccount,
      cb.orderReference,
      cb.amount,
      cb.currency,
      cb.authCode ?? '',
      cb.cardPan ?? '',
      cb.transactionStatus,
      cb.reasonCode ?? '',
    ],
    key,
  );
}

export function verifyServiceCallback(cb: ServiceCallback, config = merchantConfig()): boolean {
  return (
    cb.merchantAccount === config.account &&
    typeof cb.merchantSignature === 'string' &&
    sameHex(cb.merchantSignature.toLowerCase(), callbackSignature(cb, config.secretKey))
  );
}

/** The answer WayForPay expects: orderReference;status;time signed. */
export function acceptResponse(
  orderReference: string,
  now = Math.floor(Date.now() / 1000),
  key = merchantConfig().secretKey,
) {
  return { orderReference, status: 'accept', time: now, signature: hmacMd5([orderReference, 'accept', now], key) };
}

const SIGNED_FIELDS = [
  'merchantAccount',
  'orderReference',
  'amount',
  'currency',
  'authCode',
  'cardPan',
  'transactionStatus',
  'reasonCode',
  'merchantSignature',
] as const;
/**
 * Every signed field is a string or a number (or absent, where optional), and no text anywhere is one PostgreSQL
 * cannot store (the whole callback is kept as jsonb): anything else is not WayForPay's.
 */
const wellFormed = (value: Record<string, unknown>) =>
  typeof value.orderReference === 'string' &&
  typeof value.transactionStatus === 'string' &&
  !hasUnstorableText(value) &&
  SIGNED_FIELDS.every(
    (f) =>
      value[f] === undefined ||
      typeof value[f] === 'string' ||
      (typeof value[f] === 'number' && Number.isFinite(value[f])),
  );

/** WayForPay posts JSON, sometimes with a form content type, sometimes as the single key of a form body. */
export function parseCallbackBody(text: string): ServiceCallback | null {
  for (const candidate of [text, [...new URLSearchParams(text).keys()][0] ?? '']) {
    try {
      const value = JSON.parse(candidate);
      if (value && typeof value === 'object' && !Array.isArray(value) && wellFormed(value))
        return value as ServiceCallback;
    } catch {
      // try the next reading
    }
  }
  return null;
}
