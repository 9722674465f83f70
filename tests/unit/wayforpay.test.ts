import { describe, expect, it } from 'vitest';
import {
  acceptResponse,
  callbackSignature,
  parseCallbackBody,
  purchaseSignature,
  regularFields,
  signWidgetRequest,
  verifyServiceCallback,
  type MerchantConfig,
  type WidgetRequest,
} from '../../src/lib/server/payments/wayforpay/index.ts';
import { RENEWAL_REFERENCE } from '../../src/lib/server/payments/charges.ts';
import * as documented from '../support/wayforpay.ts';

const config: MerchantConfig = {
  account: 'test_merch_n1',
  domain: 'www.market.ua',
  secretKey: 'flk3409refn54t54t*FNJRET',
  password: 'p',
  apiBase: 'http://fake',
};
const request: WidgetRequest = {
  orderReference: 'DH783023',
  orderDate: 1415379863,
  amount: '1547.36',
  currency: 'UAH',
  productName: ['Процессор Intel Core i5-4670 3.4GHz', 'Память Kingston DDR3-1600 4096MB PC3-12800'],
  productCount: [1, 1],
  productPrice: ['1000', '547.36'],
  clientFirstName: 'Вася',
  clientLastName: 'Васечкин',
  clientEmail: 'some@mail.com',
  clientPhone: '380631234567',
  language: 'UA',
  serviceUrl: 'https://rozum.example/api/payments/wayforpay',
};

describe('WayForPay signatures', () => {
  it('sign the purchase as the documented formula says: the fields joined by ";" under HMAC-MD5', () => {
    const expected = documented.purchaseSignature(
      {
        merchantAccount: 'test_merch_n1',
        merchantDomainName: 'www.market.ua',
        orderReference: 'DH783023',
        orderDate: 1415379863,
        amount: '1547.36',
        currency: 'UAH',
        productName: ['Процессор Intel Core i5-4670 3.4GHz', 'Память Kingston DDR3-1600 4096MB PC3-12800'],
        productCount: [1, 1],
        productPrice: ['1000', '547.36'],
      },
      config.secretKey,
    );
    expect(purchaseSignature(request, config)).toBe(expected);
    expect(expected).toBe('c9bc2d1b724bf410e36f6d6adc0d3c45');
  });

  it('build the widget parameters with SimpleSignature, the language, the service URL and a monthly renewal', () => {
    const params = signWidgetRequest(
      { ...request, regular: { mode: 'monthly', amount: '1', dateNext: '22.12.2026', dateEnd: '22.11.2027' } },
      config,
    );
    expect(params).toMatchObject({
      merchantAccount: 'test_merch_n1',
      authorizationType: 'SimpleSignature',
      language: 'UA',
      straightWidget: true,
      serviceUrl: request.serviceUrl,
      regularMode: 'monthly',
      regularOn: 1,
      dateNext: '22.12.2026',
    });
    expect(params.merchantSignature).toBe(purchaseSignature(request, config));
  });

  it('leave the regular-payment fields out of the signature', () => {
    const plain = signWidgetRequest(request, config);
    const regular = signWidgetRequest(
      { ...request, regular: { mode: 'monthly', amount: '1', dateNext: '22.12.2026', dateEnd: '22.11.2027' } },
      config,
    );
    expect(regular.merchantSignature).toBe(plain.merchantSignature);
  });

  it('read a callback with a nested object or an array in a signed field as malformed', () => {
    const ok = {
      merchantAccount: 'm',
      orderReference: 'GP1',
      amount: 1,
      currency: 'USD',
      transactionStatus: 'Approved',
      merchantSignature: 'x',
    };
    expect(parseCallbackBody(JSON.stringify(ok))).not.toBeNull();
    for (const field of [
      'amount',
      'currency',
      'authCode',
      'cardPan',
      'transactionStatus',
      'reasonCode',
      'merchantSignature',
    ]) {
      expect(parseCallbackBody(JSON.stringify({ ...ok, [field]: { $gt: '' } })), field).toBeNull();
      expect(parseCallbackBody(JSON.stringify({ ...ok, [field]: [1] })), field).toBeNull();
    }
    expect(parseCallbackBody(JSON.stringify([ok]))).toBeNull();
  });

  it('recognise a renewal charge by the order it belongs to', () => {
    expect(RENEWAL_REFERENCE.exec('GP1763888888888A1B2C3_WFPREG-1')?.[1]).toBe('GP1763888888888A1B2C3');
    expect(RENEWAL_REFERENCE.exec('GP1763888888888A1B2C3_WFPREG-541278-12')?.[1]).toBe('GP1763888888888A1B2C3');
    for (const ref of ['GP1763888888888A1B2C3', 'GP1_WFPREG-', 'GP1_WFPREG-x', 'GP1_WFPREG-1_WFPREG-2', '_WFPREG-1'])
      expect(RENEWAL_REFERENCE.test(ref), ref).toBe(false);
  });

  it('check a service callback over merchantAccount;orderReference;amount;currency;authCode;cardPan;transactionStatus;reasonCode', () => {
    const fields = {
      merchantAccount: 'test_merch_n1',
      orderReference: 'GP1',
      amount: 1,
      currency: 'USD',
      authCode: '541963',
      cardPan: '41****8217',
      transactionStatus: 'Approved',
      reasonCode: 1100,
    };
    const signature = documented.callbackSignature(fields, config.secretKey);
    expect(callbackSignature(fields, config.secretKey)).toBe(signature);
    expect(verifyServiceCallback({ ...fields, merchantSignature: signature }, config)).toBe(true);
    expect(
      verifyServiceCallback({ ...fields, transactionStatus: 'Declined', merchantSignature: signature }, config),
    ).toBe(false);
    expect(verifyServiceCallback({ ...fields, merchantSignature: 'nonsense' }, config)).toBe(false);
  });

  it('answer with orderReference;accept;time signed', () => {
    expect(acceptResponse('GP1', 1415379863, config.secretKey)).toEqual({
      orderReference: 'GP1',
      status: 'accept',
      time: 1415379863,
      signature: documented.acceptSignature('GP1', 1415379863, config.secretKey),
    });
  });

  it('read the callback body as JSON, also when it arrives as a form key', () => {
    const body = JSON.stringify({ orderReference: 'GP1', transactionStatus: 'Approved' });
    expect(parseCallbackBody(body)?.orderReference).toBe('GP1');
    expect(parseCallbackBody(`${encodeURIComponent(body)}=`)?.orderReference).toBe('GP1');
    expect(parseCallbackBody('garbage')).toBeNull();
  });
});

describe('the monthly regular payment the widget asks for (wiki.wayforpay.com/en/view/852102; php-sdk Regular.php)', () => {
  const fields = regularFields({ mode: 'monthly', amount: '1', dateNext: '22.12.2026', dateEnd: '22.11.2027' });
  it('turns the regular payment on (regularOn 1)', () => expect(fields.regularOn).toBe(1));
  it('fixes its terms on the payment page (regularBehavior preset)', () =>
    expect(fields.regularBehavior).toBe('preset'));
  it('charges monthly (regularMode monthly, one of once/daily/weekly/monthly/quarterly/halfyearly/yearly)', () =>
    expect(fields.regularMode).toBe('monthly'));
  it('charges the price each time (regularAmount)', () => expect(fields.regularAmount).toBe('1'));
  it('starts at the end of the paid period (dateNext, DD.MM.YYYY)', () =>
    expect(fields.dateNext).toMatch(/^\d{2}\.\d{2}\.\d{4}$/));
  it('ends a year on (dateEnd, DD.MM.YYYY), which preset requires unless regularCount is given', () => {
    expect(fields.dateEnd).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    expect(fields).not.toHaveProperty('regularCount');
  });
  it('sends nothing else', () =>
    expect(Object.keys(fields).sort()).toEqual([
      'dateEnd',
      'dateNext',
      'regularAmount',
      'regularBehavior',
      'regularMode',
      'regularOn',
    ]));
});
