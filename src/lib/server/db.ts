/**
 * One query interface over embedded PGlite (local default) or PostgreSQL through the Neon serverless driver
 * (production, or any server named by DATABASE_URL). Callers write parameterised SQL (`query(text, params)`: values never enter the text);
 * they never know which engine answers.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { databaseUrl, dataDir, env, isHosted } from './env.ts';

export type { Database, Queryable, Row } from './queryable.ts';
import type { Database, Queryable } from './queryable.ts';

/** Named through a variable so bundlers leave it out of deployed functions: production never embeds PGlite. */
const PGLITE_MODULE = '@electric-sql/pglite';

export async function openPglite(dir: string): Promise<Database> {
  const { PGlite } = (await import(PGLITE_MODULE)) as typeof import('@electric-sql/pglite');
  mkdirSync(dir, { recursive: true });
  const pg = await PGlite.create(dir);
  const run = async <T>(q: { query: PGliteQuery }, text: string, params?: unknown[]) =>
    (await q.query(text, params)).rows as T[];
  const on = (q: { query: PGliteQuery; exec: (script: string) => Promise<unknown> }): Queryable => ({
    query: (text, params) => run(q, text, params),
    exec: async (script) => void (await q.exec(script)),
  });
  return {
    kind: 'pglite',
    ...on(pg),
    transaction: (fn) => pg.transaction((tx) => fn(on(tx))),
    close: () => pg.close(),
  };
}
type PGliteQuery = (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }>;

export async function openPostgres(url: string): Promise<Database> {
  const { Pool, neonConfig } = await import('@neondatabase/serverless');
  const { default: WebSocket } = await import('ws');
  neonConfig.webSocketConstructor = WebSocket;
  let bridge: { close(): Promise<void> } | undefined;
  if (isLoopback(url)) {
    // A plain PostgreSQL speaks TCP, not Neon's WebSocket protocol: bridge the two on loopback.
    const { startPgBridge } = await import('./pg-bridge.ts');
    const started = await startPgBridge();
    bridge = started;
    neonConfig.wsProxy = (host, port) => `127.0.0.1:${started.port}/v2?address=${host}:${port}`;
    neonConfig.useSecureWebSocket = false;
    neonConfig.pipelineTLS = false;
    neonConfig.pipelineConnect = false;
    neonConfig.forceDisablePgSSL = true;
  }
  const pool = new Pool({ connectionString: url, max: env().DATABASE_POOL_MAX, idleTimeoutMillis: 10_000 });
  pool.on('error', (err: Error) => console.error('[db] idle client error:', err.message));
  // Without parameters a query goes as one simple-protocol message, which may hold several statements.
  return {
    kind: 'postgres',
    query: async (text, params) => (await pool.query(text, params)).rows,
    exec: async (script) => void (await pool.query(script)),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: async (text, params) => (await client.query(text, params)).rows,
          exec: async (script) => void (await client.query(script)),
        });
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
      await bridge?.close();
    },
  };
}

export function isLoopback(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
}

export function openDatabase(url = databaseUrl()): Promise<Database> {
  return url ? openPostgres(url) : openPglite(join(dataDir(), 'pglite'));
}

let shared: Promise<Database> | undefined;
/**
 * The process-wide database, opened on first use. Locally (npm start, tests, scripts) it is migrated then too; a
 * hosted function never migrates on its cold start — the deploy's build runs `npm run db:migrate` (netlify.toml).
 */
export function db(): Promise<Database> {
  shared ??= openDatabase().then(async (database) => {
    if (!isHosted()) {
      const { migrate } = await import('./migrate.ts');
      await migrate(database);
    }
    return database;
  });
  return shared;
}

export async function closeDb(): Promise<void> {
  if (!shared) return;
  const pending = shared;
  shared = undefined;
  await (await pending).close();
}

/**
 * A new, empty PostgreSQL database next to the one adminUrl names, for a test run or a benchmark, with the
 * means to drop it again.
 */
export async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = await openPostgres(adminUrl);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.close();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const conn = await openPostgres(adminUrl);
      await conn.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await conn.close();
    },
  };
}

/** When this database was first created (health): the app_instance row the first migration writes. */
export async function databaseSince(database: Database): Promise<Date> {
  const [row] = await database.query<{ created_at: Date }>('SELECT created_at FROM app_instance');
  return new Date(row.created_at);
}
