/**
 * The scale a sheet is read on, against a real database (issue 29, points 3 and 6): the provisional one until a
 * calibration in iq_scales holds every item of the form, then the newest active such calibration; each result
 * names the scale it was read on and is read on it for ever — a newer calibration, or one set inactive, does not
 * change a result already given.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { iqBank, SERVED_FORM_IDS } from '../../src/domain/iq/bank.ts';
import { itemVersion } from '../../src/domain/iq/item-version.ts';
import { PROVISIONAL_SCALE } from '../../src/domain/iq/scale.ts';
import { ownDatabase } from '../support/own-database.ts';

let m: {
  db: typeof import('../../src/lib/server/db.ts');
  scales: typeof import('../../src/lib/server/scales.ts');
  scoring: typeof import('../../src/lib/server/scoring.ts');
  saving: typeof import('../../src/lib/server/results-saving.ts');
  results: typeof import('../../src/lib/server/results.ts');
};

ownDatabase();
beforeAll(async () => {
  m = {
    db: await import('../../src/lib/server/db.ts'),
    scales: await import('../../src/lib/server/scales.ts'),
    scoring: await import('../../src/lib/server/scoring.ts'),
    saving: await import('../../src/lib/server/results-saving.ts'),
    results: await import('../../src/lib/server/results.ts'),
  };
});

const FORM = SERVED_FORM_IDS[1];
const OTHER = SERVED_FORM_IDS[2];
const answers = iqBank(FORM).map((item, i) => ({
  questionId: item.id,
  selectedAnswer: i < 14 ? item.correctAnswer : (item.correctAnswer + 1) % 6,
  timeSpent: 30_000,
}));

/** A calibration of FORM's items (by version), its difficulties spread by `shift`. */
async function calibration(id: string, shift: number, active = true) {
  const items = iqBank(FORM).map((item, i) => ({
    id: itemVersion(item),
    a: 1.3,
    b: -1.5 + (3 * i) / 19 + shift,
    c: 1 / 6,
    seA: 0.1,
    seB: 0.1,
  }));
  await (
    await m.db.db()
  ).query(
    `INSERT INTO iq_scales (id, model, items, log_lik, sheets, active, created_at)
     VALUES ($1, '3pl', $2::jsonb, -1000, 600, $3, now() + ($4 || ' seconds')::interval)`,
    [id, JSON.stringify(items), active, String(shift * 10)],
  );
  m.scales.scalesChanged();
  await m.scales.refreshScales();
}

const score = async () => {
  const scored = await m.scoring.scoreIq({ formId: FORM, answers, timeSpent: 600_000 }, 'en', 'teaser');
  if (!scored.ok || scored.kind !== 'iq') throw new Error('not scored');
  return scored;
};

async function saved(scored: Awaited<ReturnType<typeof score>>) {
  const conn = await m.db.db();
  const [user] = await conn.query<{ id: string }>(
    `INSERT INTO users (email, email_normalized) VALUES ($1, $1) RETURNING id`,
    [`scale-${crypto.randomUUID()}@example.com`],
  );
  await conn.query('INSERT INTO user_profiles (id, email) SELECT id, email FROM users WHERE id = $1', [user.id]);
  const outcome = await m.saving.saveResult(scored, user.id, 'en', `sit:${crypto.randomUUID()}`);
  if (!outcome.ok) throw new Error('not saved');
  return { userId: user.id, id: outcome.id };
}

describe('the scale a sheet is read on', () => {
  it('is the provisional one while no calibration holds the form, and the saved result says so', async () => {
    await m.scales.refreshScales();
    const scored = await score();
    expect(scored.raw.scale).toEqual({ id: PROVISIONAL_SCALE, provisional: true });
    const { id, userId } = await saved(scored);
    const [row] = await (
      await m.db.db()
    ).query<{ scale: string }>('SELECT scale FROM test_results WHERE id = $1', [id]);
    expect(row.scale).toBe(PROVISIONAL_SCALE);
    const read = await m.results.resultForOwner('iq', id, userId, 'en', 'teaser');
    expect(read?.result).toMatchObject({ scale: 'provisional', iqEstimate: scored.raw.iqEstimate });
  });

  it('switches to a calibration once one holds every item of the form, for that form only', async () => {
    const before = await score();
    await calibration('c-first', 0);
    const after = await score();
    expect(after.raw.scale).toEqual({ id: 'c-first', provisional: false });
    expect(after.raw.iqEstimate).not.toBe(before.raw.iqEstimate);
    const other = await m.scoring.scoreIq(
      {
        formId: OTHER,
        answers: iqBank(OTHER).map((item) => ({
          questionId: item.id,
          selectedAnswer: item.correctAnswer,
          timeSpent: 30_000,
        })),
        timeSpent: 600_000,
      },
      'en',
      'teaser',
    );
    expect(other.ok && other.kind === 'iq' && other.raw.scale?.id).toBe(PROVISIONAL_SCALE);
  });

  it('keeps each result on the scale it was read on: a newer calibration reads new sheets only', async () => {
    const first = await score();
    const { id, userId } = await saved(first);
    await calibration('c-second', 0.5);
    const newer = await score();
    expect(newer.raw.scale?.id).toBe('c-second');
    expect(newer.raw.iqEstimate).not.toBe(first.raw.iqEstimate);
    const read = await m.results.resultForOwner('iq', id, userId, 'en', 'teaser');
    expect(read?.result).toMatchObject({
      scale: 'calibrated',
      iqEstimate: first.raw.iqEstimate,
      iqInterval: first.raw.iqInterval,
    });
    // Set inactive, a calibration reads no new sheet, and still reads the results that name it.
    await (await m.db.db()).query("UPDATE iq_scales SET active = false WHERE id = 'c-second'");
    m.scales.scalesChanged();
    await m.scales.refreshScales();
    expect((await score()).raw.scale?.id).toBe('c-first');
    const stats = await m.results.statsInputs(userId);
    expect(stats.iq[0].iqScore).toBe(first.raw.iqEstimate);
  });

  it('reads an inactive calibration a result names even in a process that never saw it active', async () => {
    await calibration('c-retired', 0.8, false);
    const scale = m.scales.knownScale('c-retired', FORM);
    expect(scale).toMatchObject({ id: 'c-retired', provisional: false });
    expect((await score()).raw.scale?.id).toBe('c-first');
  });
});
