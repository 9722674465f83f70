/**
 * `npm run db:migrate` runs only on a production deploy and locally: in a deploy preview, a branch deploy or any
 * other context Netlify names it refuses before it opens the database (netlify.toml does not ask it to there:
 * tests/unit/netlify-config.test.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Runs the script with Netlify's CONTEXT as given, on the embedded database in DATA_DIR (by default a new one). */
function migrateIn(
  context: string | undefined,
  dataDir = mkdtempSync(join(tmpdir(), 'rozum-migrate-')),
  nodeEnv = 'test',
) {
  dirs.push(dataDir);
  // Empty is unset (env.ts), and keeps a developer's .env from filling these in.
  const unset = { DATABASE_URL: '', NETLIFY: '', AWS_LAMBDA_FUNCTION_NAME: '', NODE_ENV: nodeEnv };
  const env = { ...process.env, ...unset, DATA_DIR: dataDir, CONTEXT: context ?? '' };
  const run = spawnSync(process.execPath, ['db/migrate.ts'], { env, encoding: 'utf8', timeout: 60_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr, touched: existsSync(join(dataDir, 'pglite')) };
}

describe('npm run db:migrate', () => {
  it.each(['deploy-preview', 'branch-deploy', 'dev'])(
    'refuses with CONTEXT=%s, without opening the database',
    (context) => {
      const run = migrateIn(context);
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`db:migrate refused in the ${context} deploy context`);
      expect(run.stdout).toBe('');
      expect(run.touched).toBe(false);
    },
  );

  it('refuses in a deploy preview even with NODE_ENV=production set for the site', () => {
    const run = migrateIn('deploy-preview', undefined, 'production');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('db:migrate refused in the deploy-preview deploy context');
    expect(run.touched).toBe(false);
  });

  it("refuses in a context of a branch's own name, which counts as unknown", () => {
    const run = migrateIn('staging');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('db:migrate refused in the unknown deploy context');
    expect(run.touched).toBe(false);
  });

  // One fresh embedded database for both: creating one costs seconds.
  const shared = mkdtempSync(join(tmpdir(), 'rozum-migrate-'));

  it('applies every migration on a production build', { timeout: 60_000 }, () => {
    const run = migrateIn('production', shared);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^applied: 0001_foundation, /);
  });

  it('runs locally, with no CONTEXT', { timeout: 60_000 }, () => {
    const run = migrateIn(undefined, shared);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('schema is current (pglite)\n');
  });
});
