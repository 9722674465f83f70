/**
 * Saved results as their owner reads them (spec part 1 §3 tables): one result, the history, the forms taken and
 * what the statistics are computed from. Reading answers only the owner; ./results-saving.ts writes the rows.
 */
import { scoreIqSheet, type IqAnswer } from '../../domain/iq/scoring.ts';
import { scoreCareerAnswers, type CareerAnswer } from '../../domain/career/scoring.ts';
import { STATED_RELIABILITY } from '../../domain/iq/reading.ts';
import { careerView, iqView, type Access } from '../../domain/views.ts';
import { db } from './db.ts';
import type { Lang } from '../../i18n/paths.ts';
import type { TestKind } from '../../domain/views.ts';

export const TABLE: Record<TestKind, string> = { iq: 'test_results', professional: 'professional_test_results' };

interface StoredRow {
  id: string;
  form_id?: number;
  reliability?: number;
  verification_code?: string;
  certificate_url_uk?: string | null;
  certificate_url_en?: string | null;
  answers: IqAnswer[] | CareerAnswer[];
  time_spent: number;
  created_at: Date;
}

/** The view of a saved result for its owner, in the asked language; null for anyone else or an unknown id. */
export async function resultForOwner(kind: TestKind, id: string, userId: string, lang: Lang, access: Access) {
  const [row] = await (
    await db()
  ).query<StoredRow>(
    `SELECT id, answers, time_spent, created_at, verification_code, certificate_url_uk, certificate_url_en${IQ_COLUMNS[kind]} FROM ${TABLE[kind]} WHERE id = $1 AND user_id = $2`,
    [id, userId],
  );
  if (!row) return null;
  return {
    id: row.id,
    createdAt: new Date(row.created_at).toISOString(),
    verificationCode: row.verification_code,
    certificates: { uk: row.certificate_url_uk ?? null, en: row.certificate_url_en ?? null },
    result: viewOf(kind, row, lang, access),
  };
}

/** The columns an IQ row is scored from besides its answers: the form and the reliability it was scored with. */
const IQ_COLUMNS: Record<TestKind, string> = { iq: ', form_id, reliability', professional: '' };

/** The sheet a stored IQ row holds, scored the way it was when saved. */
export const storedIqSheet = (row: {
  form_id?: number;
  reliability?: number;
  answers: unknown;
  time_spent: number;
}) => ({
  formId: Number(row.form_id ?? 0),
  reliability: Number(row.reliability ?? STATED_RELIABILITY),
  answers: row.answers as IqAnswer[],
  timeSpent: row.time_spent,
});

function viewOf(kind: TestKind, row: StoredRow, lang: Lang, access: Access) {
  return kind === 'iq'
    ? iqView(scoreIqSheet(storedIqSheet(row)), access, lang)
    : careerView(scoreCareerAnswers(row.answers as CareerAnswer[], row.time_spent, lang), access, lang);
}

/** History, newest first. Everyone sees what they took; the details are for subscribers (the premium gate). */
export async function listResults(kind: TestKind, userId: string, lang: Lang, access: Access) {
  const rows = await (
    await db()
  ).query<StoredRow>(
    `SELECT id, answers, time_spent, created_at${IQ_COLUMNS[kind]} FROM ${TABLE[kind]} WHERE user_id = $1 ORDER BY created_at DESC`,
    [userId],
  );
  return rows.map((row) => {
    const view = viewOf(kind, row, lang, access) as Record<string, unknown>;
    const summary =
      kind === 'iq'
        ? pick(view, ['iqEstimate', 'iqBound', 'iqInterval', 'ratingLabel', 'cautions'])
        : pick(view, ['personalityType', 'primaryType', 'color']);
    const details =
      access === 'full'
        ? kind === 'iq'
          ? pick(view, ['score', 'maxScore', 'accuracy', 'timeSpent', 'correctAnswers', 'totalQuestions', 'breakdown'])
          : pick(view, ['totalQuestions', 'timeSpent', 'recommendedProfessions', 'developmentAreas'])
        : {};
    return { id: row.id, kind, createdAt: new Date(row.created_at).toISOString(), ...summary, ...details };
  });
}

const pick = (source: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(keys.filter((k) => k in source).map((k) => [k, source[k]]));

/** The forms a user has taken, the one taken longest ago first. */
export async function formsTaken(userId: string): Promise<number[]> {
  const rows = await (
    await db()
  ).query<{ form_id: number }>(
    'SELECT form_id FROM test_results WHERE user_id = $1 GROUP BY form_id ORDER BY max(created_at)',
    [userId],
  );
  return rows.map((r) => Number(r.form_id));
}

/** What the statistics and achievements are computed from. */
export async function statsInputs(userId: string) {
  const database = await db();
  const iq = await database.query<{
    iq_score: number;
    correct_answers: number;
    total_questions: number;
    time_spent: number;
    created_at: Date;
  }>('SELECT iq_score, correct_answers, total_questions, time_spent, created_at FROM test_results WHERE user_id = $1', [
    userId,
  ]);
  const [{ n }] = await database.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM professional_test_results WHERE user_id = $1',
    [userId],
  );
  return {
    iq: iq.map((r) => ({
      iqScore: r.iq_score,
      correctAnswers: r.correct_answers,
      totalQuestions: r.total_questions,
      timeSpent: r.time_spent,
      createdAt: r.created_at,
    })),
    professionalCount: n,
  };
}
