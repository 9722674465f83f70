/** A fresh database per test run: a temporary PGlite directory, or a new PostgreSQL database that is dropped after. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchDatabase } from '../../src/lib/server/db.ts';

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
  const scratch = await createScratchDatabase(adminUrl, 'rozum_test');
  return {
    kind,
    env: { DATA_DIR: dataDir, DATABASE_URL: scratch.url },
    async drop() {
      await scratch.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const dbKindOf = (projectName: string): DbKind => (projectName.endsWith('postgres') ? 'postgres' : 'pglite');
