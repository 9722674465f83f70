// The bench's tables: the shared plain-text `table()`, the API part's own tables, and its rows of the budgets
// table (DESIGN.md §7).
import { availableParallelism as cores } from 'node:os';
import { ms } from './stats.mjs';

/** Rows of cells as aligned columns; the first row is the header. */
export const table = (rows) => {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  return rows.map((r) => r.map((c, i) => String(c).padEnd(widths[i])).join('  ')).join('\n');
};

const perSecond = (n) => n.toFixed(0);
/** Above this share of one core taken by processes other than the server, PostgreSQL and the bench, a step says so. */
const OTHER_WORK_PERCENT = 25;
const CPU_HEADER = 'CPU % server / bench / pg / other';
/** What one answer cost the server and PostgreSQL in CPU: steadier than throughput when others share the machine. */
const cpuPerAnswer = ({ cpu, throughput }) =>
  cpu ? [cpu.server, cpu.postgres].map((p) => ((p * 10) / throughput).toFixed(2)).join(' / ') : '—';
const cpu = (c) => (c ? [c.server, c.bench, c.postgres, c.other].map((n) => n.toFixed(0)).join(' / ') : '—');

/** The API part's tables (open loop, closed loop, a fresh function's first request), ready to print. */
export function apiTables(api) {
  const open = [
    [
      'database',
      'offered req/s',
      'step',
      'achieved req/s',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'max ms',
      'errors',
      'send lag p99 ms',
      CPU_HEADER,
    ],
    ...api.runs.flatMap((run) =>
      run.open.map((s) => [
        run.db,
        s.offered,
        `${s.seconds} s`,
        perSecond(s.achieved),
        ms(s.p50),
        ms(s.p95),
        ms(s.p99),
        ms(s.max),
        s.errorText,
        ms(s.sendLagP99),
        cpu(s.cpu),
      ]),
    ),
  ];
  const closedRow = (db, request, s, ceiling) => [
    db,
    request,
    s.clients,
    perSecond(s.throughput) + (s === ceiling ? ' (max)' : ''),
    ms(s.p50),
    ms(s.p99),
    s.errorText,
    cpu(s.cpu),
    cpuPerAnswer(s),
  ];
  const closed = [
    [
      'database',
      'request',
      'clients',
      'req/s',
      'p50 ms',
      'p99 ms',
      'errors',
      CPU_HEADER,
      'CPU ms per answer server / pg',
    ],
    ...api.runs.flatMap(({ db, closed: { sweep, score, health } }) => [
      ...sweep.map((step) => closedRow(db, 'GET /api/health', step.health, health)),
      ...sweep.map((step) => closedRow(db, 'score + save', step.score, score)),
    ]),
  ];
  const ratios = [
    ['database', 'score + save ÷ health, ceilings', ...api.clientCounts.map((n) => `at ${n} clients`)],
    ...api.runs.map(({ db, closed: { sweep, ratio } }) => [
      db,
      ratio.toFixed(2),
      ...sweep.map((step) => (step.score.throughput / step.health.throughput).toFixed(2)),
    ]),
  ];
  const steps = api.runs.flatMap((r) => [...r.open, ...r.closed.sweep.flatMap((step) => [step.health, step.score])]);
  const busy = steps.filter((s) => s.cpu && s.cpu.other > OTHER_WORK_PERCENT).length;
  const cold = api.coldFunction;
  const parts = [
    `Score + save, open loop: signed-in IQ score + save by ${api.users} users, each from its own address; latency from` +
      ` each request's scheduled time; an error is no answer within 5 s, a status other than 2xx, or saved ≠ true.` +
      ` Steps of ${api.runs.map((r) => `${r.open[0].seconds} s on ${r.db}`).join(', ')} after a 3 s warm-up.` +
      ` CPU in % of one core (the machine has ${cores()}): the server, this bench, every PostgreSQL process, the rest.\n`,
    table(open),
    `\nClosed loop, ${api.clientCounts.join(', ')} clients, ${api.closedSeconds} s each, health and score + save in` +
      ` turn on the same server in the same run: successful answers per second; (max) marks each request's ceiling\n`,
    table(closed),
    `\nScore + save's ceiling against the health check's (the budget), and the two at equal client counts\n`,
    table(ratios),
  ];
  if (busy)
    parts.push(
      `\nOther work on this machine took more than ${OTHER_WORK_PERCENT} % of a core during ${busy} of ${steps.length}` +
        ' steps ("other" above): their figures understate the server.',
    );
  if (cold)
    parts.push(
      `\nA fresh function module's first request on PostgreSQL (new Node process, import from source + one signed-in` +
        ` request; the run with the median total of ${cold.runs.length})\n`,
      table([
        ['function', 'import ms', 'first request ms', 'total ms', 'all runs, total ms'],
        [
          cold.function,
          ms(cold.median.importMs),
          ms(cold.median.requestMs),
          ms(cold.median.totalMs),
          cold.runs.map((r) => ms(r.totalMs)).join(', '),
        ],
      ]),
    );
  return parts.join('\n');
}

/** The API part's rows of the budgets table: PostgreSQL's figures against their budgets, and the certificates. */
export function apiBudgetRows(api, render) {
  const pg = api.runs.find((r) => r.db === 'postgres');
  const at200 = pg?.open.find((s) => s.offered === 200);
  const missing = 'not run: set BENCH_DATABASE_URL or TEST_DATABASE_URL';
  const certificates = api.runs.map(({ db, certificate: { first, repeat } }) => ({ db, first, repeat }));
  return [
    [
      'score + save at 200 req/s offered (open loop, PostgreSQL)',
      at200 ? `p99 ${ms(at200.p99)} ms · ${at200.errors} errors` : missing,
      'p99 ≤ 50 ms, 0 errors',
      at200 ? (at200.p99 <= 50 && at200.errors === 0 ? 'ok' : 'OVER') : '—',
    ],
    [
      'score + save throughput ÷ health throughput, each at its ceiling (closed loop, PostgreSQL)',
      pg
        ? `${pg.closed.ratio.toFixed(2)} (${perSecond(pg.closed.score.throughput)} at ${pg.closed.score.clients} clients / ${perSecond(pg.closed.health.throughput)} at ${pg.closed.health.clients})`
        : missing,
      '≥ 0.6',
      pg ? (pg.closed.ratio >= 0.6 ? 'ok' : 'OVER') : '—',
    ],
    [
      'certificate PNG, warm render (in process)',
      `median ${render.median.toFixed(0)} ms · max ${render.max.toFixed(0)} ms`,
      '≤ 150 ms',
      render.median <= 150 ? 'ok' : 'OVER',
    ],
    [
      "shared result's card PNG, warm render (in process)",
      `median ${render.shareCard.median.toFixed(0)} ms · max ${render.shareCard.max.toFixed(0)} ms`,
      '≤ 150 ms (as a certificate)',
      render.shareCard.median <= 150 ? 'ok' : 'OVER',
    ],
    [
      'certificate over HTTP: first / repeat',
      certificates
        .map(
          ({ db, first, repeat }) =>
            `${db} ${ms(first.ms)} ms (${first.cache}) / ${ms(repeat.ms)} ms (${repeat.cache})`,
        )
        .join(' · '),
      'repeat from cache',
      certificates.every((c) => c.repeat.cache === 'hit') ? 'ok' : 'OVER',
    ],
  ];
}
