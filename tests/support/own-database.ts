/**
 * The `*-db` integration tests: a database of the test file's own, which the application's modules open in this
 * process (db.ts reads the environment set here), through the project's driver; closed and dropped after the file.
 */
import { afterAll, beforeAll, inject } from 'vitest';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { TEST_APP_SECRET } from './test-secret.ts';

export function ownDatabase(env: Record<string, string> = {}): void {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(inject('dbDriver'));
    // The tests' own secret, so sittings can be taken as served earlier here too (sittings.ts servedEarlier).
    Object.assign(process.env, database.env, { APP_SECRET: TEST_APP_SECRET }, env);
    (await import('../../src/lib/server/env.ts')).resetEnvForTests();
  });
  afterAll(async () => {
    await (await import('../../src/lib/server/db.ts')).closeDb();
    await database.drop();
  });
}
