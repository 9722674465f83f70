/**
 * Any PostgreSQL but Neon (self-hosted, CI, the benchmark): node-postgres' Pool over TCP, one per process. Measured
 * beside Neon's driver through a WebSocket bridge on the same server, it answered about twice the requests at half
 * the latency (DESIGN.md §2).
 */
import type { Pool, PoolClient } from 'pg';
import type { Database, Queryable } from './queryable.ts';
import { transactionOn } from './queryable.ts';

/**
 * Parameterised statements go as named prepared statements, so PostgreSQL plans each once per connection instead of
 * on every call: planning the session lookup cost more than running it (20 connections on this machine: 2,800 → 11,200
 * a second). Their texts are our fixed templates; past MAX_NAMED distinct texts the rest go unnamed, so no stream
 * of texts can fill the server's memory. A statement without parameters (a script) goes as a simple query.
 */
const MAX_NAMED = 500;
const names = new Map<string, string>();
function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (!name && names.size < MAX_NAMED) names.set(text, (name = `rozum_${names.size}`));
  return name;
}

const preparing = (client: Pool | PoolClient): Queryable => ({
  query: async <T>(text: string, params?: unknown[]) =>
    (params?.length ? await client.query({ name: nameOf(text), text, values: params }) : await client.query(text))
      .rows as T[],
  exec: async (script) => void (await client.query(script)),
});

export async function openPg(url: string, poolMax: number): Promise<Database> {
  const { default: pg } = await import('pg');
  // Connections stay open through a lull: closed after pg's default 10 s idle, they were opened again in the next
  // rush, each a new PostgreSQL backend with cold caches and its statements to prepare again, and requests queued
  // behind them (at 200 req/s here: p99 120–360 ms with 10 s, 40–58 ms with 5 minutes).
  // Idle connections never keep a process alive (a script that ends without closing the database still exits).
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    idleTimeoutMillis: 5 * 60_000,
    allowExitOnIdle: true,
  });
  pool.on('error', (err: Error) => console.error('[db] idle client error:', err.message));
  return {
    kind: 'postgres',
    driver: 'pg',
    ...preparing(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        return await transactionOn(preparing(client), fn);
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
