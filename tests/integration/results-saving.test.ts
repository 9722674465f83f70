/** Saving results: signed-in scoring, claiming a visitor's tokens (idempotent), ownership, history and stats. */
import { describe, expect, inject, it } from 'vitest';
import { Client, uniqueEmail } from '../support/client.ts';
import { iqBank, SERVED_FORM_IDS } from '../../src/domain/iq/bank.ts';
import { sittingSheet, takeSitting } from '../support/sittings.ts';
import { legacyCoreInOrder } from '../../src/domain/career/questions.ts';

const base = inject('baseUrl');
const bank = iqBank(0);
const iqSheet = (right: number) => ({
  formId: 0,
  answers: bank.map((item, i) => ({
    questionId: item.id,
    selectedAnswer: i < right ? item.correctAnswer : (item.correctAnswer + 1) % 6,
    timeSpent: 2000,
  })),
  timeSpent: 500_000,
  lang: 'uk',
});
const careerSheet = () => ({
  answers: legacyCoreInOrder().map((q) => ({ questionId: q.id, selectedAnswer: q.type === 3, timeSpent: 1000 })),
  timeSpent: 300_000,
  lang: 'en',
});

async function user() {
  const client = new Client(base);
  expect((await client.post('/api/auth/signup', { email: uniqueEmail(), password: 'secret1' })).status).toBe(201);
  return client;
}

describe('saving results', () => {
  it('saves a test scored while signed in, once per submission id', async () => {
    const client = await user();
    const submissionId = crypto.randomUUID();
    const first = await (await client.post('/api/tests/iq/score', { ...iqSheet(20), submissionId })).json();
    const again = await (await client.post('/api/tests/iq/score', { ...iqSheet(20), submissionId })).json();
    expect(first).toMatchObject({ saved: true, id: expect.any(String) });
    expect(again.id).toBe(first.id);
    const history = await (await client.get('/api/results?type=iq')).json();
    expect(history.items.map((i: { id: string }) => i.id)).toEqual([first.id]);
    expect(history.items[0]).toMatchObject({ iqEstimate: 128, iqBound: null, ratingLabel: 'superior' });
  });

  it('serves a signed-in user a form not taken while one remains, then the one taken longest ago', async () => {
    const client = await user();
    const taken: number[] = [];
    for (let i = 0; i < SERVED_FORM_IDS.length; i++) {
      const sitting = await takeSitting((path) => client.get(path), 'en');
      const { formId } = sitting;
      expect(taken).not.toContain(formId);
      taken.push(formId);
      const sheet = sittingSheet(sitting, (item) => item.correctAnswer, 20_000);
      const saved = await (
        await client.post('/api/tests/iq/score', { ...sheet, submissionId: crypto.randomUUID() })
      ).json();
      const read = await (await client.get(`/api/results/iq/${saved.id}?lang=en`)).json();
      expect(read.result).toMatchObject({ formId, score: 43, reliability: 0.75 });
    }
    expect((await (await client.get('/api/tests/iq/form?lang=uk')).json()).formId).toBe(taken[0]);
  });

  it('claims a visitor token into the account, once however often it is claimed', async () => {
    const visitor = new Client(base);
    const { token } = await (await visitor.post('/api/tests/professional/score', careerSheet())).json();
    const client = await user();
    const first = await client.post('/api/results/claim', { tokens: [token] });
    expect(first.status).toBe(200);
    const [claimed] = (await first.json()).claimed;
    expect(claimed).toMatchObject({ kind: 'professional', id: expect.any(String) });
    const second = await (await client.post('/api/results/claim', { tokens: [token] })).json();
    expect(second.claimed[0].id).toBe(claimed.id);
    const history = await (await client.get('/api/results?type=professional')).json();
    expect(history.items).toHaveLength(1);
    expect(history.items[0]).toMatchObject({ id: claimed.id, primaryType: 3 });
    const saved = await (await client.get(`/api/results/professional/${claimed.id}?lang=uk`)).json();
    expect(saved.result).toMatchObject({
      primaryType: 3,
      personalityType: 'Фронтмен',
      language: 'uk',
      access: 'teaser',
    });
  });

  it('refuses a tampered token and a claim by a visitor', async () => {
    const { token } = await (await new Client(base).post('/api/tests/iq/score', iqSheet(3))).json();
    const client = await user();
    const res = await client.post('/api/results/claim', { tokens: [`${token.slice(0, -2)}xx`] });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('token.error.invalid');
    expect((await new Client(base).post('/api/results/claim', { tokens: [token] })).status).toBe(401);
    expect((await client.post('/api/results/claim', { tokens: [] })).status).toBe(400);
  });

  it('shows a result only to its owner: anyone else gets not found, and it is not in their list', async () => {
    const alice = await user();
    const bob = await user();
    const { id } = await (await alice.post('/api/tests/iq/score', iqSheet(10))).json();
    expect((await alice.get(`/api/results/iq/${id}`)).status).toBe(200);
    const stolen = await bob.get(`/api/results/iq/${id}`);
    expect(stolen.status).toBe(404);
    expect((await stolen.json()).error).toBe('results.error.not_found');
    expect((await (await bob.get('/api/results?type=iq')).json()).items).toEqual([]);
    expect((await new Client(base).get(`/api/results/iq/${id}`)).status).toBe(401);
    expect((await alice.get(`/api/results/professional/${id}`)).status).toBe(404);
    expect((await alice.get('/api/results/iq/not-a-uuid')).status).toBe(404);
    expect((await alice.get('/api/results?type=other')).status).toBe(400);
  });

  it('counts statistics and achievements, with the premium figures hidden without premium', async () => {
    const client = await user();
    expect((await (await client.get('/api/me/stats')).json()).bestIQ).toBeNull();
    await client.post('/api/tests/iq/score', iqSheet(20));
    await client.post('/api/tests/professional/score', careerSheet());
    const stats = await (await client.get('/api/me/stats')).json();
    // The best IQ is the one the history lists to everyone: shown, not "?".
    const [listed] = (await (await client.get('/api/results?type=iq')).json()).items;
    expect(stats).toMatchObject({
      totalTests: 1,
      professionalTests: 1,
      bestIQ: listed.iqEstimate,
      statsLocked: true,
      averageIQ: null,
      averageAccuracy: null,
      improvementTrend: null,
    });
    expect(stats.achievements.unlocked).toEqual(['firstTest', 'speed', 'perfect']);
  });
});
