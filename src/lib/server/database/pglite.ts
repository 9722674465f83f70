/** Embedded PGlite: the local default, a data directory and no server to install. */
import { mkdirSync } from 'node:fs';
import type { Database, Queryable } from './queryable.ts';

/**
 * Imported through a function of its name, so neither esbuild nor the packing of a deployed function can tell what
 * is imported, and both leave PGlite out: production never embeds it. A constant name was left out only while
 * esbuild happened to wrap this module lazily; once it hoisted the constant, the packing read it and took PGlite in
 * (tests/unit/deploy-bundle.test.ts caught it).
 */
const importByName = (name: string): Promise<unknown> => import(name);

type PGliteQuery = (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }>;
type PGliteLike = { query: PGliteQuery; exec: (script: string) => Promise<unknown> };

export async function openPglite(dir: string): Promise<Database> {
  const { PGlite } = (await importByName('@electric-sql/pglite')) as typeof import('@electric-sql/pglite');
  mkdirSync(dir, { recursive: true });
  const pg = await PGlite.create(dir);
  const on = (q: PGliteLike): Queryable => ({
    query: async <T>(text: string, params?: unknown[]) => (await q.query(text, params)).rows as T[],
    exec: async (script) => void (await q.exec(script)),
  });
  return {
    kind: 'pglite',
    driver: 'pglite',
    ...on(pg),
    transaction: (fn) => pg.transaction((tx) => fn(on(tx))),
    close: () => pg.close(),
  };
}
