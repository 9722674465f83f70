/**
 * `npm run promo -- create CODE --days 30 --max 100 [--expires 2027-01-01]` and `npm run promo -- list`.
 * Works on DATABASE_URL, or on the embedded database while `npm start` is not running (PGlite has one owner).
 */
import '../src/runtime/dotenv.ts';
import { db, closeDb } from '../src/lib/server/db.ts';
import { normalizeCode, upsertPromo } from '../src/lib/server/promo.ts';

const [command, code, ...rest] = process.argv.slice(2);
const option = (name: string) => {
  const i = rest.indexOf(`--${name}`);
  return i >= 0 ? rest[i + 1] : undefined;
};

try {
  if (command === 'create' && code) {
    const days = Number(option('days') ?? 30);
    const max = Number(option('max') ?? 100);
    const expires = option('expires');
    if (!Number.isInteger(days) || days <= 0 || !Number.isInteger(max) || max <= 0)
      throw new Error('--days and --max must be positive whole numbers');
    await upsertPromo({ code, days, max, expiresAt: expires ? new Date(expires).toISOString() : null });
    console.log(
      `promo code ${normalizeCode(code)}: ${days} days, up to ${max} redemptions${expires ? `, until ${expires}` : ''}`,
    );
  } else if (command === 'list') {
    const rows = await (
      await db()
    ).query('SELECT code, days, max_redemptions, redeemed, expires_at, active FROM promo_codes ORDER BY created_at');
    console.table(rows);
  } else {
    console.log('usage: npm run promo -- create CODE --days 30 --max 100 [--expires YYYY-MM-DD] | list');
    process.exitCode = 1;
  }
} finally {
  await closeDb();
}
