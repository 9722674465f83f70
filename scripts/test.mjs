// `npm test`: check the formatting, types and lint, build the site, then every suite — unit, integration (PGlite;
// and when TEST_DATABASE_URL is set, that PostgreSQL through `pg` and through Neon's driver: vitest.config.ts's
// projects) and end-to-end — and close with one line counting them all.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const REPORTS = '.test-reports';
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

const run = (label, command, args) => {
  console.log(`\n▶ ${label}`);
  return spawnSync(command, args, { stdio: 'inherit', env: process.env }).status === 0;
};
const read = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

// One build serves every suite; the end-to-end analytics journey needs a measurement id in it.
process.env.PUBLIC_GA_ID ||= 'G-E2ETEST00';
const results = [];
// Formatting is part of the build's contract: an unformatted file fails the run before anything is built.
if (
  !run('formatting (npm run format to fix)', process.execPath, [
    'node_modules/prettier/bin/prettier.cjs',
    '--check',
    '.',
    '--log-level',
    'warn',
  ])
)
  process.exit(1);
// So are types (.astro files included) and lint: both fail the run before the build, as formatting does.
if (!run('types (npm run check)', 'npm', ['run', 'check', '--silent'])) process.exit(1);
if (!run('lint (npm run lint)', 'npm', ['run', 'lint', '--silent'])) process.exit(1);
if (!run('build', 'npm', ['run', 'build', '--silent'])) process.exit(1);
results.push(
  run('unit and integration tests', process.execPath, [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${REPORTS}/vitest.json`,
  ]),
);
results.push(run('end-to-end tests', process.execPath, ['scripts/e2e.mjs']));

const vitest = read(`${REPORTS}/vitest.json`);
const playwright = read(`${REPORTS}/playwright.json`);
const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0) + (playwright?.stats?.flaky ?? 0);
const failed = (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0);
const skipped = (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (playwright?.stats?.skipped ?? 0);
const ok = results.every(Boolean) && vitest && playwright && failed === 0;
console.log(`\nvitest: ${vitest?.numPassedTests ?? 0} passed · playwright: ${playwright?.stats?.expected ?? 0} passed`);
console.log(`total: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(ok ? 0 : 1);
