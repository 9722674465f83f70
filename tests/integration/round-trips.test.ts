/**
 * Database round trips on the hot paths (DESIGN.md §7), counted by the server's debug tally (X-Db-Statements):
 * visitor scoring 0, signed-in score + save ≤ 2, a result read ≤ 2, a payment callback ≤ 3. BEGIN and COMMIT
 * count. Each path runs once first, so what is counted is the warm path a person meets, not a process's first call.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { signedUp } from '../support/accounts.ts';
import { Client } from '../support/client.ts';
import { deliverCallback, serviceCallback } from '../support/wayforpay.ts';
import { iqSheetFor, takeSitting } from '../support/sittings.ts';

const base = inject('baseUrl');
const statements = (res: Response) => Number(res.headers.get('x-db-statements'));

/**
 * Scores a sheet of a sitting served to this client's browser, half of it right. The form is fetched first, outside
 * the count: the request counted is the score itself.
 */
async function scoreIq(client: Client): Promise<Response> {
  const sitting = await takeSitting(client.get, 'uk');
  return client.post(
    '/api/tests/iq/score',
    iqSheetFor(sitting, (item) => item.id % 2 === 0),
  );
}

describe('database round trips per request', () => {
  let user: Client;
  beforeAll(async () => {
    user = await signedUp(base);
    await scoreIq(new Client(base));
    await scoreIq(user);
  });

  it('a visitor scores an IQ sheet without touching the database', async () => {
    const res = await scoreIq(new Client(base));
    expect(res.status).toBe(200);
    expect(statements(res)).toBe(0);
  });

  it('a signed-in user scores and saves in at most 2 statements', async () => {
    const res = await scoreIq(user);
    expect(await res.json()).toMatchObject({ saved: true });
    expect(statements(res)).toBeLessThanOrEqual(2);
  });

  it('reading a saved result takes at most 2 statements', async () => {
    const { id } = await (await scoreIq(user)).json();
    const res = await user.get(`/api/results/iq/${id}?lang=uk`);
    expect(res.status).toBe(200);
    expect(statements(res)).toBeLessThanOrEqual(2);
  });

  it('a payment callback is verified, recorded and applied in at most 3 statements', async () => {
    const buyer = await signedUp(base);
    const checkout = await buyer.post('/api/payments/checkout', { fullName: 'Петро', phone: '+380501234567' });
    const { orderReference } = await checkout.json();
    const first = await deliverCallback(base, serviceCallback(orderReference));
    expect(first.status).toBe(200);
    expect(statements(first)).toBeLessThanOrEqual(3);
    const repeat = await deliverCallback(base, serviceCallback(orderReference));
    expect(repeat.status).toBe(200);
    expect(statements(repeat)).toBeLessThanOrEqual(3);
  });

  it('every provider status, refusal and renewal is applied in at most 3 statements', async () => {
    const buyer = await signedUp(base);
    const checkout = async () =>
      (await (await buyer.post('/api/payments/checkout', { fullName: 'Петро', phone: '+380501234567' })).json())
        .orderReference as string;
    const [paid, declined, expired, unpaid] = [await checkout(), await checkout(), await checkout(), await checkout()];
    // Each kind of callback in an order that gives it its effect; the figure for each is reported at once.
    const kinds: [string, string, string, number, number][] = [
      ['first Approved', paid, 'Approved', 1, 200],
      ['replayed Approved', paid, 'Approved', 1, 200],
      ['renewal Approved', `${paid}_WFPREG-1`, 'Approved', 1, 200],
      ['replayed renewal', `${paid}_WFPREG-1`, 'Approved', 1, 200],
      ['renewal Declined', `${paid}_WFPREG-2`, 'Declined', 1, 200],
      ['renewal Expired', `${paid}_WFPREG-3`, 'Expired', 1, 200],
      ['renewal Refunded', `${paid}_WFPREG-1`, 'Refunded', 1, 200],
      ['first payment Voided', paid, 'Voided', 1, 200],
      ['Declined', declined, 'Declined', 1, 200],
      ['Expired', expired, 'Expired', 1, 200],
      ['undocumented status', unpaid, 'Teleported', 1, 200],
      ['renewal of an unpaid order', `${unpaid}_WFPREG-1`, 'Approved', 1, 400],
      ['unknown order', 'GP0000000000000AAAAAA', 'Approved', 1, 400],
      ['amount mismatch', unpaid, 'Approved', 2, 400],
    ];
    const counts: Record<string, number> = {};
    for (const [kind, reference, status, amount, expected] of kinds) {
      const res = await deliverCallback(base, serviceCallback(reference, status, { amount }));
      expect(res.status, kind).toBe(expected);
      counts[kind] = statements(res);
    }
    expect(Object.entries(counts).filter(([, n]) => n > 3)).toEqual([]);
  });
});
