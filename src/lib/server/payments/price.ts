/**
 * The premium price, as WayForPay charges it: 1 USD for 30 days, in US dollars (the merchant's currency). The
 * Ukrainian site shows about how many hryvnias that is at the NBU's official rate (../exchange-rate.ts); the card's
 * bank converts at its own.
 */
import { SITE } from '../../../config/site.ts';
import { usdRate } from '../exchange-rate.ts';
import type { Price } from '../../../api/payments.ts';

export const PRICE = { amount: '1', currency: 'USD', days: SITE.premium.days } as const;

export async function priceWithUah(): Promise<Price> {
  const rate = await usdRate();
  return {
    amount: PRICE.amount,
    currency: PRICE.currency,
    days: PRICE.days,
    uah: rate ? { amount: Math.round(Number(PRICE.amount) * rate.rate), rate: rate.rate, date: rate.date } : null,
  };
}
