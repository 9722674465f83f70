/**
 * One query interface over three drivers (README, "Database"): embedded PGlite when DATABASE_URL is unset (the local
 * default), Neon's serverless driver for a Neon host (production), and `pg` over TCP for any other PostgreSQL.
 * Callers write parameterised SQL (`query(text, params)`: values never enter the text); they never know which
 * driver answers.
 */
import { join } from 'node:path';
import { databaseUrl, dataDir, env, isHosted } from './env.ts';
import { openPglite } from './database/pglite.ts';
import { counting } from './database/statements.ts';
import type { Database } from './database/queryable.ts';

export type { Database, Queryable, Row } from './database/queryable.ts';

/** NEON_LOCAL_PROXY (tests) sends Neon's driver to our stand-in for Neon's proxy; a deploy ignores it. */
const neonLocalProxy = (): string | undefined => (isHosted() ? undefined : env().NEON_LOCAL_PROXY);

/** The database DATABASE_URL names (or the embedded one), every statement counted into a request's debug tally. */
export async function openDatabase(url = databaseUrl(), pgliteDir = join(dataDir(), 'pglite')): Promise<Database> {
  return counting(await openDriver(url, pgliteDir));
}

async function openDriver(url: string | undefined, pgliteDir: string): Promise<Database> {
  if (!url) return openPglite(pgliteDir);
  const { isNeonHost, openNeon } = await import('./database/neon.ts');
  const proxy = neonLocalProxy();
  if (proxy || isNeonHost(url)) return openNeon(url, proxy);
  const { openPg } = await import('./database/pg.ts');
  return openPg(url, env().DATABASE_POOL_MAX);
}

let shared: Promise<Database> | undefined;
/**
 * The process-wide database, opened on first use. Locally (npm start, tests, scripts) it is migrated then too; a
 * hosted function never migrates on its cold start — a production deploy's build runs `npm run db:migrate`
 * (netlify.toml).
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
  const admin = await openDatabase(adminUrl);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.close();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const conn = await openDatabase(adminUrl);
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
