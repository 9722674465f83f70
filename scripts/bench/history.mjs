// Does one account's long history slow the server for everyone? (issue 27 §4.) Starts the local server on a scratch
// PostgreSQL database (BENCH_DATABASE_URL or TEST_DATABASE_URL), gives one user 5,000 saved IQ results, and measures
// GET /api/health alone and while that user reads their history in a loop. `--dir <checkout>` runs another checkout's
// server (built, with node_modules), to compare before and after.
//   node scripts/bench/history.mjs [--dir ../old] [--rows 5000] [--seconds 10]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { cookieHeader, send, waitForHealth } from './http.mjs';
import { iqBank } from '../../src/domain/iq/bank.ts';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const dir = resolve(arg('dir', '.'));
const rows = Number(arg('rows', 5000));
const seconds = Number(arg('seconds', 10));
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) throw new Error('set BENCH_DATABASE_URL or TEST_DATABASE_URL');

const { createScratchDatabase } = await import('../../src/lib/server/db.ts');
const { default: pg } = await import('pg');
const database = await createScratchDatabase(adminUrl, 'rozum_history');
const dataDir = mkdtempSync(join(tmpdir(), 'rozum-history-'));
const port = String(24000 + (process.pid % 1000));
const base = `http://127.0.0.1:${port}`;
const child = spawn(process.execPath, ['src/runtime/main.ts', '--no-build'], {
  cwd: dir,
  env: { ...process.env, PORT: port, DATA_DIR: dataDir, DATABASE_URL: database.url, RATE_LIMIT_MULTIPLIER: '1000' },
  stdio: 'ignore',
});

const percentile = (list, p) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const summary = (list) => ({
  n: list.length,
  p50: +percentile(list, 50).toFixed(1),
  p99: +percentile(list, 99).toFixed(1),
  max: +Math.max(...list).toFixed(1),
});
async function timed(url, headers) {
  const t0 = performance.now();
  const res = await send(url, { headers, timeoutMs: 30_000 });
  if (res.status !== 200) throw new Error(`${url}: ${res.status ?? res.error}`);
  return performance.now() - t0;
}
/** Health latencies, one request after another, for `ms`. */
async function healthFor(ms) {
  const out = [];
  const end = performance.now() + ms;
  while (performance.now() < end) {
    out.push(await timed(`${base}/api/health`));
    await new Promise((r) => setTimeout(r, 20));
  }
  return out;
}

try {
  await waitForHealth(base);
  const signup = await send(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `history.${Date.now()}@example.com`, password: 'secret1' }),
  });
  const cookie = cookieHeader(signup.headers);
  // 5,000 results as saving writes them: a retired form's sheet (every version of the server scores those).
  const answers = iqBank(0).map((item) => ({
    questionId: item.id,
    selectedAnswer: item.correctAnswer,
    timeSpent: 20_000,
  }));
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query(
    `INSERT INTO test_results (user_id, iq_score, total_score, correct_answers, total_questions, time_spent, breakdown,
       language, answers, submission_key, verification_code, form_id, reliability, created_at)
     SELECT (SELECT id FROM users ORDER BY created_at DESC LIMIT 1), 120, 40, 19, 20, 400000, '{}'::jsonb, 'uk', $1::jsonb,
       'bench:' || g, 'bench' || g || md5(random()::text), 0, 0.75, now() - g * interval '1 minute'
     FROM generate_series(1, $2) g`,
    [JSON.stringify(answers), rows],
  );
  await client.end();
  const idle = await healthFor(seconds * 1000);
  const history = [];
  let running = true;
  const reader = async () => {
    while (running) history.push(await timed(`${base}/api/results?type=iq&lang=uk`, { cookie }));
  };
  const readers = [reader(), reader()];
  const loaded = await healthFor(seconds * 1000);
  running = false;
  await Promise.all(readers);
  const report = { dir, rows, idle: summary(idle), loaded: summary(loaded), history: summary(history) };
  console.log(JSON.stringify(report, null, 2));
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r()));
  rmSync(dataDir, { recursive: true, force: true });
  await database.drop();
}
