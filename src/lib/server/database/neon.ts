/**
 * Neon in production, through `@neondatabase/serverless` as its README and https://neon.com/docs/serverless/serverless-driver
 * direct for serverless functions:
 * - a single statement goes as one HTTPS request (`neon()`): one round trip, no connection to open or keep;
 * - a transaction or a script needs a session: a WebSocket `Client` connected, used and closed within the call,
 *   because "in serverless environments … WebSocket connections can't outlive a single request" (README, "Pool and
 *   Client"). Node 22 has a WebSocket of its own, so the driver needs no `ws`.
 *
 * Tests point the driver at a PostgreSQL on this machine through our stand-in for Neon's proxy (NEON_LOCAL_PROXY,
 * tests/support/neon-local.ts), so the production path runs in one integration pass.
 */
import type { Database } from './queryable.ts';
import { queryableOf, transactionOn } from './queryable.ts';

export async function openNeon(url: string, localProxy?: string): Promise<Database> {
  const { neon, neonConfig, Client } = await import('@neondatabase/serverless');
  if (localProxy) {
    // The driver's CONFIG.md, "Advanced configuration": a non-Neon database behind a proxy of one's own, no TLS.
    const proxy = new URL(localProxy);
    neonConfig.fetchEndpoint = () => new URL('/sql', proxy).toString();
    neonConfig.wsProxy = (host, port) => `${proxy.host}/v2?address=${host}:${port}`;
    neonConfig.useSecureWebSocket = false;
    neonConfig.pipelineConnect = false;
  }
  const sql = neon(url);
  const withClient = async <T>(use: (client: InstanceType<typeof Client>) => Promise<T>): Promise<T> => {
    const client = new Client(url);
    await client.connect();
    try {
      return await use(client);
    } finally {
      await client.end();
    }
  };
  return {
    kind: 'postgres',
    driver: 'neon',
    query: async <T>(text: string, params: unknown[] = []) => (await sql.query(text, params)) as T[],
    exec: (script) => withClient((client) => queryableOf(client).exec(script)),
    transaction: (fn) => withClient((client) => transactionOn(queryableOf(client), fn)),
    close: async () => undefined,
  };
}

/** Neon's own hosts; every other PostgreSQL gets `pg`. */
export const isNeonHost = (url: string): boolean => /(^|\.)neon\.tech$/i.test(new URL(url).hostname);
