/**
 * A fresh database per test run: a temporary PGlite directory, or a new PostgreSQL database that is dropped after —
 * reached through `pg`, or through Neon's serverless driver and our stand-in for Neon's proxy (neon-local.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchDatabase } from '../../src/lib/server/db.ts';
import { useNeonLocal } from './neon-local.ts';

/** The SQL engine, as GET /api/health reports it. */
export type DbKind = 'pglite' | 'postgres';
/** The driver the application talks to it with (src/lib/server/database/). */
export type DbDriver = 'pglite' | 'pg' | 'neon';

export interface TestDatabase {
  kind: DbKind;
  driver: DbDriver;
  /** Environment for a server process (or this one) using this database through that driver. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

export async function createTestDatabase(driver: DbDriver): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rozum-test-'));
  if (driver === 'pglite') {
    const drop = async () => rmSync(dataDir, { recursive: true, force: true });
    return { kind: 'pglite', driver, env: { DATA_DIR: dataDir }, drop };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const scratch = await createScratchDatabase(adminUrl, 'rozum_test');
  // The proxy lives in this process for as long as the database does; db.ts points the driver at it.
  const proxy = driver === 'neon' ? await useNeonLocal() : undefined;
  return {
    kind: 'postgres',
    driver,
    env: { DATA_DIR: dataDir, DATABASE_URL: scratch.url, ...(proxy && { NEON_LOCAL_PROXY: proxy.url }) },
    async drop() {
      await scratch.drop();
      await proxy?.release();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** integration:pglite, integration:postgres (`pg`), integration:neon (Neon's driver, same PostgreSQL). */
export const dbDriverOf = (projectName: string): DbDriver =>
  projectName.endsWith(':neon') ? 'neon' : projectName.endsWith(':postgres') ? 'pg' : 'pglite';
