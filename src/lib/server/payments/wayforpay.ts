/**
 * The WayForPay client (https://wiki.wayforpay.com): widget parameters signed with HMAC-MD5, the service-callback
 * signature check and its signed "accept" answer, CHECK_STATUS and the regular-payments REMOVE call. Everything
 * that speaks WayForPay's format lives here.
 */
import { hasUnstorableText } from '../http.ts';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { requireLiveMerchant } from '../production.ts';
import { env } from '../env.ts';

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

/** Constant-time comparison of two hex digests; anything that is not 32 hex digits is simply unequal. */
const sameHex = (a: string, b: string) =>
  /^[0-9a-f]{32}$/.test(a) && a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
/** WayForPay's API calls give up after 10 s rather than hold a request or a scheduled run. */
const TIMEOUT_MS = 10_000;

export interface WidgetRequest {
  orderReference: string;
  orderDate: number;
  amount: string;
  currency: string;
  productName: string[];
  productCount: number[];
  productPrice: string[];
  clientFirstName: string;
  clientLastName: string;
  clientEmail: string;
  clientPhone: string;
  language: 'UA' | 'EN';
  serviceUrl: string;
  returnUrl?: string;
  /** Regular payment: renews monthly, matching the 30-day period (DESIGN.md §4), stated before paying. */
  regular?: { mode: 'monthly'; amount: string; dateNext: string; dateEnd: string };
}

/**
 * The regular-payment fields of a Purchase, which the widget takes as they are ("the set of request parameters
 * matches the Purchase parameters": https://wiki.wayforpay.com/en/view/852091). Their names, values and formats
 * follow the Purchase page (https://wiki.wayforpay.com/en/view/852102) and WayForPay's own SDK
 * (github.com/wayforpay/php-sdk, src/Domain/Regular.php and src/Form/PurchaseForm.php):
 * - regularMode: once | daily | weekly | monthly | quarterly | halfyearly | yearly (also client, none) — monthly;
 * - regularAmount: the amount of each later charge — the price;
 * - dateNext: the date of the first later charge, DD.MM.YYYY — the end of the paid period;
 * - dateEnd: the last date of the schedule, DD.MM.YYYY (or regularCount instead) — a year on;
 * - regularOn: 1 ticks the regular-payment box;
 * - regularBehavior: none | default | preset — preset fixes mode, amount and dates so the payer sees, and cannot
 *   change on the payment page, the terms our modal stated; the SDK requires mode, amount, dateNext and dateEnd
 *   (or regularCount) with it, which we send.
 * None of them is part of merchantSignature (purchaseSignature above), as in the SDK.
 */
export function regularFields(regular: NonNullable<WidgetRequest['regular']>): Record<string, string | number> {
  return {
    regularOn: 1,
    regularBehavior: 'preset',
    regularMode: regular.mode,
    regularAmount: regular.amount,
    dateNext: regular.dateNext,
    dateEnd: regular.dateEnd,
  };
}

/** merchantAccount;merchantDomainName;orderReference;orderDate;amount;currency;productName…;productCount…;productPrice… */
export function purchaseSignature(request: WidgetRequest, config = merchantConfig()): string {
  return hmacMd5(
    [
      config.account,
      config.domain,
      request.orderReference,
      request.orderDate,
      request.amount,
      request.currency,
      ...request.productName,
      ...request.productCount,
      ...request.productPrice,
    ],
    config.secretKey,
  );
}

/** The parameter object for `new Wayforpay().run(params, …)`. */
export function signWidgetRequest(request: WidgetRequest, config = merchantConfig()): Record<string, unknown> {
  const params: Record<string, unknown> = {
    merchantAccount: config.account,
    merchantDomainName: config.domain,
    authorizationType: 'SimpleSignature',
    merchantSignature: purchaseSignature(request, config),
    orderReference: request.orderReference,
    orderDate: request.orderDate,
    amount: request.amount,
    currency: request.currency,
    productName: request.productName,
    productPrice: request.productPrice,
    productCount: request.productCount,
    clientFirstName: request.clientFirstName,
    clientLastName: request.clientLastName,
    clientEmail: request.clientEmail,
    clientPhone: request.clientPhone,
    language: request.language,
    straightWidget: true,
    serviceUrl: request.serviceUrl,
  };
  if (request.returnUrl) params.returnUrl = request.returnUrl;
  if (request.regular) Object.assign(params, regularFields(request.regular));
  return params;
}

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

/** CHECK_STATUS: the server's own question about an order (signature merchantAccount;orderReference). */
export async function checkStatus(
  orderReference: string,
  config = merchantConfig(),
): Promise<{ transactionStatus: string; amount?: number; currency?: string; reasonCode?: number } | null> {
  const res = await fetch(`${config.apiBase}/api`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      transactionType: 'CHECK_STATUS',
      merchantAccount: config.account,
      orderReference,
      merchantSignature: hmacMd5([config.account, orderReference], config.secretKey),
      apiVersion: 1,
    }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  }).catch(() => null);
  if (!res?.ok) return null;
  return (await res.json().catch(() => null)) as never;
}

export interface RegularStatus {
  status: string;
  /** Unix seconds of the last charge, and its status (null before the first). */
  lastPayedDate: number | null;
  lastPayedStatus: string | null;
}

/** A regularApi request (authenticated by the merchant password, not a signature); the JSON answer, or null. */
async function regularApi(
  requestType: 'STATUS' | 'REMOVE',
  orderReference: string,
  config: MerchantConfig,
): Promise<Record<string, unknown> | null> {
  const res = await fetch(`${config.apiBase}/regularApi`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      requestType,
      merchantAccount: config.account,
      merchantPassword: config.password,
      orderReference,
    }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  }).catch(() => null);
  if (!res?.ok) return null;
  return (await res.json().catch(() => null)) as Record<string, unknown> | null;
}

/**
 * Regular payments API, STATUS (https://wiki.wayforpay.com/en/view/852526): the schedule of an order's regular
 * payment — requestType, merchantAccount, merchantPassword, orderReference; answered with reasonCode 4100 and the
 * schedule's status, lastPayedDate, lastPayedStatus, nextPaymentDate.
 */
export async function regularStatus(orderReference: string, config = merchantConfig()): Promise<RegularStatus | null> {
  const body = await regularApi('STATUS', orderReference, config);
  if (Number(body?.reasonCode) !== 4100 || typeof body?.status !== 'string') return null;
  const date = Number(body.lastPayedDate);
  return {
    status: body.status,
    lastPayedDate: Number.isFinite(date) && date > 0 ? date : null,
    lastPayedStatus: typeof body.lastPayedStatus === 'string' ? body.lastPayedStatus : null,
  };
}

/** Regular payments API, REMOVE (https://wiki.wayforpay.com/en/view/852521): stop an order's future charges. */
export async function removeRegularPayment(orderReference: string, config = merchantConfig()): Promise<boolean> {
  return Number((await regularApi('REMOVE', orderReference, config))?.reasonCode) === 4100;
}
