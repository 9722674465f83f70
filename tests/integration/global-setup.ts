/**
 * One server per integration project, on its own fresh database, shared by the project's test files, with
 * the providers we cannot reach replaced by our own fake server. The tests talk to both over real HTTP.
 */
import type { TestProject } from 'vitest/node';
import { createTestDatabase, dbDriverOf, type DbDriver, type DbKind } from '../support/database.ts';
import { fakeProviderEnv, startFakeProviders } from '../support/fake-providers.ts';
import { spawnServer, waitForHealth } from '../support/server.ts';
import { TEST_PROMOS } from '../support/promos.ts';
import { startMailSink } from '../support/mail-sink.ts';
import { TEST_APP_SECRET } from '../support/test-secret.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    fakeUrl: string;
    dbKind: DbKind;
    dbDriver: DbDriver;
    databaseEnv: Record<string, string>;
    /** Where the server's mail arrives (tests/support/mail-sink.ts). */
    mailDir: string;
  }
}

export default async function setup(project: TestProject) {
  const database = await createTestDatabase(dbDriverOf(project.name));
  const fake = await startFakeProviders();
  const sink = await startMailSink();
  const server = await spawnServer({
    SMTP_URL: sink.smtpUrl,
    MAIL_FROM: 'Rozum <hello@rozum.example>',
    ...database.env,
    ...fakeProviderEnv(fake.url),
    ROZUM_SEED_PROMOS: JSON.stringify(TEST_PROMOS),
    DEBUG_DB_STATEMENTS: '1',
    // Known to the tests, which take sittings as served earlier (tests/support/sittings.ts servedEarlier).
    APP_SECRET: TEST_APP_SECRET,
  });
  await waitForHealth(server.url);
  project.provide('baseUrl', server.url);
  project.provide('fakeUrl', fake.url);
  project.provide('dbKind', database.kind);
  project.provide('dbDriver', database.driver);
  project.provide('databaseEnv', database.env);
  project.provide('mailDir', sink.dir);
  return async () => {
    const code = await server.stop();
    await fake.close();
    await sink.close();
    await database.drop();
    if (code !== 0) throw new Error(`server exited with ${code}:\n${server.output()}`);
  };
}
