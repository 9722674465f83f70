/** Migrations against a real database: applied once, in order, and a failing one leaves nothing behind. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../src/lib/server/db.ts';
import { migrate, readMigrations } from '../../src/lib/server/migrate.ts';
import { resetEnvForTests } from '../../src/lib/server/env.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';

let database: TestDatabase;
let conn: Database;
beforeAll(async () => {
  database = await createTestDatabase(inject('dbDriver'));
  // This process reaches the database as the project's server does (NEON_LOCAL_PROXY: through Neon's driver).
  Object.assign(process.env, database.env);
  resetEnvForTests();
  conn = await openDatabase(database.env.DATABASE_URL, join(database.env.DATA_DIR, 'pglite'));
});
afterAll(async () => {
  await conn.close();
  await database.drop();
});

describe('migrations', () => {
  it('apply every file once and record it', async () => {
    const names = readMigrations().map((m) => m.name);
    expect(await migrate(conn)).toEqual(names);
    expect(await migrate(conn)).toEqual([]);
    const rows = await conn.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(rows.map((r) => r.name)).toEqual(names);
  });

  it('roll back a failing migration completely', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rozum-mig-')) + '/';
    writeFileSync(join(dir, '9001_good.sql'), 'CREATE TABLE good_one (id int);');
    writeFileSync(join(dir, '9002_bad.sql'), 'CREATE TABLE half_done (id int);\nINSERT INTO no_such_table VALUES (1);');
    await expect(migrate(conn, readMigrations(dir))).rejects.toThrow(/no_such_table/);
    const tables = await conn.query<{ t: string | null }>(
      "SELECT to_regclass('good_one')::text AS t UNION ALL SELECT to_regclass('half_done')::text",
    );
    expect(tables.map((r) => r.t)).toEqual(['good_one', null]);
    const recorded = await conn.query<{ name: string }>("SELECT name FROM schema_migrations WHERE name LIKE '900%'");
    expect(recorded.map((r) => r.name)).toEqual(['9001_good']);
  });
});

/** A database of its own, migrated up to (not including) `name`, for a migration's data test; dropped after. */
async function beforeMigration(
  name: string,
  test: (older: Awaited<ReturnType<typeof openDatabase>>, all: ReturnType<typeof readMigrations>) => Promise<void>,
): Promise<void> {
  const fresh = await createTestDatabase(inject('dbDriver'));
  const older = await openDatabase(fresh.env.DATABASE_URL, join(fresh.env.DATA_DIR, 'pglite'));
  try {
    const all = readMigrations();
    await migrate(
      older,
      all.filter((m) => m.name < name),
    );
    await test(older, all);
  } finally {
    await older.close();
    await fresh.drop();
  }
}

describe('0008_one_sheet_one_result', () => {
  it('keeps the first saved copy of each sheet and renames the others out of the unique key', async () => {
    await beforeMigration('0008', async (older, all) => {
      const users = await older.query<{ id: string }>(
        `INSERT INTO users (email, email_normalized) SELECT u, u FROM unnest(ARRAY['a@x.org', 'b@x.org', 'c@x.org', 'd@x.org']) u
         RETURNING id`,
      );
      const [a, b, c, d] = users.map((u) => u.id);
      await older.query(`INSERT INTO user_profiles (id, email) SELECT id, email FROM users`);
      const row = (user: string, key: string, answers: string, at: string) =>
        older.query(
          `INSERT INTO test_results (user_id, iq_score, total_score, correct_answers, total_questions, time_spent,
             breakdown, language, answers, submission_key, verification_code, created_at)
           VALUES ($1, 100, 20, 10, 20, 600000, '{}', 'uk', $2::jsonb, $3, md5(random()::text), $4)`,
          [user, answers, key, at],
        );
      // One visitor token claimed by three accounts; a signed-in scorer's sheet (its own key) claimed by a friend.
      await row(a, 'tok:same', '[[1, 2, 3]]', '2026-01-01T00:00:00Z');
      await row(b, 'tok:same', '[[1, 2, 3]]', '2026-01-02T00:00:00Z');
      await row(c, 'tok:same', '[[1, 2, 3]]', '2026-01-03T00:00:00Z');
      await row(d, 'sub:scorer', '[[4, 5, 6]]', '2026-01-01T01:00:00Z');
      await row(a, 'tok:friend', '[[4, 5, 6]]', '2026-01-05T00:00:00Z');
      // Another person's own sheet stays as it is.
      await row(b, 'tok:other', '[[7, 8, 9]]', '2026-01-06T00:00:00Z');
      expect(await migrate(older, all)).toContain('0008_one_sheet_one_result');
      const rows = await older.query<{ email: string; submission_key: string }>(
        `SELECT u.email, r.submission_key FROM test_results r JOIN users u ON u.id = r.user_id ORDER BY r.created_at`,
      );
      expect(rows.map((r) => [r.email, r.submission_key.replace(/^dup:[0-9a-f-]+:/, 'dup:')])).toEqual([
        ['a@x.org', 'tok:same'],
        ['d@x.org', 'sub:scorer'],
        ['b@x.org', 'dup:tok:same'],
        ['c@x.org', 'dup:tok:same'],
        ['a@x.org', 'dup:tok:friend'],
        ['b@x.org', 'tok:other'],
      ]);
      // From now on the key names one sheet across accounts.
      await expect(row(d, 'tok:same', '[[1, 2, 3]]', '2026-02-01T00:00:00Z')).rejects.toThrow();
    });
  });
});

describe('0009_email_verified', () => {
  it('dates the addresses the old flag called verified (at their creation) and leaves the others unverified', async () => {
    await beforeMigration('0009', async (older, all) => {
      await older.query(
        `INSERT INTO users (email, email_normalized, email_verified, created_at)
         VALUES ('google@example.com', 'google@example.com', true, '2025-01-02T03:04:05Z'),
                ('password@example.com', 'password@example.com', false, now())`,
      );
      expect(await migrate(older, all)).toContain('0009_email_verified');
      const rows = await older.query<{ email: string; email_verified_at: Date | null }>(
        'SELECT email, email_verified_at FROM users ORDER BY email',
      );
      expect(rows.map((r) => [r.email, r.email_verified_at && new Date(r.email_verified_at).toISOString()])).toEqual([
        ['google@example.com', '2025-01-02T03:04:05.000Z'],
        ['password@example.com', null],
      ]);
    });
  });
});

describe('0010_premium_active', () => {
  it('changes what extend_premium does for an active status without an expiry only, a row the product never writes', async () => {
    await beforeMigration('0010', async (older, all) => {
      const DAY = 86_400_000;
      const profiles = ['active', 'inactive', 'expired'].flatMap((status) =>
        [null, -30 * DAY, -DAY, DAY, 30 * DAY].flatMap((expiresIn) =>
          ['payment', 'promo'].map((source) => ({ status, expiresIn, source })),
        ),
      );
      // The same profiles twice: one set extended by 0007's extend_premium, the other by 0010's.
      const extendAll = async () => {
        const outcomes: string[] = [];
        for (const p of profiles) {
          const email = `p${crypto.randomUUID().slice(0, 8)}@x.org`;
          const [{ id }] = await older.query<{ id: string }>(
            'INSERT INTO users (email, email_normalized) VALUES ($1, $1) RETURNING id',
            [email],
          );
          const [{ before }] = await older.query<{ before: Date | null }>(
            `INSERT INTO user_profiles (id, email, subscription_status, subscription_source, subscription_expires_at)
             VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5::float8 / 1000)) RETURNING subscription_expires_at AS before`,
            [id, email, p.status, p.source, p.expiresIn],
          );
          await older.query("SELECT extend_premium($1, 30, 'promo', NULL, false)", [id]);
          const [after] = await older.query<{ expires: Date; source: string }>(
            'SELECT subscription_expires_at AS expires, subscription_source AS source FROM user_profiles WHERE id = $1',
            [id],
          );
          const base = new Date(after.expires).getTime() - 30 * DAY;
          // A day of the 30 may be 23 or 25 hours in the database's time zone.
          const from = before && Math.abs(base - new Date(before).getTime()) < 2 * 3_600_000 ? 'expiry' : 'now';
          outcomes.push(`${p.status} ${p.expiresIn ?? 'no expiry'} ${p.source} → ${after.source} from ${from}`);
        }
        return outcomes;
      };
      const before = await extendAll();
      expect(await migrate(older, all)).toContain('0010_premium_active');
      const after = await extendAll();
      const changed = before.map((b, i) => [b, after[i]]).filter(([b, a]) => a !== b);
      expect(changed).toEqual([
        ['active no expiry payment → promo from now', 'active no expiry payment → payment from now'],
      ]);
    });
  });
});

describe('0016_holder_names', () => {
  it('clears the names sign-up took from the address, and keeps the names people gave', async () => {
    await beforeMigration('0016', async (older, all) => {
      const users = await older.query<{ id: string; email: string }>(
        `INSERT INTO users (email, email_normalized) VALUES ('ivan.p@example.com', 'ivan.p@example.com'),
           ('olena@example.com', 'olena@example.com'), ('nobody@example.com', 'nobody@example.com') RETURNING id, email`,
      );
      const names: Record<string, string> = {
        'ivan.p@example.com': 'ivan.p',
        'olena@example.com': 'Олена Коваль',
        'nobody@example.com': '',
      };
      for (const u of users)
        await older.query('INSERT INTO user_profiles (id, email, full_name) VALUES ($1, $2, $3)', [
          u.id,
          u.email,
          names[u.email],
        ]);
      expect(await migrate(older, all)).toContain('0016_holder_names');
      const rows = await older.query<{ email: string; full_name: string }>(
        'SELECT email, full_name FROM user_profiles ORDER BY email',
      );
      expect(rows.map((r) => [r.email, r.full_name])).toEqual([
        ['ivan.p@example.com', ''],
        ['nobody@example.com', ''],
        ['olena@example.com', 'Олена Коваль'],
      ]);
    });
  });
});

describe('who migrates', () => {
  it("not a hosted function on its cold start (the deploy's build runs npm run db:migrate), but a local process", async () => {
    const { db, closeDb } = await import('../../src/lib/server/db.ts');
    const fresh = await createTestDatabase(inject('dbDriver'));
    const saved = { ...process.env };
    const regclass = async () =>
      (await (await db()).query<{ t: string | null }>("SELECT to_regclass('schema_migrations')::text AS t"))[0].t;
    try {
      Object.assign(process.env, fresh.env, { AWS_LAMBDA_FUNCTION_NAME: 'rozum-health' });
      resetEnvForTests();
      expect(await regclass()).toBeNull();
      await closeDb();
      delete process.env.AWS_LAMBDA_FUNCTION_NAME;
      resetEnvForTests();
      expect(await regclass()).toBe('schema_migrations');
    } finally {
      await closeDb();
      process.env = saved;
      resetEnvForTests();
      await fresh.drop();
    }
  });
});

describe('query interface', () => {
  it("talks to the database through this project's driver", () => {
    expect(conn.driver).toBe(inject('dbDriver'));
  });

  it('passes values as parameters, never as SQL text', async () => {
    const evil = "x'); DROP TABLE schema_migrations; --";
    expect(await conn.query('SELECT $1::text AS v', [evil])).toEqual([{ v: evil }]);
    expect((await conn.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations'))[0].n).toBeGreaterThan(
      0,
    );
  });

  it('commits a transaction as a whole or not at all', async () => {
    await conn.query('CREATE TABLE tx_probe (id int PRIMARY KEY)');
    await conn.transaction(async (tx) => {
      await tx.query('INSERT INTO tx_probe VALUES (1)');
      await tx.query('INSERT INTO tx_probe VALUES (2)');
    });
    await expect(
      conn.transaction(async (tx) => {
        await tx.query('INSERT INTO tx_probe VALUES (3)');
        await tx.query('INSERT INTO tx_probe VALUES (1)');
      }),
    ).rejects.toThrow();
    const rows = await conn.query<{ id: number }>('SELECT id FROM tx_probe ORDER BY id');
    expect(rows.map((r) => r.id)).toEqual([1, 2]);
  });

  it("reports a failed statement with PostgreSQL's error code and constraint, in a transaction or not", async () => {
    await conn.query('CREATE TABLE error_probe (id int PRIMARY KEY)');
    await conn.query('INSERT INTO error_probe VALUES (1)');
    const duplicate = { code: '23505', constraint: 'error_probe_pkey' };
    await expect(conn.query('INSERT INTO error_probe VALUES (1)')).rejects.toMatchObject(duplicate);
    await expect(conn.transaction((tx) => tx.query('INSERT INTO error_probe VALUES (1)'))).rejects.toMatchObject(
      duplicate,
    );
  });
});
