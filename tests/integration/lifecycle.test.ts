/**
 * `npm start` as a process: it honours PORT, shuts down cleanly on SIGTERM, and the database it created
 * is still there after a restart.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { spawnServer, waitForHealth } from '../support/server.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase(inject('dbDriver'));
});
afterAll(() => database.drop());

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

describe('server process', () => {
  it('keeps its database across a clean restart and listens on PORT', async () => {
    const port = await freePort();
    const first = await spawnServer({ ...database.env, PORT: String(port) });
    expect(first.url).toBe(`http://127.0.0.1:${port}`);
    const before = await waitForHealth(first.url);
    expect(before.db).toBe(inject('dbKind'));
    expect(await first.stop()).toBe(0);
    expect(first.output()).toContain('stopped cleanly');

    const second = await spawnServer(database.env);
    const after = await waitForHealth(second.url);
    expect(after.since).toBe(before.since);
    expect(await second.stop()).toBe(0);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY says a proxy stands in front, so a fresh header resets no limit', async () => {
    const server = await spawnServer({ ...database.env, TRUST_PROXY: '' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await fetch(`${server.url}/api/auth/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i}` },
          body: JSON.stringify({ email: `xff${i}.${Date.now()}@example.com`, password: 'secret1' }),
        });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await server.stop();
    }
  });
});
