/**
 * `npm start`: builds the site when dist/ is stale, then serves it with the API on PORT (8888).
 * `--no-build` serves as is; `--api-only` serves only /api (used by `npm run dev`).
 */
import './dotenv.ts';
import { exitIfMisconfigured } from './check-config.ts';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { isBuildFresh, writeStamp } from './build-stamp.ts';
import { startServer } from './server.ts';
import { scheduled } from './functions.ts';
import { closeDb, db } from '../lib/server/db.ts';
import { adoptListeningUrl, env, port, siteUrl } from '../lib/server/env.ts';
import { paymentProvider } from '../lib/server/payments/payments.ts';
import { currentDeploy, demoPromoAllowed, paymentsMustBeLive } from '../lib/server/production.ts';
import { flushRefusals } from '../lib/server/refusals.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const args = new Set(process.argv.slice(2));
const apiOnly = args.has('--api-only');

exitIfMisconfigured('server');
if (paymentsMustBeLive(currentDeploy())) {
  try {
    paymentProvider();
  } catch (err) {
    console.warn(`[start] ${(err as Error).message} Checkout and payment callbacks answer 503 until it is fixed.`);
  }
}

if (!apiOnly && !args.has('--no-build') && !isBuildFresh(root)) {
  console.log('[start] building the site (dist/ is missing or out of date)…');
  const build = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeStamp(root);
}

const server = await startServer({
  port: port(),
  host: env().HOST ?? '127.0.0.1',
  distDir: join(root, 'dist'),
  functionsDir: join(root, 'netlify/functions'),
  siteUrl: siteUrl(),
  apiOnly,
});
adoptListeningUrl(server.url);
console.log(`[start] Rozum is listening on ${server.url}${apiOnly ? ' (API only)' : ''}`);

// Open and migrate the database now, not on the first API call; pages are served meanwhile. Then seed promo
// codes: a demo code for trying premium locally (only with no deploy context and no production database: anyone can
// read it in the README), and any given in ROZUM_SEED_PROMOS (JSON list; tests use it).
db()
  .then(async (database) => {
    console.log(`[start] database ready (${database.kind})`);
    const { DEMO_PROMO, upsertPromo } = await import('../lib/server/promo.ts');
    if (demoPromoAllowed(currentDeploy())) {
      await upsertPromo({ code: DEMO_PROMO, days: 30, max: 1000 });
      console.log(`[start] demo promo code: ${DEMO_PROMO} (30 days of premium)`);
    }
    for (const spec of JSON.parse(env().ROZUM_SEED_PROMOS ?? '[]')) await upsertPromo(spec);
  })
  .catch((err) => console.error(`[start] database failed to open: ${(err as Error).message}`));

// Netlify runs scheduled functions (config.schedule); locally they run every minute.
const timers = scheduled.map(({ name, handler }) =>
  setInterval(() => {
    Promise.resolve(handler(new Request('http://localhost/'), {} as never)).catch((err) =>
      console.error(`[${name}]`, (err as Error).message),
    );
  }, 60_000),
);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`[start] ${signal}: finishing requests in flight…`);
  timers.forEach(clearInterval);
  await server.close();
  flushRefusals();
  await closeDb();
  console.log('[start] stopped cleanly');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
