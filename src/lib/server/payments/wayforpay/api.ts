/**
 * The server's own questions to WayForPay: CHECK_STATUS of a payment, and the regular-payments API's STATUS and
 * REMOVE of an order's schedule.
 */
import { hmacMd5, merchantConfig, type MerchantConfig } from './merchant.ts';

/** WayForPay's API calls give up after 10 s rather than hold a request or a scheduled run. */
const TIMEOUT_MS = 10_000;

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
  requestType: 'STATUS' | 'REMOVE' | 'SUSPEND' | 'RESUME',
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

/**
 * Regular payments API, SUSPEND (https://wiki.wayforpay.com/view/852506, "Suspend payment"): no charge is made until
 * the schedule is resumed. Same request as REMOVE; answered reasonCode 4100 when done.
 */
export async function suspendRegularPayment(orderReference: string, config = merchantConfig()): Promise<boolean> {
  return Number((await regularApi('SUSPEND', orderReference, config))?.reasonCode) === 4100;
}

/**
 * Regular payments API, RESUME (https://wiki.wayforpay.com/en/view/852513): a suspended schedule charges again on
 * its dates. Same request; answered reasonCode 4100 when done.
 */
export async function resumeRegularPayment(orderReference: string, config = merchantConfig()): Promise<boolean> {
  return Number((await regularApi('RESUME', orderReference, config))?.reasonCode) === 4100;
}
