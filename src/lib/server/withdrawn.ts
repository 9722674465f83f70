/**
 * Results withdrawn with their holder's account (db/migrations/0015; account-data.ts deletes): known only by the
 * SHA-256 (hex, of the UTF-8 text) of their verification code and of their sheet's submission key — what the deleting
 * statement writes with PostgreSQL's sha256() — so the verification page can say "withdrawn" and nobody saves the
 * sheet again.
 */
import { createHash } from 'node:crypto';
import { db } from './db.ts';

export const withdrawnDigest = (value: string): string => createHash('sha256').update(value, 'utf8').digest('hex');

async function exists(column: 'code_hash' | 'sheet_hash', value: string): Promise<boolean> {
  const rows = await (
    await db()
  ).query(`SELECT 1 FROM withdrawn_results WHERE ${column} = $1 LIMIT 1`, [withdrawnDigest(value)]);
  return rows.length > 0;
}

/** A verification code whose result was withdrawn. */
export const codeWithdrawn = (code: string) => exists('code_hash', code);
/** A sheet (its submission key) whose result was withdrawn. */
export const sheetWithdrawn = (submissionKey: string) => exists('sheet_hash', submissionKey);
