/**
 * Any PostgreSQL but Neon (self-hosted, CI, the benchmark): node-postgres' Pool over TCP, one per process. Measured
 * beside Neon's driver through a WebSocket bridge on the same server, it answered about twice the requests at half
 * the latency (DESIGN.md §2).
 */
import type { Database } from './queryable.ts';
import { queryableOf, transactionOn } from './queryable.ts';

export async function openPg(url: string, poolMax: number): Promise<Database> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: poolMax, idleTimeoutMillis: 10_000 });
  pool.on('error', (err: Error) => console.error('[db] idle client error:', err.message));
  return {
    kind: 'postgres',
    driver: 'pg',
    ...queryableOf(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        return await transactionOn(client, fn);
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
