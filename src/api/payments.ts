/** Buying premium: a checkout, an order's status, the test provider's page, WayForPay's callback, promo codes, cancelling. */
import { z } from 'zod';
import { contract } from './contract.ts';
import { fullNameField, langField, phoneField, testKindField } from './fields.ts';
import type { SubscriptionState } from './me.ts';
import type { TestKind } from '../domain/views.ts';

export type Provider = 'wayforpay' | 'test';
/** Either the local test provider's page, or WayForPay widget parameters signed by the server. */
export type Checkout = { provider: Provider; orderReference: string } & (
  { redirectUrl: string } | { widget: Record<string, unknown> }
);

export interface OrderStatus {
  orderReference: string;
  status: string;
  amount: number;
  currency: string;
  testType: TestKind | null;
  testResultId: string | null;
  /** WayForPay's reasonCode for a payment that did not go through (https://wiki.wayforpay.com/en/view/852131). */
  reasonCode: number | null;
  subscription: SubscriptionState;
}

const orderReference = z.object({ orderReference: z.string().max(128) });

/** The price as charged (USD), and about how many hryvnias it is at the NBU's official rate, when known. */
export interface Price {
  amount: string;
  currency: string;
  days: number;
  uah: { amount: number; rate: number; date: string } | null;
}
export const price = contract<Price>()({ path: '/api/price', method: 'GET', auth: 'none' });

export const checkout = contract<Checkout>()({
  path: '/api/payments/checkout',
  method: 'POST',
  auth: 'required',
  body: z.object({
    fullName: fullNameField,
    phone: phoneField,
    testType: testKindField.optional(),
    testResultId: z.uuid().optional(),
    /** The payer confirmed that the name typed here goes on the profile (and so on certificates). */
    saveName: z.boolean().optional(),
    lang: langField,
  }),
  maxBytes: 4 * 1024,
  status: 201,
});

export const status = contract<OrderStatus>()({
  path: '/api/payments/:orderReference',
  method: 'GET',
  auth: 'required',
  params: orderReference,
  notFound: 'payment.error.not_found',
});

/** The test provider's page (GET) and its Approve / Decline form (POST, form-encoded). */
export const testPage = contract<never>()({
  path: '/api/payments/test/:orderReference',
  method: 'GET',
  auth: 'optional',
  params: orderReference,
  notFound: 'payment.error.not_found',
  raw: true,
});
export const testDecision = contract<never>()({
  path: '/api/payments/test/:orderReference',
  method: 'POST',
  auth: 'optional',
  params: orderReference,
  notFound: 'payment.error.not_found',
  raw: true,
});

/** WayForPay's service callback: its own body and answer format (payments/wayforpay/callback.ts). */
export const wayforpay = contract<never>()({
  path: '/api/payments/wayforpay',
  method: 'POST',
  auth: 'none',
  raw: true,
  csrf: false,
});

export interface PromoApplied {
  success: true;
  days: number;
  expiresAt: string;
  message: string;
}
export const promo = contract<PromoApplied>()({
  path: '/api/promo',
  method: 'POST',
  auth: 'required',
  body: z.object({ promoCode: z.string().max(64), lang: langField }),
  maxBytes: 2 * 1024,
});

export const cancel = contract<{ ok: true; subscription: SubscriptionState }>()({
  path: '/api/subscription/cancel',
  method: 'POST',
  auth: 'required',
});

/** Turns renewal back on: the suspended schedule resumes at WayForPay, charging again on its dates. */
export const resume = contract<{ ok: true; subscription: SubscriptionState }>()({
  path: '/api/subscription/resume',
  method: 'POST',
  auth: 'required',
});
