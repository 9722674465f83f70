/**
 * The landing counts (src/lib/server/stats.ts) against a real database of their own: saved results only, by Kyiv's
 * calendar day and month, and one count serving a process for a minute.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ownDatabase } from '../support/own-database.ts';
import { iqBank, SERVED_FORM_IDS } from '../../src/domain/iq/bank.ts';

let mod: {
  db: typeof import('../../src/lib/server/db.ts');
  users: typeof import('../../src/lib/server/users.ts');
  scoring: typeof import('../../src/lib/server/scoring.ts');
  stats: typeof import('../../src/lib/server/stats.ts');
};

ownDatabase();
beforeAll(async () => {
  mod = {
    db: await import('../../src/lib/server/db.ts'),
    users: await import('../../src/lib/server/users.ts'),
    scoring: await import('../../src/lib/server/scoring.ts'),
    stats: await import('../../src/lib/server/stats.ts'),
  };
});

/** A sheet of a sitting of its own (named by its nonce), of a form served now. */
const FORM = SERVED_FORM_IDS[0];
const iqSheet = () => ({
  formId: FORM,
  sitting: crypto.randomUUID(),
  answers: iqBank(FORM).map((item) => ({ questionId: item.id, selectedAnswer: item.correctAnswer, timeSpent: 9000 })),
  timeSpent: 400_000,
});
async function newUser() {
  const email = `stats.${crypto.randomUUID()}@example.com`;
  const { id } = (await mod.users.createUser({ email, passwordHash: null, via: 'email' }))!;
  return { id, email, createdAt: new Date(), premium: false };
}

/** Scores and saves an IQ sheet for the user, or only scores it for a visitor (user null); the saved row's id. */
async function takeIq(user: Awaited<ReturnType<typeof newUser>> | null) {
  const outcome = await mod.scoring.scoreAndSave(iqSheet(), mod.scoring.scoreIq, { lang: 'uk', user, limits: [] });
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.id;
}

/**
 * A saved career result, written as a row: what is counted is the row and its time, whatever the scoring (which
 * the career tests cover) puts in it.
 */
async function saveCareer(userId: string, at?: string) {
  await (
    await mod.db.db()
  ).query(
    `INSERT INTO professional_test_results (user_id, total_questions, time_spent, enneagram_scores, primary_type,
       secondary_type, tied_types, recommended_professions, personality_type, strengths_description, development_areas,
       language, answers, submission_key, verification_code, created_at)
     VALUES ($1, 54, 300000, '{}', 4, 5, '[]', '[]', 'Creator', '', '[]', 'en', '[]', $2, $3, COALESCE($4::timestamptz, now()))`,
    [userId, `sit:${crypto.randomUUID()}`, crypto.randomUUID(), at ?? null],
  );
}

async function datedIq(user: Awaited<ReturnType<typeof newUser>>, at: string) {
  const id = await takeIq(user);
  await (await mod.db.db()).query('UPDATE test_results SET created_at = $1 WHERE id = $2', [at, id]);
}

describe('the landing counts', () => {
  it("count saved results by Kyiv's day and month, not the server's", async () => {
    const user = await newUser();
    // 15 March 2026, 14:00 in Kyiv (UTC+2 until the last Sunday of March): the day began at 22:00 UTC on the 14th.
    const now = new Date('2026-03-15T12:00:00Z');
    await datedIq(user, '2026-03-14T22:30:00Z'); // 00:30 on the 15th in Kyiv: today, though still the 14th in UTC
    await datedIq(user, '2026-03-14T21:30:00Z'); // 23:30 on the 14th in Kyiv: this month, not today
    await datedIq(user, '2026-02-28T22:00:00Z'); // midnight on 1 March in Kyiv: this month
    await datedIq(user, '2026-02-28T21:59:00Z'); // a minute before: last month
    await saveCareer(user.id, '2026-03-15T10:00:00Z');
    await saveCareer(user.id, '2026-03-01T09:00:00Z');
    const counts = await mod.stats.countSavedResults(await mod.db.db(), now);
    expect(counts).toEqual({
      iqToday: 1,
      professionalToday: 1,
      resultsThisMonth: 5,
      counted: 'saved results',
      timeZone: 'Europe/Kyiv',
      asOf: now.toISOString(),
    });
  });

  it('change once a saved result is added and the minute a count serves has passed; a visitor’s sheet is not one', async () => {
    const user = await newUser();
    // Midday in Kyiv three days ago, not the clock's now: a run that crossed Kyiv's midnight between the two counts
    // (22:00 UTC in winter) would start a new day and count nothing "today" (CI failed once so). The rows saved now
    // are after it, so they count in the same day and month as at t0.
    const t0 = new Date(Date.now() - 3 * 24 * 3600_000);
    t0.setUTCHours(10, 0, 0, 0);
    const before = await mod.stats.siteStats(t0);
    await takeIq(user);
    await saveCareer(user.id);
    await takeIq(null);
    const cached = await mod.stats.siteStats(new Date(t0.getTime() + 59_000));
    expect(cached).toEqual(before);
    const after = await mod.stats.siteStats(new Date(t0.getTime() + 60_000));
    expect(after).toMatchObject({
      iqToday: before.iqToday + 1,
      professionalToday: before.professionalToday + 1,
      resultsThisMonth: before.resultsThisMonth + 2,
    });
  });
});
