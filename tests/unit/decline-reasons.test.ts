/**
 * The reason a payer is told, held to WayForPay's published "Codes of responses"
 * (https://wiki.wayforpay.com/en/view/852131): each code we explain is one of the table's, says what its row says the
 * payer can do, and a code we do not know adds nothing.
 */
import { describe, expect, it } from 'vitest';
import { declineReason, EXPLAINED_CODES } from '../../src/domain/decline-reasons.ts';
import en from '../../src/i18n/en.json' with { type: 'json' };
import uk from '../../src/i18n/uk.json' with { type: 'json' };

/** The table's codes and titles as published (1100–1149, and 5100 "Wait 3ds data"). */
const PUBLISHED: Record<number, string> = {
  1100: 'Ok',
  1101: 'Declined To Card Issuer',
  1102: 'Bad CVV2',
  1103: 'Expired card',
  1104: 'Insufficient Funds',
  1105: 'Invalid Card',
  1106: 'Exceed Withdrawal Frequency',
  1108: 'Three Ds Fail',
  1109: 'Format Error',
  1110: 'Invalid Currency',
  1112: 'Duplicate Order ID',
  1113: 'Invalid signature',
  1114: 'Fraud',
  1115: 'Parameter is missing',
  1116: 'Token not found',
  1117: 'API Not Allowed',
  1118: 'Merchant Restriction',
  1120: 'Authentication unavailable',
  1121: 'Account Not Found',
  1122: 'Gate Declined',
  1123: 'Refund Not Allowed',
  1124: 'Cardholder session expired',
  1125: 'Cardholder canceled the request',
  1126: 'Illegal Order State',
  1127: 'Order Not Found',
  1128: 'Refund Limit Excended',
  1129: 'ScriptError',
  1130: 'Invalid Amount',
  1131: 'Transaction in processing',
  1132: 'Transaction Is Delayed',
  1133: 'Invalid commission',
  1134: 'Transaction is pending',
  1135: 'Card limits failed',
  1136: 'Merchant Balance Is Very Small',
  1137: 'Invalid Confirmation Amount',
  1138: 'RefundInProcessing',
  1139: 'External decline while credit',
  1140: 'Exceed Withdrawal Frequency While Credit',
  1141: 'Partial void is not supported',
  1142: 'Refused a credit',
  1143: 'Invalid phone number',
  1144: 'Transaction is awaiting delivery',
  1145: 'Transaction is awaiting credit decision',
  1146: 'Restricted card',
  1147: 'Client is not found',
  1148: 'Client is not linked',
  1149: 'Client is locked',
  5100: 'Wait 3ds data',
};

describe('the reason a declined payer is told', () => {
  it('explains only codes from the published table, never Ok', () => {
    for (const code of EXPLAINED_CODES) expect(PUBLISHED[code], `code ${code}`).toBeDefined();
    expect(declineReason('Declined', 1100)).toBeNull();
  });

  it.each([
    [1101, 'bank'],
    [1106, 'bank'],
    [1146, 'bank'],
    [1102, 'details'],
    [1103, 'details'],
    [1105, 'details'],
    [1104, 'funds'],
    [1108, 'secure'],
    [1120, 'secure'],
    [1124, 'expired'],
    [1125, 'cancelled'],
    [1114, 'security'],
    [1113, 'ours'],
    [1122, 'ours'],
  ] as const)('%i (%s in the table) → %s', (code, reason) => {
    expect(declineReason('Declined', code)).toBe(reason);
  });

  it('says nothing it cannot stand behind: an unknown code, no code, a status or refund code', () => {
    for (const code of [null, 0, 999, 1107, 1131, 1134, 1138, 4100, 5100])
      expect(declineReason('Declined', code)).toBeNull();
    // An order WayForPay let expire ran out of time, with or without a code.
    expect(declineReason('Expired', null)).toBe('expired');
    expect(declineReason('Expired', 1104)).toBe('funds');
  });

  it('has words for every reason in both languages', () => {
    const reasons = new Set(EXPLAINED_CODES.map((c) => declineReason('Declined', c)));
    for (const reason of reasons) {
      expect(uk[`paymentResult.reason.${reason}` as keyof typeof uk], reason!).toBeTruthy();
      expect(en[`paymentResult.reason.${reason}` as keyof typeof en], reason!).toBeTruthy();
    }
  });
});
