/**
 * One-time mailed tokens (issue 30) against a database of this file's own: stored only as digests, used once,
 * voided by a newer one of the same purpose, expired after their lifetime, told apart (expired or invalid) without
 * a state change; and two concurrent uses of one token, of which exactly one succeeds.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ownDatabase } from '../support/own-database.ts';
import type { Database } from '../../src/lib/server/db.ts';

ownDatabase();
let database: Database;
let tokens: typeof import('../../src/lib/server/email-tokens.ts');
beforeAll(async () => {
  database = await (await import('../../src/lib/server/db.ts')).db();
  tokens = await import('../../src/lib/server/email-tokens.ts');
});

let n = 0;
async function user(email = `tokens-${n++}-${Date.now()}@example.com`): Promise<string> {
  const [{ id }] = await database.query<{ id: string }>(
    'INSERT INTO users (email, email_normalized) VALUES ($1, $1) RETURNING id',
    [email],
  );
  return id;
}

describe('mailed one-time tokens', () => {
  it('are stored as digests only, used once, and voided by a newer one of the same purpose', async () => {
    const id = await user();
    const first = await tokens.issueToken(database, id, 'verify', 'a@example.com');
    const stored = await database.query<{ token_hash: string }>(
      'SELECT token_hash FROM email_tokens WHERE user_id = $1',
      [id],
    );
    expect(stored.map((r) => r.token_hash)).not.toContain(first);
    const reset = await tokens.issueToken(database, id, 'reset', 'a@example.com');
    const second = await tokens.issueToken(database, id, 'verify', 'a@example.com');
    expect(await tokens.consumeToken(first, 'verify')).toEqual({ ok: false, error: 'auth.error.token.invalid' });
    // Another purpose is another token: the reset link still works, and not as a confirmation.
    expect(await tokens.consumeToken(reset, 'verify')).toEqual({ ok: false, error: 'auth.error.token.invalid' });
    expect(await tokens.consumeToken(second, 'verify')).toEqual({ ok: true, userId: id, email: 'a@example.com' });
    expect(await tokens.consumeToken(second, 'verify')).toEqual({ ok: false, error: 'auth.error.token.invalid' });
    expect(await tokens.consumeToken(reset, 'reset')).toMatchObject({ ok: true });
  });

  it('expire after their lifetime, and say so', async () => {
    // A reset link is usable only while the address it was mailed to is the account's (issue 44): mailed to its own.
    const address = `tokens-b-${Date.now()}@example.com`;
    const id = await user(address);
    const token = await tokens.issueToken(database, id, 'reset', address);
    const [row] = await database.query<{ life: number }>(
      `SELECT extract(epoch FROM expires_at - created_at)::int AS life FROM email_tokens WHERE user_id = $1`,
      [id],
    );
    expect(Number(row.life)).toBe(3600);
    // Asking whether it can be used uses nothing, and says which purpose it is for.
    expect(await tokens.tokenUsable(token, 'reset')).toEqual({ ok: true });
    expect(await tokens.tokenUsable(token, 'reset')).toEqual({ ok: true });
    expect(await tokens.tokenUsable(token, 'verify')).toEqual({ ok: false, error: 'auth.error.token.invalid' });
    await database.query(`UPDATE email_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [id]);
    expect(await tokens.tokenUsable(token, 'reset')).toEqual({ ok: false, error: 'auth.error.token.expired' });
    expect(await tokens.consumeToken(token, 'reset')).toEqual({ ok: false, error: 'auth.error.token.expired' });
    const verifyToken = await tokens.issueToken(database, id, 'verify', address);
    const [life] = await database.query<{ life: number }>(
      `SELECT extract(epoch FROM expires_at - created_at)::int AS life FROM email_tokens WHERE user_id = $1 AND purpose = 'verify'`,
      [id],
    );
    expect(Number(life.life)).toBe(24 * 3600);
    expect(await tokens.consumeToken(verifyToken, 'verify')).toMatchObject({ ok: true });
  });

  it('refuse malformed tokens without a query, and let one of two concurrent uses through', async () => {
    for (const bad of ['', 'x', 'A'.repeat(44), `${'A'.repeat(42)}=`, "'; DROP TABLE users; --"])
      expect(await tokens.consumeToken(bad, 'verify')).toEqual({ ok: false, error: 'auth.error.token.invalid' });
    const id = await user();
    const token = await tokens.issueToken(database, id, 'verify', 'c@example.com');
    const both = await Promise.all([tokens.consumeToken(token, 'verify'), tokens.consumeToken(token, 'verify')]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
  });

  it('are deleted a week after they expired, with the next token issued by anyone', async () => {
    const [old, recent] = [await user(), await user()];
    await tokens.issueToken(database, old, 'verify', 'old@example.com');
    await tokens.issueToken(database, recent, 'reset', 'recent@example.com');
    await database.query(`UPDATE email_tokens SET expires_at = now() - interval '8 days' WHERE user_id = $1`, [old]);
    await database.query(`UPDATE email_tokens SET expires_at = now() - interval '6 days' WHERE user_id = $1`, [recent]);
    await tokens.issueToken(database, await user(), 'verify', 'someone@example.com');
    const left = await database.query<{ user_id: string }>(
      'SELECT user_id FROM email_tokens WHERE user_id = ANY($1::uuid[])',
      [[old, recent]],
    );
    expect(left.map((r) => r.user_id)).toEqual([recent]);
  });
});
