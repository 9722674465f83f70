/** A fresh database per test run: a temporary PGlite directory, or a new PostgreSQL database that is dropped after. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { openPostgres } from '../../src/lib/server/db.ts';

export type DbKind = 'pglite' | 'postgres';

export interface TestDatabase {
  kind: DbKind;
  /** Environment for a server process using this database. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

export async function createTestDatabase(kind: DbKind): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rozum-test-'));
  if (kind === 'pglite') {
    return { kind, env: { DATA_DIR: dataDir }, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `rozum_test_${randomBytes(6).toString('hex')}`;
  const admin = await openPostgres(adminUrl);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.close();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind,
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    async drop() {
      const conn = await openPostgres(adminUrl);
      await conn.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await conn.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const dbKindOf = (projectName: string): DbKind => (projectName.endsWith('postgres') ? 'postgres' : 'pglite');
