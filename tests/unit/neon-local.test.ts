/**
 * Our stand-in for Neon's proxy accepts only what @neondatabase/serverless sends, so a driver that changes its format
 * fails the integration:neon run instead of passing unnoticed. What it accepts is proven there, against PostgreSQL;
 * these refusals need no database (none of them connects anywhere).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNeonLocal, type NeonLocal } from '../support/neon-local.ts';

let proxy: NeonLocal;
beforeAll(async () => {
  proxy = await startNeonLocal();
});
afterAll(() => proxy.close());

/** The headers the driver's neon() sends for one statement (index.mjs, `execute`). */
const DRIVER_HEADERS = {
  'Neon-Connection-String': 'postgresql://postgres@127.0.0.1:5432/rozum?application_name=test',
  'Neon-Raw-Text-Output': 'true',
  'Neon-Array-Mode': 'true',
};
const STATEMENT = { query: 'SELECT $1::int AS n', params: ['1'] };

async function post(headers: Record<string, string>, body: unknown) {
  const res = await fetch(`${proxy.url}/sql`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: res.status, message: ((await res.json()) as { message: string }).message };
}

describe("neon-local's /sql", () => {
  it.each([
    ['params not yet serialized to text', DRIVER_HEADERS, { ...STATEMENT, params: [1] }, /params are text or null/],
    ['a key the driver never sends', DRIVER_HEADERS, { ...STATEMENT, arrayMode: false }, /\{ query, params \}/],
    ['JSON-typed output', { ...DRIVER_HEADERS, 'Neon-Raw-Text-Output': 'false' }, STATEMENT, /Raw-Text-Output/],
    ['rows as objects', { ...DRIVER_HEADERS, 'Neon-Array-Mode': 'false' }, STATEMENT, /Array-Mode/],
    ['an unknown Neon header', { ...DRIVER_HEADERS, 'Neon-Pool-Opt-In': 'true' }, STATEMENT, /neon-pool-opt-in/],
    [
      'a non-loopback database',
      { ...DRIVER_HEADERS, 'Neon-Connection-String': 'postgresql://u@db.example/x' },
      STATEMENT,
      /not loopback/,
    ],
    [
      'a connection string without a database',
      { ...DRIVER_HEADERS, 'Neon-Connection-String': 'postgres://u@127.0.0.1' },
      STATEMENT,
      /postgresql:\/\/user@host\/database/,
    ],
    [
      'batch headers on one statement',
      { ...DRIVER_HEADERS, 'Neon-Batch-Read-Only': 'true' },
      STATEMENT,
      /batch headers/,
    ],
    [
      'an isolation level Neon does not name',
      { ...DRIVER_HEADERS, 'Neon-Batch-Isolation-Level': 'serializable' },
      { queries: [STATEMENT] },
      /Serializable/,
    ],
  ])('refuses %s with a 400 that says why', async (_, headers, body, why) => {
    const { status, message } = await post(headers, body);
    expect(status).toBe(400);
    expect(message).toMatch(why);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await fetch(`${proxy.url}/sql`, { method: 'POST', headers: DRIVER_HEADERS, body: 'SELECT 1' });
    expect(res.status).toBe(400);
  });
});

describe("neon-local's WebSocket bridge", () => {
  it('bridges to loopback only', async () => {
    const ws = new WebSocket(`${proxy.url.replace('http', 'ws')}/v2?address=db.example:5432`);
    const outcome = await new Promise((resolve) => {
      ws.onopen = () => resolve('open');
      ws.onerror = () => resolve('refused');
    });
    expect(outcome).toBe('refused');
  });
});
