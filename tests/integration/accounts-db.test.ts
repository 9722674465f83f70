/**
 * The account modules against a real database of their own (not through HTTP): session expiry and sliding,
 * and the registration notifications written in the same transaction as the user.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ownDatabase } from '../support/own-database.ts';
import { countStatements } from '../../src/lib/server/database/statements.ts';
import { iqBank, SERVED_FORM_IDS } from '../../src/domain/iq/bank.ts';
import { mailedIqScore } from '../../src/lib/server/outbox.ts';

/** A form sittings are served now (the retired ones are only scored again from saved rows). */
const FORM = SERVED_FORM_IDS[0];

let mod: {
  db: typeof import('../../src/lib/server/db.ts');
  session: typeof import('../../src/lib/server/session.ts');
  users: typeof import('../../src/lib/server/users.ts');
  scoring: typeof import('../../src/lib/server/scoring.ts');
};

ownDatabase();
beforeAll(async () => {
  mod = {
    db: await import('../../src/lib/server/db.ts'),
    session: await import('../../src/lib/server/session.ts'),
    users: await import('../../src/lib/server/users.ts'),
    scoring: await import('../../src/lib/server/scoring.ts'),
  };
});

/** The sheet of one sitting of a served form, named by its nonce: all right, at 9 s an item. */
const sheet = (sitting = crypto.randomUUID()) => ({
  formId: FORM,
  sitting,
  answers: iqBank(FORM).map((item) => ({ questionId: item.id, selectedAnswer: item.correctAnswer, timeSpent: 9000 })),
  timeSpent: 400_000,
});

const newUser = async (email: string) => (await mod.users.createUser({ email, passwordHash: null, via: 'email' }))!.id;

describe('sessions in the database', () => {
  it('store only the SHA-256 of the token', async () => {
    const userId = await newUser('hash@example.com');
    const token = mod.session.generateSessionToken();
    await mod.session.createSession(token, userId);
    const rows = await (
      await mod.db.db()
    ).query<{ id: string }>('SELECT id FROM sessions WHERE user_id = $1', [userId]);
    expect(rows).toEqual([{ id: mod.session.sessionIdOf(token) }]);
    expect(rows[0].id).not.toContain(token);
  });

  it('refuse an expired session and delete it', async () => {
    const userId = await newUser('expired@example.com');
    const token = mod.session.generateSessionToken();
    const { id } = await mod.session.createSession(token, userId);
    await (await mod.db.db()).query("UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE id = $1", [id]);
    expect((await mod.session.validateSessionToken(token)).user).toBeNull();
    expect(await (await mod.db.db()).query('SELECT 1 FROM sessions WHERE id = $1', [id])).toEqual([]);
  });

  it('slide: a session used in its second half is extended to 30 days again', async () => {
    const userId = await newUser('sliding@example.com');
    const token = mod.session.generateSessionToken();
    const { id } = await mod.session.createSession(token, userId);
    await (await mod.db.db()).query("UPDATE sessions SET expires_at = now() + interval '3 days' WHERE id = $1", [id]);
    const { value, statements } = await countStatements(() => mod.session.validateSessionToken(token));
    expect(value.session!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect(statements).toBe(1);
  });

  it('write nothing for a session in its first half: one read, the expiry as it was', async () => {
    const userId = await newUser('fresh@example.com');
    const token = mod.session.generateSessionToken();
    const { id } = await mod.session.createSession(token, userId);
    const expiry = async () =>
      (
        await (await mod.db.db()).query<{ e: string }>('SELECT expires_at::text AS e FROM sessions WHERE id = $1', [id])
      )[0].e;
    const before = await expiry();
    const { value, statements } = await countStatements(() => mod.session.validateSessionToken(token));
    expect(value.user?.id).toBe(userId);
    expect(statements).toBe(1);
    expect(await expiry()).toBe(before);
  });
});

describe('saving a result', () => {
  const save = async (userId: string, submission = sheet()) => {
    let deliveries = 0;
    const user = { id: userId, email: 'x@example.com', createdAt: new Date(), premium: false };
    const outcome = await mod.scoring.scoreAndSave(submission, mod.scoring.scoreIq, {
      lang: 'uk',
      user,
      limits: [],
      onQueued: () => deliveries++,
    });
    return { outcome, deliveries };
  };

  it('asks for a delivery run only when the save queued a notification (a user on the mailing list)', async () => {
    const listed = (await mod.users.createUser({
      email: 'listed@example.com',
      passwordHash: null,
      via: 'email',
      mailingConsent: true,
    }))!.id;
    const quiet = await newUser('unlisted@example.com');
    expect(await save(listed)).toMatchObject({ outcome: { saved: true }, deliveries: 1 });
    expect(await save(quiet)).toMatchObject({ outcome: { saved: true }, deliveries: 0 });
    const again = sheet();
    await save(listed, again);
    // The same sheet of a sitting again saves nothing new and queues nothing.
    expect(await save(listed, again)).toMatchObject({ outcome: { saved: true }, deliveries: 0 });
  });
});

describe('many at once (batched statements, ./database/batches.ts)', () => {
  const database = () => mod.db.db();
  /** Rows written by one statement share its transaction id. */
  const transactions = async (table: string, ids: string[]) =>
    (
      await (
        await database()
      ).query<{ n: number }>(`SELECT count(DISTINCT xmin::text)::int AS n FROM ${table} WHERE id = ANY ($1::uuid[])`, [
        ids,
      ])
    )[0].n;

  it('saves that arrive together are one statement, and each request gets its own row, once', async () => {
    const listed = (await mod.users.createUser({
      email: 'batch-listed@example.com',
      passwordHash: null,
      via: 'email',
      mailingConsent: true,
    }))!.id;
    const quiet = await newUser('batch-quiet@example.com');
    const sheetWith = (right: number, sitting: string) => ({
      formId: FORM,
      sitting,
      answers: iqBank(FORM).map((item, i) => ({
        questionId: item.id,
        selectedAnswer: i < right ? item.correctAnswer : (item.correctAnswer + 1) % 6,
        timeSpent: 9000,
      })),
      timeSpent: 400_000,
    });
    const twice = crypto.randomUUID();
    const saves = [
      { user: listed, sheet: sheetWith(5, crypto.randomUUID()) },
      { user: quiet, sheet: sheetWith(10, crypto.randomUUID()) },
      { user: listed, sheet: sheetWith(15, twice) },
      { user: quiet, sheet: sheetWith(20, crypto.randomUUID()) },
      { user: listed, sheet: sheetWith(15, twice) },
      { user: listed, sheet: sheetWith(12, crypto.randomUUID()) },
    ];
    const outcomes = await Promise.all(
      saves.map(async ({ user, sheet }) => {
        let queued = 0;
        const outcome = await mod.scoring.scoreAndSave(sheet, mod.scoring.scoreIq, {
          lang: 'en',
          user: { id: user, email: 'x@example.com', createdAt: new Date(), premium: false },
          limits: [],
          onQueued: () => queued++,
        });
        if (!outcome.ok || !('id' in outcome)) throw new Error('not saved');
        return { id: outcome.id!, score: outcome.result, queued };
      }),
    );
    const ids = outcomes.map((o) => o.id);
    // The same sheet of a sitting twice is one row; every other save has its own.
    expect(ids[2]).toBe(ids[4]);
    expect(new Set(ids).size).toBe(5);
    const rows = await (
      await database()
    ).query<{ id: string; user_id: string; correct_answers: number; language: string }>(
      'SELECT id, user_id, correct_answers, language FROM test_results WHERE id = ANY ($1::uuid[])',
      [ids],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    saves.forEach(({ user, sheet }, i) => {
      const right = sheet.answers.filter((a, k) => a.selectedAnswer === iqBank(FORM)[k].correctAnswer).length;
      expect(byId.get(ids[i])).toMatchObject({ user_id: user, correct_answers: right, language: 'en' });
    });
    // They arrived in one turn of the event loop and went together.
    expect(await transactions('test_results', [...new Set(ids)])).toBe(1);
    // One notification per new row of the listed user (3 rows), none for the other; each announced its own.
    const outbox = await (
      await database()
    ).query<{ score: number | null }>(
      "SELECT (payload->'mergeFields'->>'IQ_SCORE')::int AS score FROM outbox WHERE kind = 'mailchimp' AND payload->'mergeFields'->>'LAST_TEST' = 'iq' AND payload->'mergeFields'->>'USER_ID' IN ($1, $2) ORDER BY 1",
      [listed, quiet],
    );
    const listedScores = outcomes
      .filter((_, i) => saves[i].user === listed && i !== 4)
      .map((o) => mailedIqScore(o.score as Parameters<typeof mailedIqScore>[0]));
    // As each result states it: a "below Y" reading states no figure to mail (NULL sorts last).
    expect(outbox.map((r) => r.score)).toEqual(listedScores.sort((x, y) => (x ?? Infinity) - (y ?? Infinity)));
    expect(outcomes.filter((o, i) => saves[i].user === quiet).every((o) => o.queued === 0)).toBe(true);
  });

  it('a save of a sheet already in the database answers its row, beside new ones in the same statement', async () => {
    const userId = await newUser('batch-again@example.com');
    const sitting = crypto.randomUUID();
    const user = { id: userId, email: 'x@example.com', createdAt: new Date(), premium: false };
    const first = await mod.scoring.scoreAndSave(sheet(sitting), mod.scoring.scoreIq, { lang: 'uk', user, limits: [] });
    const together = await Promise.all(
      [crypto.randomUUID(), sitting, sitting, crypto.randomUUID()].map((nonce) =>
        mod.scoring.scoreAndSave(sheet(nonce), mod.scoring.scoreIq, { lang: 'uk', user, limits: [] }),
      ),
    );
    const id = (o: unknown) => (o as { id: string }).id;
    expect(id(together[1])).toBe(id(first));
    expect(id(together[2])).toBe(id(first));
    expect(new Set(together.map(id)).size).toBe(3);
  });

  it('a save a row of its own fails (its user deleted meanwhile) fails alone; the others in its statement are saved', async () => {
    const [kept, gone, alsoKept] = await Promise.all(['ka', 'kg', 'kb'].map((n) => newUser(`batch-${n}@example.com`)));
    await (await database()).query('DELETE FROM users WHERE id = $1', [gone]);
    const outcomes = await Promise.all(
      [kept, gone, alsoKept].map((id) =>
        mod.scoring.scoreAndSave(sheet(), mod.scoring.scoreIq, {
          lang: 'uk',
          user: { id, email: 'x@example.com', createdAt: new Date(), premium: false },
          limits: [],
        }),
      ),
    );
    // The driver gives PostgreSQL's SQLSTATE as `code` (23503, a foreign key violation), which is what lets the batch
    // tell a row's failure from the database's own and run the others again alone. The one whose save failed is told
    // its account is gone (issue 44: nothing to retry for it), never given a result the account does not have.
    expect(outcomes.map((o) => o.ok && 'saved' in o && o.saved)).toEqual([true, false, true]);
    expect(outcomes[1]).toEqual({ ok: false, error: 'auth.error.unauthenticated' });
    const rows = await (
      await database()
    ).query<{ user_id: string }>('SELECT user_id FROM test_results WHERE user_id = ANY ($1::uuid[]) ORDER BY 1', [
      [kept, gone, alsoKept],
    ]);
    expect(rows.map((r) => r.user_id)).toEqual([kept, alsoKept].sort());
  });

  it('sessions read together are one statement: each its own user, the expired deleted, the old slid', async () => {
    const [a, b, c] = await Promise.all(['sa', 'sb', 'sc'].map((n) => newUser(`batch-${n}@example.com`)));
    const tokens = Array.from({ length: 4 }, () => mod.session.generateSessionToken());
    const sessions = await Promise.all([a, b, b, c].map((u, i) => mod.session.createSession(tokens[i], u)));
    const db = await database();
    // b's two sessions are in their second half; c's has expired.
    await db.query("UPDATE sessions SET expires_at = now() + interval '2 days' WHERE id = ANY ($1::text[])", [
      [sessions[1].id, sessions[2].id],
    ]);
    await db.query("UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE id = $1", [sessions[3].id]);
    const unknown = mod.session.generateSessionToken();
    const read = await Promise.all(
      [tokens[0], tokens[1], tokens[2], tokens[3], unknown, tokens[1]].map((t) => mod.session.validateSessionToken(t)),
    );
    expect(read.map((r) => r.user?.id ?? null)).toEqual([a, b, b, null, null, b]);
    expect(read[1].session?.id).toBe(sessions[1].id);
    expect(read[2].session?.id).toBe(sessions[2].id);
    const left = await db.query<{ id: string; slid: boolean; tx: string }>(
      "SELECT id, expires_at > now() + interval '29 days' AS slid, xmin::text AS tx FROM sessions WHERE id = ANY ($1::text[]) ORDER BY id",
      [sessions.map((s) => s.id)],
    );
    expect(left.map((r) => r.id).sort()).toEqual([sessions[0].id, sessions[1].id, sessions[2].id].sort());
    expect(left.every((r) => r.slid)).toBe(true);
    // b's two sessions, read in the same turn, were slid by one statement.
    const slidTogether = left.filter((r) => r.id === sessions[1].id || r.id === sessions[2].id);
    expect(slidTogether[0].tx).toBe(slidTogether[1].tx);
  });
});

describe('creating a user', () => {
  it('writes no mailing-list event for a user who did not ask for the list', async () => {
    const id = (await mod.users.createUser({
      email: 'quiet@example.com',
      passwordHash: null,
      fullName: 'Тиха Людина',
      via: 'email',
    }))!.id;
    const database = await mod.db.db();
    const outbox = await database.query<{ kind: string }>(
      "SELECT kind FROM outbox WHERE payload::text LIKE '%' || $1 || '%'",
      [id],
    );
    expect(outbox.map((r) => r.kind)).toEqual(['telegram']);
    expect(await database.query('SELECT mailing_consent_at FROM user_profiles WHERE id = $1', [id])).toEqual([
      { mailing_consent_at: null },
    ]);
  });

  it('writes the profile and both registration notifications with it', async () => {
    const id = (await mod.users.createUser({
      email: 'Notify.Me@example.com',
      passwordHash: null,
      fullName: 'Олена Коваль',
      via: 'email',
      mailingConsent: true,
    }))!.id;
    const database = await mod.db.db();
    expect(await database.query('SELECT full_name FROM user_profiles WHERE id = $1', [id])).toEqual([
      { full_name: 'Олена Коваль' },
    ]);
    const outbox = await database.query<{ kind: string; payload: Record<string, unknown> }>(
      "SELECT kind, payload FROM outbox WHERE payload::text LIKE '%' || $1 || '%' ORDER BY kind",
      [id],
    );
    expect(outbox.map((r) => r.kind)).toEqual(['mailchimp', 'telegram']);
    expect(outbox[0].payload).toMatchObject({
      email: 'Notify.Me@example.com',
      firstName: 'Олена',
      lastName: 'Коваль',
      tags: ['new_user', 'registration'],
    });
    expect(outbox[1].payload).toMatchObject({
      type: 'registration',
      data: { userId: id, email: 'Notify.Me@example.com', fullName: 'Олена Коваль' },
    });
  });

  it('leaves nothing behind when the email is taken', async () => {
    const database = await mod.db.db();
    const before = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox');
    expect(await mod.users.createUser({ email: 'notify.me@EXAMPLE.com', passwordHash: null, via: 'email' })).toBeNull();
    expect(await database.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox')).toEqual(before);
  });
});
