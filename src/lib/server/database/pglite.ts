/** Embedded PGlite: the local default, a data directory and no server to install. */
import { mkdirSync } from 'node:fs';
import type { Database, Queryable } from './queryable.ts';

/** Named through a variable so bundlers leave it out of deployed functions: production never embeds PGlite. */
const PGLITE_MODULE = '@electric-sql/pglite';

type PGliteQuery = (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }>;
type PGliteLike = { query: PGliteQuery; exec: (script: string) => Promise<unknown> };

export async function openPglite(dir: string): Promise<Database> {
  const { PGlite } = (await import(PGLITE_MODULE)) as typeof import('@electric-sql/pglite');
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
