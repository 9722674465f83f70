/**
 * What each driver does with a parameterised statement (src/lib/server/database/): `pg` prepares it once per
 * connection under a name, so PostgreSQL plans it once; Neon's driver sends each over HTTPS unprepared (Neon's pooler
 * runs in transaction mode); PGlite has no connections to keep plans on.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ownDatabase } from '../support/own-database.ts';
import type { Database } from '../../src/lib/server/db.ts';

let database: Database;
ownDatabase({ DATABASE_POOL_MAX: '1' });
beforeAll(async () => {
  database = await (await import('../../src/lib/server/db.ts')).db();
});

const LOOKUP = 'SELECT count(*)::int AS n FROM users WHERE email_normalized = $1';
const prepared = () =>
  database.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements WHERE statement = $1', [LOOKUP]);

describe(`the ${inject('dbDriver')} driver`, () => {
  it('plans a parameterised statement as its driver should', async () => {
    for (let i = 0; i < 3; i++) expect(await database.query(LOOKUP, [`nobody${i}@example.com`])).toEqual([{ n: 0 }]);
    expect(database.driver).toBe(inject('dbDriver'));
    // One connection in the pool: the lookup and this question share it, and with it its prepared statements.
    expect(await prepared()).toHaveLength(database.driver === 'pg' ? 1 : 0);
  });
});
