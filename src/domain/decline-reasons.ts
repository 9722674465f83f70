/**
 * Why a payment did not go through, in words a payer can act on. WayForPay answers every transaction with a
 * reasonCode; its published table ("Codes of responses", https://wiki.wayforpay.com/en/view/852131) names each code,
 * its reason and where the payer should turn (the card's bank, the shop, the payment system). We group the codes by
 * what the payer can do about them; a code outside the table, or none, says nothing more than "declined".
 */
export type DeclineReason = 'bank' | 'details' | 'funds' | 'secure' | 'expired' | 'cancelled' | 'security' | 'ours';

const GROUPS: Record<DeclineReason, readonly number[]> = {
  // Declined To Card Issuer; Exceed Withdrawal Frequency (often a card not open for online payments); Card limits
  // failed; Restricted card: the card's bank said no, and only it can say why.
  bank: [1101, 1106, 1135, 1146],
  // Bad CVV2; Expired card (or its date typed wrongly); Invalid Card (wrong number or a card in a wrong state).
  details: [1102, 1103, 1105],
  // Insufficient Funds.
  funds: [1104],
  // Three Ds Fail; Authentication unavailable: the bank's own confirmation (3-D Secure) did not pass.
  secure: [1108, 1120],
  // Cardholder session expired.
  expired: [1124],
  // Cardholder canceled the request.
  cancelled: [1125],
  // Fraud: stopped by the payment system's anti-fraud filters.
  security: [1114],
  // The shop's or the payment system's side: Format Error, invalid Currency, Duplicate Order ID, Invalid signature,
  // a parameter missing, Token not found, API Not Allowed, Merchant Restriction, Account Not Found, Gate Declined,
  // Invalid Amount, Invalid commission.
  ours: [1109, 1110, 1112, 1113, 1115, 1116, 1117, 1118, 1121, 1122, 1130, 1133],
};

const BY_CODE = new Map<number, DeclineReason>(
  Object.entries(GROUPS).flatMap(([reason, codes]) => codes.map((code) => [code, reason as DeclineReason] as const)),
);

/**
 * The reason to tell a payer whose payment did not go through: from the transaction's reasonCode when WayForPay
 * gave one we know; an Expired order without one ran out of time. Null when there is nothing defensible to add.
 */
export function declineReason(status: string, reasonCode: number | null): DeclineReason | null {
  const known = reasonCode === null ? undefined : BY_CODE.get(reasonCode);
  if (known) return known;
  return status === 'Expired' ? 'expired' : null;
}

/** Every code we explain (for the test that holds them to the published table). */
export const EXPLAINED_CODES = [...BY_CODE.keys()];
