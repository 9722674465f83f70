/**
 * WayForPay as the tests speak it: the local merchant, and every signature a test makes or checks. They are built
 * here from the provider's documented field order and never with production's signer
 * (src/lib/server/payments/wayforpay/): a signature computed by the code under test agrees with that code, so only an
 * independent one catches a field left out, or two swapped, there. Tests that call production's signer on purpose
 * (tests/unit/wayforpay.test.ts) compare it with these.
 *
 * Each signature is the hex HMAC-MD5, under the merchant's secret key, of the fields below joined by ";" in UTF-8
 * (an absent optional field is an empty string):
 * - Purchase, the widget's request (wiki.wayforpay.com/en/view/852102): merchantAccount;merchantDomainName;
 *   orderReference;orderDate;amount;currency;productName[0]…[n];productCount[0]…[n];productPrice[0]…[n]. The
 *   regular-payment fields are not signed.
 * - the service callback WayForPay posts to serviceUrl (the same page; CHECK_STATUS answers are signed alike,
 *   wiki.wayforpay.com/en/view/852117): merchantAccount;orderReference;amount;currency;authCode;cardPan;
 *   transactionStatus;reasonCode.
 * - the merchant's answer to that callback (852102): orderReference;status;time.
 * - CHECK_STATUS, the merchant's question (852117): merchantAccount;orderReference.
 * The regular-payments API (STATUS, REMOVE) carries the merchant password instead of a signature.
 */
import { createHmac } from 'node:crypto';

/** The merchant a local server uses when none is configured (src/lib/server/payments/wayforpay/merchant.ts). */
export const WAYFORPAY = {
  account: 'test_merch_n1',
  secret: 'rozum-local-test-secret',
  password: 'rozum-local-test-password',
};

/** The environment of a server (or of modules under test) that takes payments through WayForPay as that merchant. */
export const wayforpayEnv = (): Record<string, string> => ({
  PAYMENT_PROVIDER: 'wayforpay',
  WAYFORPAY_MERCHANT_ACCOUNT: WAYFORPAY.account,
  WAYFORPAY_SECRET_KEY: WAYFORPAY.secret,
  WAYFORPAY_MERCHANT_PASSWORD: WAYFORPAY.password,
  WAYFORPAY_MERCHANT_DOMAIN: 'rozum.example',
  SITE_URL: 'https://rozum.example',
});

const hmacMd5 = (fields: unknown[], key: string) =>
  createHmac('md5', key).update(fields.join(';'), 'utf8').digest('hex');

export interface PurchaseFields {
  merchantAccount: string;
  merchantDomainName: string;
  orderReference: string;
  orderDate: number;
  amount: string;
  currency: string;
  productName: string[];
  productCount: number[];
  productPrice: string[];
}

export const purchaseSignature = (p: PurchaseFields, key = WAYFORPAY.secret) =>
  hmacMd5(
    [
      p.merchantAccount,
      p.merchantDomainName,
      p.orderReference,
      p.orderDate,
      p.amount,
      p.currency,
      ...p.productName,
      ...p.productCount,
      ...p.productPrice,
    ],
    key,
  );

/** The signed fields of a service callback, as they are posted (a forged one may carry anything in them). */
export type CallbackFields = Record<
  'merchantAccount' | 'orderReference' | 'amount' | 'currency' | 'authCode' | 'cardPan' | 'transactionStatus',
  unknown
> & { reasonCode?: unknown };

export const callbackSignature = (c: CallbackFields, key = WAYFORPAY.secret) =>
  hmacMd5(
    [
      c.merchantAccount,
      c.orderReference,
      c.amount,
      c.currency,
      c.authCode,
      c.cardPan,
      c.transactionStatus,
      c.reasonCode,
    ],
    key,
  );

export const acceptSignature = (orderReference: string, time: number, key = WAYFORPAY.secret) =>
  hmacMd5([orderReference, 'accept', time], key);

export const checkStatusSignature = (merchantAccount: string, orderReference: string, key = WAYFORPAY.secret) =>
  hmacMd5([merchantAccount, orderReference], key);

/**
 * A service callback for an order of the local merchant, as WayForPay posts it and signed with `key`. `overrides`
 * change any field before signing; a `merchantSignature` among them is sent as it is (a forgery).
 */
export function serviceCallback(
  orderReference: string,
  transactionStatus = 'Approved',
  overrides: Record<string, unknown> = {},
  key = WAYFORPAY.secret,
): Record<string, unknown> {
  const body = {
    merchantAccount: WAYFORPAY.account,
    orderReference,
    amount: 1,
    currency: 'USD',
    authCode: '541963',
    cardPan: '41****8217',
    transactionStatus,
    reasonCode: transactionStatus === 'Approved' ? 1100 : 1101,
    email: 'x@example.com',
    createdDate: 1700000000,
    processingDate: 1700000001,
    ...overrides,
  };
  return { ...body, merchantSignature: overrides.merchantSignature ?? callbackSignature(body, key) };
}

/** Posts a service callback to the server at `base`, as WayForPay does (JSON). */
export const deliverCallback = (base: string, body: unknown) =>
  fetch(`${base}/api/payments/wayforpay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
