/**
 * The item analysis against a real database of its own (not through HTTP): stored sheets of one form are scored
 * against its key, rushed sheets are left out, and each form's n and KR-20 land in iq_form_stats.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { analyseForm, OPTION_COUNT, type Sheet } from '../../src/domain/iq/analysis.ts';
import { iqBank, IQ_FORM_IDS } from '../../src/domain/iq/bank.ts';
import { createRng } from '../../src/domain/matrices/rng.ts';
import { ownDatabase } from '../support/own-database.ts';

let m: {
  db: typeof import('../../src/lib/server/db.ts');
  stats: typeof import('../../src/lib/server/item-stats.ts');
};

ownDatabase();
beforeAll(async () => {
  m = {
    db: await import('../../src/lib/server/db.ts'),
    stats: await import('../../src/lib/server/item-stats.ts'),
  };
});

const FORM = IQ_FORM_IDS[IQ_FORM_IDS.length - 1];
const items = iqBank(FORM);
const rng = createRng(4242);

/** A taker of ability θ: right with probability 1/6 + 5/6 · logistic(θ − b), b rising through the form. */
function simulatedSheet(): Sheet {
  const theta = Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
  return items.map((item, j) => {
    const p = 1 / 6 + 5 / 6 / (1 + Math.exp(-(theta - (-2 + (4 * j) / (items.length - 1)))));
    return rng() < p
      ? item.correctAnswer
      : (item.correctAnswer + 1 + Math.floor(rng() * (OPTION_COUNT - 1))) % OPTION_COUNT;
  });
}

/** Stored the way results.ts stores a sheet: the answers as given, the total time in milliseconds. */
const stored = (sheet: Sheet, itemMs: (j: number) => number) => {
  const answers = items.map((item, j) => ({ questionId: item.id, selectedAnswer: sheet[j], timeSpent: itemMs(j) }));
  return { answers, timeSpent: answers.reduce((s, a) => s + a.timeSpent, 0) };
};

const steady = Array.from({ length: 320 }, simulatedSheet);
// Rushed both ways iqCautions knows: under two minutes in all, and a median under 5 s with one long pause.
const rushed = [
  ...Array.from({ length: 20 }, () => stored(simulatedSheet(), () => 3_000)),
  ...Array.from({ length: 6 }, () => stored(simulatedSheet(), (j) => (j === 0 ? 300_000 : 2_000))),
];
const sheets = [...steady.map((sheet) => stored(sheet, (j) => 20_000 + 1_000 * j)), ...rushed];

async function insertSheets() {
  const conn = await m.db.db();
  const users = await conn.query<{ id: string }>(
    `INSERT INTO users (email, email_normalized) SELECT 'taker' || i || '@example.com', 'taker' || i || '@example.com' FROM generate_series(1, 5) AS i RETURNING id`,
  );
  await conn.query('INSERT INTO user_profiles (id, email) SELECT id, email FROM users');
  await conn.query(
    `INSERT INTO test_results (user_id, iq_score, total_score, correct_answers, total_questions, time_spent, breakdown, language, answers, submission_key, verification_code, form_id)
     SELECT (($1::jsonb) ->> ((ord % 5)::int))::uuid, 100, 0, 0, 20, (s ->> 'timeSpent')::int, '{}'::jsonb, 'uk', s -> 'answers', 'sim-' || ord, 'code-' || ord, $2
     FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS t (s, ord)`,
    [JSON.stringify(users.map((u) => u.id)), FORM, JSON.stringify(sheets)],
  );
}

describe('form statistics from stored sheets', () => {
  it('write one row per form, every form even without sheets', async () => {
    await m.stats.refreshFormStats();
    const rows = await (
      await m.db.db()
    ).query<{ form_id: number; sheets: number; kr20: number | null }>(
      'SELECT form_id, sheets, kr20 FROM iq_form_stats ORDER BY form_id',
    );
    expect(rows).toEqual(IQ_FORM_IDS.map((id) => ({ form_id: id, sheets: 0, kr20: null })));
  });

  it('count the steady sheets only, and store the KR-20 the analysis gives on them', async () => {
    await insertSheets();
    const reports = await m.stats.refreshFormStats();
    const expected = analyseForm(items, steady);
    const report = reports.find((r) => r.formId === FORM)!;
    expect(report.rushed).toBe(rushed.length);
    expect(report.analysis.n).toBe(steady.length);
    expect(report.analysis.kr20).toBeCloseTo(expected.kr20!, 10);
    report.analysis.items.forEach((item, j) => expect(item.p).toBeCloseTo(expected.items[j].p!, 10));

    const rows = await (
      await m.db.db()
    ).query<{ form_id: number; sheets: number; kr20: number | null; fresh: boolean }>(
      `SELECT form_id, sheets, kr20, computed_at > now() - interval '1 minute' AS fresh FROM iq_form_stats ORDER BY form_id`,
    );
    expect(rows).toHaveLength(IQ_FORM_IDS.length);
    const row = rows.find((r) => r.form_id === FORM)!;
    expect(row.sheets).toBe(steady.length);
    expect(row.fresh).toBe(true);
    // To six decimals, which even a single-precision column keeps.
    expect(row.kr20).toBeCloseTo(expected.kr20!, 6);
    expect(expected.kr20!).toBeGreaterThan(0.5);
  });
});
