// The API part of `npm run bench` (DESIGN.md §7, issue 16): what users feel of scoring and saving a signed-in IQ
// test on the local server, on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL, in a scratch database) and on
// the embedded PGlite: latency at fixed arrival rates (open loop), the ceiling against the same server's health
// check (closed loop), a fresh function module's first request, and the certificate over HTTP.
// Runs on its own too (`node scripts/load.mjs`, the site already built): it then prints its tables and budgets.
import { pathToFileURL } from 'node:url';
import { measureCertificateHttp, measureCertificateRender, measureShareCardRender } from './bench/certificates.mjs';
import { measureColdFunction } from './bench/cold-function.mjs';
import { settle } from './bench/http.mjs';
import { startCpuMeter } from './bench/cpu.mjs';
import { closedLoop, openLoop } from './bench/loops.mjs';
import { apiBudgetRows, apiTables, table } from './bench/report.mjs';
import { healthCall, scoreAndSaveCall, signUpUsers } from './bench/requests.mjs';
import { startBenchServer } from './bench/server.mjs';

export { measureCertificateRender };

const USERS = 200;
const RATES = [100, 200, 400];
/**
 * The closed loop's client counts. A request's maximum throughput is reached at a concurrency of its own: measured on
 * this machine, the health check peaks at 25–50 clients and falls beyond (more connections, the same single query a
 * request), while score + save keeps rising to 100–200, because more saves waiting make bigger batches. Each kind's
 * ceiling is its best of these; comparing both at one count would measure one of them below its ceiling.
 */
const CLIENT_COUNTS = [25, 50, 100, 200];
const CLOSED_SECONDS = 10;
/** Sheets signed before a closed loop, per second of it: above any score + save ceiling seen on this machine. */
const PREPARED_PER_SECOND = 4000;
/** PostgreSQL is what the budget is about; PGlite's steps are shorter to keep the whole bench's run time sane. */
const STEP_SECONDS = { postgres: 20, pglite: 10 };

/** A loop's figures and where the CPU went meanwhile. */
async function withCpu(server, run) {
  const stop = startCpuMeter(server.pid);
  const figures = await run();
  return { ...figures, cpu: stop() };
}

/** Every API figure on one server: open-loop steps, then the closed-loop ceilings, then the certificate. */
async function measureServer(server) {
  const users = await signUpUsers(server.base, USERS);
  const score = scoreAndSaveCall(server.base, users);
  // Each loop's sheets are signed before it starts (at most the ceiling this machine reaches, with room).
  score.prepare(RATES[0] * 3);
  await openLoop({ rate: RATES[0], seconds: 3, call: score });
  await settle(server.base);
  const open = [];
  for (const rate of RATES) {
    score.prepare(rate * STEP_SECONDS[server.db]);
    open.push(await withCpu(server, () => openLoop({ rate, seconds: STEP_SECONDS[server.db], call: score })));
    await settle(server.base);
  }
  const closed = async (call, clients) => {
    call.prepare?.(PREPARED_PER_SECOND * CLOSED_SECONDS);
    const figures = await withCpu(server, () => closedLoop({ clients, seconds: CLOSED_SECONDS, call }));
    await settle(server.base);
    return figures;
  };
  // Health and score + save alternate at each count, so a slow spell of the machine falls on both.
  const sweep = [];
  for (const clients of CLIENT_COUNTS)
    sweep.push({
      clients,
      health: await closed(healthCall(server.base), clients),
      score: await closed(score, clients),
    });
  const ceiling = (kind) => sweep.map((step) => step[kind]).reduce((a, b) => (b.throughput > a.throughput ? b : a));
  const [health, scoreClosed] = [ceiling('health'), ceiling('score')];
  const certificate = await measureCertificateHttp(server.base, users[0]);
  return {
    db: server.db,
    open,
    closed: { sweep, score: scoreClosed, health, ratio: scoreClosed.throughput / health.throughput },
    certificate,
    cookie: users[0].cookie,
  };
}

/** Starts a server on the given database (none: PGlite), measures it, and stops it whatever happens. */
async function measureOn(databaseUrl) {
  const server = await startBenchServer({ databaseUrl });
  try {
    return await measureServer(server);
  } finally {
    await server.stop();
  }
}

/** The API part: PostgreSQL first when a database is given (with the fresh function's first request), then PGlite. */
export async function measureApi() {
  const started = performance.now();
  const runs = [];
  let coldFunction = null;
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const { createScratchDatabase } = await import('../src/lib/server/db.ts');
    const database = await createScratchDatabase(adminUrl, 'rozum_bench');
    try {
      const run = await measureOn(database.url);
      runs.push(run);
      // After the server has stopped, so the fresh process has the machine to itself, as a new instance would.
      coldFunction = await measureColdFunction({ databaseUrl: database.url, cookie: run.cookie });
    } finally {
      await database.drop();
    }
  }
  runs.push(await measureOn(undefined));
  return {
    runs,
    coldFunction,
    users: USERS,
    clientCounts: CLIENT_COUNTS,
    closedSeconds: CLOSED_SECONDS,
    seconds: (performance.now() - started) / 1000,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const api = await measureApi();
  const render = { ...(await measureCertificateRender()), shareCard: await measureShareCardRender() };
  // `npm run bench` runs this part in a process of its own and reads its figures as JSON (a request that never
  // answered is an Infinity of latency, which JSON has no word for).
  if (process.argv.includes('--json')) {
    process.stdout.write(JSON.stringify({ api, render }, (_, v) => (v === Infinity ? 'Infinity' : v)));
    process.exit(0);
  }
  console.log(`\nAPI under load (${api.seconds.toFixed(0)} s)\n`);
  console.log(apiTables(api));
  console.log('\nBudgets (DESIGN.md §7), API part\n');
  console.log(table([['what', 'measured', 'budget', 'status'], ...apiBudgetRows(api, render)]));
}
