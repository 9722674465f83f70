/** `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded database. */
import '../src/runtime/dotenv.ts';
import { openDatabase } from '../src/lib/server/db.ts';
import { migrate } from '../src/lib/server/migrate.ts';

const database = await openDatabase();
try {
  const applied = await migrate(database);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : `schema is current (${database.kind})`);
} finally {
  await database.close();
}
