/**
 * `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded database — on a production
 * build or locally only (README, "Deploy contexts"); anywhere else it refuses before opening the database.
 */
import '../src/runtime/dotenv.ts';
import { openDatabase } from '../src/lib/server/db.ts';
import { migrate } from '../src/lib/server/migrate.ts';
import { deployContext, migrationsAllowed } from '../src/lib/server/production.ts';
import { env } from '../src/lib/server/env.ts';

const context = deployContext();
if (!migrationsAllowed()) {
  console.error(
    `db:migrate refused in the ${context === 'production' ? env().CONTEXT : context} deploy context: only a production build (CONTEXT=production) or a local run (no CONTEXT) migrates.`,
  );
  process.exit(1);
}

const database = await openDatabase();
try {
  const applied = await migrate(database);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : `schema is current (${database.kind})`);
} finally {
  await database.close();
}
