/**
 * GET /api/stats over HTTP, on a server of this file's own whose database starts empty: the counts are the saved
 * results, the same answer serves a minute, and only GET is answered.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signedUp } from '../support/accounts.ts';
import { Client } from '../support/client.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { spawnServer, waitForHealth, type ServerProcess } from '../support/server.ts';
import { iqSheetFor, takeSitting } from '../support/sittings.ts';
import { TEST_APP_SECRET } from '../support/test-secret.ts';

let database: TestDatabase;
let server: ServerProcess;
beforeAll(async () => {
  database = await createTestDatabase(inject('dbDriver'));
  // The tests' own secret: sittings are taken as served earlier (tests/support/sittings.ts servedEarlier).
  server = await spawnServer({ ...database.env, APP_SECRET: TEST_APP_SECRET });
  await waitForHealth(server.url);
});
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

/** Takes an IQ sitting in the client's browser and sends its sheet, every answer right. */
async function scoreIq(client: Client) {
  const sitting = await takeSitting(client.get, 'en');
  return client.post(
    '/api/tests/iq/score',
    iqSheetFor(sitting, () => true),
  );
}

describe('GET /api/stats', () => {
  it('counts the results saved to accounts — not a visitor’s unsaved sheet — and serves that count for a minute', async () => {
    // The database is new: nothing is saved yet, and nothing has asked for the counts.
    const client = await signedUp(server.url);
    expect((await scoreIq(client)).status).toBe(200);
    expect((await scoreIq(client)).status).toBe(200);
    expect((await scoreIq(new Client(server.url))).status).toBe(200);

    const res = await fetch(`${server.url}/api/stats`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const body = await res.json();
    expect(body).toMatchObject({
      iqToday: 2,
      professionalToday: 0,
      resultsThisMonth: 2,
      counted: 'saved results',
      timeZone: 'Europe/Kyiv',
    });
    expect(Date.parse(body.asOf)).toBeLessThanOrEqual(Date.now());

    // Another save within the minute: every request of the minute gets the same answer.
    expect((await scoreIq(client)).status).toBe(200);
    expect(await (await fetch(`${server.url}/api/stats`)).json()).toEqual(body);
  });

  it('answers only GET (and HEAD): another method is refused with 405 and a message key', async () => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const res = await fetch(`${server.url}/api/stats`, { method });
      expect(res.status, method).toBe(405);
      expect((await res.json()).error).toBe('api.error.method_not_allowed');
    }
    const head = await fetch(`${server.url}/api/stats`, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });
});
