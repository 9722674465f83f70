import type { Config, Context } from '@netlify/functions';
import { secured } from '../../src/lib/server/security-headers.ts';
import pkg from '../../package.json' with { type: 'json' };
import { databaseSince, db } from '../../src/lib/server/db.ts';
import { databaseUrl } from '../../src/lib/server/env.ts';
import { json, jsonError, requestLang } from '../../src/lib/server/http.ts';

/**
 * Liveness and the database in use: its engine (`db`) and the driver that talks to it (`driver`: pglite, pg, neon);
 * `since` is when the database was first created (it survives restarts).
 */
export default secured(async (req: Request, _context: Context) => {
  try {
    const database = await db();
    return json({
      ok: true,
      db: database.kind,
      driver: database.driver,
      version: pkg.version,
      since: (await databaseSince(database)).toISOString(),
    });
  } catch (err) {
    console.error('[health] database unavailable:', (err as Error).message);
    return jsonError(503, 'api.error.db_unavailable', requestLang(req), {
      ok: false,
      db: databaseUrl() ? 'postgres' : 'pglite',
      version: pkg.version,
    });
  }
});

export const config: Config = { path: '/api/health', method: 'GET' };
