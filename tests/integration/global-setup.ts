/**
 * One server per integration project, on its own fresh database, shared by the project's test files.
 * The tests talk to it over real HTTP.
 */
import type { TestProject } from 'vitest/node';
import { createTestDatabase, dbKindOf } from '../support/database.ts';
import { spawnServer, waitForHealth } from '../support/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dbKind: 'pglite' | 'postgres';
  }
}

export default async function setup(project: TestProject) {
  const kind = dbKindOf(project.name);
  const database = await createTestDatabase(kind);
  const server = await spawnServer(database.env);
  await waitForHealth(server.url);
  project.provide('baseUrl', server.url);
  project.provide('dbKind', kind);
  return async () => {
    const code = await server.stop();
    await database.drop();
    if (code !== 0) throw new Error(`server exited with ${code}:\n${server.output()}`);
  };
}
