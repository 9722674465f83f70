/**
 * Applies db/migrations/NNNN_name.sql in order, each file as one script in its own transaction, recording it in
 * schema_migrations.
 * An advisory lock keeps two processes (two function instances, a deploy and a server) from racing on PostgreSQL.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from './database/queryable.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../../db/migrations/', import.meta.url));
const LOCK_KEY = 7_410_221; // any constant; the same in every process

export interface Migration {
  name: string;
  sql: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{4}_[\w-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ name: file.replace(/\.sql$/, ''), sql: readFileSync(dir + file, 'utf8') }));
}

/** Returns the names it applied (empty when the schema was already current). */
export async function migrate(database: Database, migrations = readMigrations()): Promise<string[]> {
  await database.query(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const applied: string[] = [];
  for (const migration of migrations) {
    const done = await database.transaction(async (tx) => {
      if (database.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
      const seen = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [migration.name]);
      if (seen.length > 0) return false;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [migration.name]);
      return true;
    });
    if (done) applied.push(migration.name);
  }
  return applied;
}
