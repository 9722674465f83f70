import type { Config } from '@netlify/functions';
import * as site from '../../src/api/site.ts';
import { endpoint, refuse } from '../../src/lib/server/endpoint.ts';
import pkg from '../../package.json' with { type: 'json' };
import { databaseSince, db } from '../../src/lib/server/db.ts';
import { databaseUrl } from '../../src/lib/server/env.ts';

/**
 * Liveness and the database in use: its engine (`db`) and the driver that talks to it (`driver`: pglite, pg, neon);
 * `since` is when the database was first created (it survives restarts).
 */
export default endpoint(site.health, async () => {
  try {
    const database = await db();
    return {
      ok: true,
      db: database.kind,
      driver: database.driver,
      version: pkg.version,
      since: (await databaseSince(database)).toISOString(),
    };
  } catch (err) {
    console.error('[health] database unavailable:', (err as Error).message);
    return refuse('api.error.db_unavailable', {
      ok: false,
      db: databaseUrl() ? 'postgres' : 'pglite',
      version: pkg.version,
    });
  }
});

export const config: Config = { path: '/api/health', method: 'GET' };
