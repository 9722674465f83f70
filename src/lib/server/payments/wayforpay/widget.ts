/** The Purchase parameters for WayForPay's payment widget, signed on the server. */
import { hmacMd5, merchantConfig } from './merchant.ts';

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
 * None of them is part of merchantSignature (purchaseSignature), as in the SDK.
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
