// The local server under test (`npm run preview`'s command), on PostgreSQL when a database URL is given, else on
// the embedded PGlite in a fresh data directory.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitForHealth } from './http.mjs';
import { BENCH_SECRET } from './requests.mjs';

let nextPort = 23000 + (process.pid % 10000);

/** Starts the server and waits for its health check; `stop()` ends it and removes its data directory. */
export async function startBenchServer({ databaseUrl } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'rozum-load-'));
  const port = String(nextPort++);
  // TRUST_PROXY: the bench's users each name an address in X-Forwarded-For, as behind a proxy.
  // RATE_LIMIT_MULTIPLIER: 200 users score thousands of sheets a minute; the limits are still counted, as in
  // production.
  const env = {
    ...process.env,
    PORT: port,
    DATA_DIR: dataDir,
    TRUST_PROXY: '1',
    RATE_LIMIT_MULTIPLIER: '1000',
    // The bench signs each sheet's sitting with the server's key (requests.mjs).
    APP_SECRET: BENCH_SECRET,
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  delete env.MAILCHIMP_API_KEY;
  delete env.TELEGRAM_BOT_TOKEN;
  const child = spawn(process.execPath, ['src/runtime/main.ts', '--no-build'], { env, stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r()));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(base);
  } catch (err) {
    await stop();
    throw err;
  }
  return { base, pid: child.pid, db: databaseUrl ? 'postgres' : 'pglite', stop };
}
