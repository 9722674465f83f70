// A fresh function module's first request on PostgreSQL, as a new Netlify function instance meets it: a new Node
// process imports the module (from source, through Node's type stripping; Netlify loads an esbuild bundle) and
// serves one signed-in request, which opens the database connection too. Run as a child of the bench with
// `--child`; the parent passes the session cookie in BENCH_COOKIE.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { median } from './stats.mjs';

const FUNCTION = 'results-list.mts';

/**
 * Times FUNCTION's import and first request in `runs` fresh processes against `databaseUrl` (already migrated:
 * the processes run as hosted functions do, which never migrate). Returns each run and the one with the median
 * total.
 */
export async function measureColdFunction({ databaseUrl, cookie, runs = 3 }) {
  const results = [];
  for (let i = 0; i < runs; i++) {
    const env = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      BENCH_COOKIE: cookie,
      AWS_LAMBDA_FUNCTION_NAME: 'rozum-bench',
      APP_SECRET: 'bench-only-secret-not-used-anywhere-else',
    };
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--child'], { env });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.pipe(process.stderr);
    const code = await new Promise((r) => child.once('exit', r));
    if (code !== 0) throw new Error(`cold function run ${i + 1} exited with ${code}`);
    results.push(JSON.parse(out));
  }
  const total = median(results.map((r) => r.totalMs));
  return { function: FUNCTION, runs: results, median: results.find((r) => r.totalMs === total) };
}

async function child() {
  const t0 = performance.now();
  const { default: handler } = await import(`../../netlify/functions/${FUNCTION}`);
  const imported = performance.now();
  const request = new Request('http://127.0.0.1/api/results?type=iq&lang=uk', {
    headers: { cookie: process.env.BENCH_COOKIE },
  });
  // The part of Netlify's context a function may touch; results-list reads none of it.
  const context = {
    ip: '127.0.0.1',
    params: {},
    requestId: 'bench',
    url: new URL(request.url),
    waitUntil: () => undefined,
    cookies: { get: () => undefined, set: () => undefined, delete: () => undefined },
  };
  const response = await handler(request, context);
  await response.text();
  const answered = performance.now();
  if (response.status !== 200) throw new Error(`${FUNCTION} answered ${response.status}`);
  const result = { importMs: imported - t0, requestMs: answered - imported, totalMs: answered - t0 };
  process.stdout.write(JSON.stringify(result));
  // The database pool would keep the process alive; a function instance is simply frozen.
  process.exit(0);
}

if (process.argv[2] === '--child') await child();
