/**
 * One sheet, one result, decided where it can be (DESIGN.md §3.8), against a real database of its own: a sitting a
 * visitor scored in another process is not saved with other answers once that process has shared its count; a sheet
 * taken after its taker was shown the form's worked answers is saved cautioned, whenever the sitting was served; and
 * the save records a subscriber's review in the same statement.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ownDatabase } from '../support/own-database.ts';
import { countStatements } from '../../src/lib/server/database/statements.ts';
import type { Database } from '../../src/lib/server/db.ts';

ownDatabase({ RATE_LIMIT_MULTIPLIER: '1' });

let open: () => Promise<Database>;
let m: {
  saving: typeof import('../../src/lib/server/results-saving.ts');
  scoring: typeof import('../../src/lib/server/scoring.ts');
  use: typeof import('../../src/lib/server/sitting-use.ts');
  limits: typeof import('../../src/lib/server/shared-limits.ts');
  bank: typeof import('../../src/domain/iq/bank.ts');
};
beforeAll(async () => {
  const db = await import('../../src/lib/server/db.ts');
  open = db.db;
  await open();
  m = {
    saving: await import('../../src/lib/server/results-saving.ts'),
    scoring: await import('../../src/lib/server/scoring.ts'),
    use: await import('../../src/lib/server/sitting-use.ts'),
    limits: await import('../../src/lib/server/shared-limits.ts'),
    bank: await import('../../src/domain/iq/bank.ts'),
  };
});

let n = 0;
async function user(): Promise<string> {
  const [{ id }] = await (
    await open()
  ).query<{ id: string }>(
    `WITH u AS (INSERT INTO users (email, email_normalized) VALUES ($1, $1) RETURNING id)
     INSERT INTO user_profiles (id, email, full_name) SELECT id, $1, '' FROM u RETURNING id`,
    [`one-sheet-${n++}-${Date.now()}@example.com`],
  );
  return id;
}
/** A scored IQ sheet of a form (5 unless said): the first `right` items right, 30 s each. */
async function sheet(right = 16, sitting = `n${n++}-${Date.now()}`, formId = 5) {
  const answers = m.bank.iqBank(formId).map((item, i) => ({
    questionId: item.id,
    selectedAnswer: i < right ? item.correctAnswer : (item.correctAnswer + 1) % 6,
    timeSpent: 30_000,
  }));
  const scored = await m.scoring.scoreIq({ formId, answers, timeSpent: 600_000, sitting }, 'en', 'full');
  if (!scored.ok) throw new Error(scored.error);
  return { scored, sitting };
}

describe('a sitting a visitor scored elsewhere', () => {
  it('is not saved with other answers once that process has shared its count; a sitting nobody scored is', async () => {
    const visitorProcess = new m.limits.SharedLimits(open);
    const first = await sheet(10);
    // The visitor's instance scores the sitting and, after its response, writes the count.
    expect(m.use.useSitting(visitorProcess, first.sitting, 'visitor-sheet', true)).toBe('first');
    await visitorProcess.shareSoon();
    // This instance never heard of it: signed in, a better sheet of the same sitting arrives.
    const better = await sheet(20, first.sitting);
    const id = await user();
    const key = m.scoring.sittingKey(first.sitting);
    const freshKey = m.use.sittingCountKey(first.sitting);
    expect(await m.saving.saveResult(better.scored, id, 'en', key, { freshKey })).toEqual({
      ok: false,
      error: 'score.error.sitting_used',
    });
    const other = await sheet(20);
    const saved = await m.saving.saveResult(other.scored, id, 'en', m.scoring.sittingKey(other.sitting), {
      freshKey: m.use.sittingCountKey(other.sitting),
    });
    expect(saved).toMatchObject({ ok: true, keySeen: false });
  });
});

describe("a sheet taken after its taker was shown the form's worked answers", () => {
  it('is saved cautioned (key_seen) whenever its sitting was served, and the review is recorded with the save', async () => {
    const id = await user();
    // Two sittings of form 5 collected at once; the first is scored by a subscriber and shows the review.
    const a = await sheet(12);
    const b = await sheet(20);
    const { value: first, statements } = await countStatements(() =>
      m.saving.saveResult(a.scored, id, 'en', m.scoring.sittingKey(a.sitting), { markReview: true }),
    );
    expect(first).toMatchObject({ ok: true, keySeen: false });
    expect(statements).toBe(1);
    // Recorded for every form the review gives away: form 5, form 8 (form 5 but the anchors) and form 1 (whose items
    // form 5 kept when it replaced it).
    const seen = await (
      await open()
    ).query<{ form_id: number }>('SELECT form_id FROM iq_reviews_seen WHERE user_id = $1 ORDER BY form_id', [id]);
    expect(seen.map((r) => Number(r.form_id))).toEqual([1, 5, 8]);
    // The second, answered with the key in mind, is saved cautioned however innocent its sitting looked.
    const second = await m.saving.saveResult(b.scored, id, 'en', m.scoring.sittingKey(b.sitting));
    expect(second).toMatchObject({ ok: true, keySeen: true });
    const [row] = await (
      await open()
    ).query<{ key_seen: boolean }>('SELECT key_seen FROM test_results WHERE id = $1', [second.ok ? second.id : '']);
    expect(row.key_seen).toBe(true);
  });

  it('is judged by when a claimed token was signed, not when it is claimed', async () => {
    const id = await user();
    const a = await sheet(12);
    const b = await sheet(20);
    // The visitor's sheet b was scored (its token signed) an hour ago; the review of form 5 was seen since.
    await m.saving.saveResult(a.scored, id, 'en', m.scoring.sittingKey(a.sitting), { markReview: true });
    const claimed = await m.saving.saveResult(b.scored, id, 'en', m.scoring.sittingKey(b.sitting), {
      scoredAt: new Date(Date.now() - 3_600_000),
    });
    expect(claimed).toMatchObject({ ok: true, keySeen: false });
    // A sheet scored after the review is cautioned.
    const c = await sheet(20);
    expect(
      await m.saving.saveResult(c.scored, id, 'en', m.scoring.sittingKey(c.sitting), {
        scoredAt: new Date(Date.now() + 1000),
      }),
    ).toMatchObject({ ok: true, keySeen: true });
  });
});

describe('worked answers across the forms the anchors link (issue 29, point 4)', () => {
  const keySeen = async (id: string, formId: number) => {
    const s = await sheet(20, undefined, formId);
    return m.saving.saveResult(s.scored, id, 'en', m.scoring.sittingKey(s.sitting));
  };

  it("a review of form 4 (its anchors withheld) cautions no other served form's sheet; one of form 5 cautions form 8's", async () => {
    const id = await user();
    const four = await sheet(12, undefined, 4);
    await m.saving.saveResult(four.scored, id, 'en', m.scoring.sittingKey(four.sitting), { markReview: true });
    for (const formId of [8, 9, 10]) expect(await keySeen(id, formId)).toMatchObject({ ok: true, keySeen: false });
    expect(await keySeen(id, 4)).toMatchObject({ ok: true, keySeen: true });
    const five = await sheet(12);
    await m.saving.saveResult(five.scored, id, 'en', m.scoring.sittingKey(five.sitting), { markReview: true });
    expect(await keySeen(id, 8)).toMatchObject({ ok: true, keySeen: true });
    expect(await keySeen(id, 9)).toMatchObject({ ok: true, keySeen: false });
  });

  it('migration 0013 counts a review seen before it for every served form it showed an item of, at its time', async () => {
    const id = await user();
    const database = await open();
    const at = new Date(Date.now() - 86_400_000).toISOString();
    const earlier = new Date(Date.now() - 2 * 86_400_000).toISOString();
    // Two reviews giving away form 9 (form 4's anchors, form 6's other items): it takes the later.
    await database.query('INSERT INTO iq_reviews_seen (user_id, form_id, seen_at) VALUES ($1, 4, $2), ($1, 6, $3)', [
      id,
      at,
      earlier,
    ]);
    const { readFileSync } = await import('node:fs');
    // One statement: run as the migration runs it, again (it only adds what is missing).
    await database.query(readFileSync('db/migrations/0013_anchor_forms.sql', 'utf8'));
    const rows = await database.query<{ form_id: number; seen_at: Date | string }>(
      'SELECT form_id, seen_at FROM iq_reviews_seen WHERE user_id = $1 ORDER BY form_id',
      [id],
    );
    expect(rows.map((r) => [Number(r.form_id), new Date(r.seen_at).toISOString()])).toEqual([
      [4, at],
      [6, earlier],
      [8, at],
      [9, at],
      [10, at],
    ]);
    // A sheet of form 9 is now taken with (part of) its key seen: form 4's anchors and form 6's other items.
    expect(await keySeen(id, 9)).toMatchObject({ ok: true, keySeen: true });
  });
});

describe('a sitting begun on a form retired since (forms 5–7 gave way to 8–10)', () => {
  it('is not resumed (it could not be scored): asking again with its token starts a sitting of a served form', async () => {
    const { newSitting, signSitting } = await import('../../src/lib/server/sittings.ts');
    const form = (await import('../../netlify/functions/tests-iq-form.mts')) as {
      default: (req: Request, context: unknown) => Promise<Response>;
    };
    const browser = 'AbCdEfGhIjKlMnOpQrStUv'; // 22 base64url characters, as visitor.ts makes them
    const ask = async (token?: string) => {
      const query = token ? `&formToken=${encodeURIComponent(token)}` : '';
      const res = await form.default(
        new Request(`http://127.0.0.1/api/tests/iq/form?lang=en${query}`, {
          headers: { cookie: `rozum_visitor=${browser}` },
        }),
        { waitUntil: () => {}, params: {} },
      );
      expect(res.status).toBe(200);
      return (await res.json()) as { formId: number; formToken: string };
    };
    // A served form's sitting is resumed with its token…
    const served = signSitting(newSitting('iq', browser, { formId: 8 }));
    expect(await ask(served)).toMatchObject({ formId: 8, formToken: served });
    // …a retired one's is not.
    const retired = signSitting(newSitting('iq', browser, { formId: 5 }));
    const fresh = await ask(retired);
    expect(m.bank.SERVED_FORM_IDS).toContain(fresh.formId);
    expect(fresh.formToken).not.toBe(retired);
  });
});
