/**
 * The account modules against a real database of their own (not through HTTP): session expiry and sliding,
 * and the registration notifications written in the same transaction as the user.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ownDatabase } from '../support/own-database.ts';
import { countStatements } from '../../src/lib/server/database/statements.ts';
import { iqBank } from '../../src/domain/iq/bank.ts';

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
  const sheet = () => ({
    formId: 0,
    answers: iqBank(0).map((item) => ({ questionId: item.id, selectedAnswer: item.correctAnswer, timeSpent: 9000 })),
    timeSpent: 400_000,
    submissionId: crypto.randomUUID(),
  });
  const save = async (userId: string, submission = sheet()) => {
    let deliveries = 0;
    const user = { id: userId, email: 'x@example.com', createdAt: new Date(), premium: false };
    const outcome = await mod.scoring.scoreAndSave(submission, mod.scoring.scoreIq, {
      lang: 'uk',
      user,
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
    // The same submission again saves nothing new and queues nothing.
    expect(await save(listed, again)).toMatchObject({ outcome: { saved: true }, deliveries: 0 });
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
