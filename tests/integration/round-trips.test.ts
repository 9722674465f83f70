/**
 * Database round trips on the hot paths (DESIGN.md §7), counted by the server's debug tally (X-Db-Statements):
 * visitor scoring 0, signed-in score + save ≤ 2, a result read ≤ 2, a payment callback ≤ 3. BEGIN and COMMIT
 * count. Each path runs once first, so what is counted is the warm path a person meets, not a process's first call.
 */
import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { Client, uniqueEmail } from '../support/client.ts';
import { WAYFORPAY } from '../support/fake-providers.ts';
import { iqBank } from '../../src/domain/iq/bank.ts';

const base = inject('baseUrl');
const statements = (res: Response) => Number(res.headers.get('x-db-statements'));

const iqSheet = () => ({
  formId: 0,
  answers: iqBank(0).map((item, i) => ({ questionId: item.id, selectedAnswer: i % 4, timeSpent: 2000 })),
  timeSpent: 300_000,
  lang: 'uk',
  submissionId: crypto.randomUUID(),
});

async function signedUp(): Promise<Client> {
  const client = new Client(base);
  expect((await client.post('/api/auth/signup', { email: uniqueEmail('trips'), password: 'secret1' })).status).toBe(
    201,
  );
  return client;
}

function approved(orderReference: string) {
  const fields = {
    merchantAccount: WAYFORPAY.account,
    orderReference,
    amount: 1,
    currency: 'USD',
    authCode: '541963',
    cardPan: '41****8217',
    transactionStatus: 'Approved',
    reasonCode: 1100,
  };
  const merchantSignature = createHmac('md5', WAYFORPAY.secret).update(Object.values(fields).join(';')).digest('hex');
  return { ...fields, email: 'x@example.com', createdDate: 1700000000, processingDate: 1700000001, merchantSignature };
}
const deliver = (body: unknown) =>
  fetch(`${base}/api/payments/wayforpay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('database round trips per request', () => {
  let user: Client;
  beforeAll(async () => {
    user = await signedUp();
    await new Client(base).post('/api/tests/iq/score', iqSheet());
    await user.post('/api/tests/iq/score', iqSheet());
  });

  it('a visitor scores an IQ sheet without touching the database', async () => {
    const res = await new Client(base).post('/api/tests/iq/score', iqSheet());
    expect(res.status).toBe(200);
    expect(statements(res)).toBe(0);
  });

  it('a signed-in user scores and saves in at most 2 statements', async () => {
    const res = await user.post('/api/tests/iq/score', iqSheet());
    expect(await res.json()).toMatchObject({ saved: true });
    expect(statements(res)).toBeLessThanOrEqual(2);
  });

  it('reading a saved result takes at most 2 statements', async () => {
    const { id } = await (await user.post('/api/tests/iq/score', iqSheet())).json();
    const res = await user.get(`/api/results/iq/${id}?lang=uk`);
    expect(res.status).toBe(200);
    expect(statements(res)).toBeLessThanOrEqual(2);
  });

  it('a payment callback is verified, recorded and applied in at most 3 statements', async () => {
    const buyer = await signedUp();
    const checkout = await buyer.post('/api/payments/checkout', { fullName: 'Петро', phone: '+380501234567' });
    const { orderReference } = await checkout.json();
    const first = await deliver(approved(orderReference));
    expect(first.status).toBe(200);
    expect(statements(first)).toBeLessThanOrEqual(3);
    const repeat = await deliver(approved(orderReference));
    expect(repeat.status).toBe(200);
    expect(statements(repeat)).toBeLessThanOrEqual(3);
  });
});
