/**
 * The WayForPay client (https://wiki.wayforpay.com): widget parameters signed with HMAC-MD5, the service-callback
 * signature check and its signed "accept" answer, CHECK_STATUS and the regular-payments STATUS and REMOVE calls.
 * Everything that speaks WayForPay's format lives in this folder; the rest of the server imports it from here.
 */
export { hmacMd5, merchantConfig, type MerchantConfig } from './merchant.ts';
export { purchaseSignature, regularFields, signWidgetRequest, type WidgetRequest } from './widget.ts';
export {
  acceptResponse,
  callbackSignature,
  parseCallbackBody,
  verifyServiceCallback,
  type ServiceCallback,
} from './callback.ts';
export {
  checkStatus,
  regularStatus,
  removeRegularPayment,
  resumeRegularPayment,
  suspendRegularPayment,
  type RegularStatus,
} from './api.ts';
