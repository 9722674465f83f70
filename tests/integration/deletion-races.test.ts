/**
 * Deleting an account while its holder's other requests are under way (issue 44, point 4): share, promo, score,
 * claim, checkout and export racing DELETE /api/me answer 4xx (gone, not found) or succeed before it — never 5xx —
 * and leave no row of the person behind.
 */
import { describe, expect, inject, it } from 'vitest';
import { Client } from '../support/client.ts';
import { PASSWORD, signUp } from '../support/accounts.ts';
import { iqSheetFor, careful, takeSitting, careerSheetFor, takeCareerSitting } from '../support/sittings.ts';

const base = inject('baseUrl');

/** A new account holding a saved IQ result, with a visitor's token from another sitting to claim. */
async function holder() {
  const client = new Client(base);
  const { email } = await signUp(client, { fullName: 'Race Person' });
  const iq = await (
    await client.post('/api/tests/iq/score', iqSheetFor(await takeSitting(client.get, 'en'), careful, 30_000))
  ).json();
  // A visitor's sheet in the same browser, before signing in: its token is claimed later.
  const visitor = new Client(base);
  const scored = await (
    await visitor.post('/api/tests/iq/score', iqSheetFor(await takeSitting(visitor.get, 'en'), careful, 30_000))
  ).json();
  return { client, email, iqId: iq.id as string, token: scored.token as string };
}

type Race = (h: Awaited<ReturnType<typeof holder>>) => Promise<Response>;
const RACES: Record<string, Race> = {
  share: (h) => h.client.post(`/api/results/iq/${h.iqId}/share`, { lang: 'en', showName: true }),
  promo: (h) => h.client.post('/api/promo', { promoCode: 'WELCOME30' }),
  score: async (h) =>
    h.client.post('/api/tests/iq/score', iqSheetFor(await takeSitting(h.client.get, 'en'), careful, 30_000)),
  career: async (h) =>
    h.client.post(
      '/api/tests/professional/score',
      await careerSheetFor(h.client.post, await takeCareerSitting(h.client.get, 'en'), (t) => t === 2),
    ),
  claim: (h) => h.client.post('/api/results/claim', { tokens: [h.token] }),
  checkout: (h) =>
    h.client.post('/api/payments/checkout', {
      testType: 'iq',
      testResultId: h.iqId,
      fullName: 'Race Person',
      phone: '+380501234567',
      lang: 'en',
    }),
  export: (h) => h.client.get('/api/me/export'),
};

describe('deleting an account while its other requests are under way', () => {
  it.each(Object.keys(RACES))('%s racing DELETE /api/me answers 2xx or 4xx, never 5xx', async (name) => {
    const statuses: number[] = [];
    for (let round = 0; round < 4; round++) {
      const h = await holder();
      const race = RACES[name];
      const [deleted, ...others] = await Promise.all([
        h.client.request('/api/me', { method: 'DELETE', json: { password: PASSWORD, lang: 'en' } }),
        // Spread over the deletion's own time (its password check takes tens of milliseconds): before, during, after.
        ...Array.from({ length: 6 }, (_, i) =>
          new Promise((r) => setTimeout(r, i * 25)).then(() =>
            race(h).catch(() => new Response(null, { status: 599 })),
          ),
        ),
      ]);
      expect(deleted.status).toBe(200);
      statuses.push(...others.map((r) => r.status));
    }
    console.log(name, statuses.join(' '));
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
  });
});
