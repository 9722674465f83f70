/**
 * Saved results as their owner reads them (spec part 1 §3 tables): one result, the history, the forms taken and
 * what the statistics are computed from. Reading answers only the owner; ./results-saving.ts writes the rows.
 */
import { scoreIqSheet, type IqAnswer } from '../../domain/iq/scoring.ts';
import { scoreCareerAnswers, type CareerAnswer } from '../../domain/career/scoring.ts';
import { STATED_RELIABILITY } from '../../domain/iq/reading.ts';
import { careerView, iqView, type CareerResultView } from '../../domain/views.ts';
import type { Access } from '../../domain/access.ts';
import { formsRevealedBy } from '../../domain/iq/linking.ts';
import { db } from './db.ts';
import { ensureScales, knownScale } from './scales.ts';
import { isUuid } from './http.ts';
import type { Lang } from '../../i18n/paths.ts';
import type { TestKind } from '../../domain/views.ts';

export const TABLE: Record<TestKind, string> = { iq: 'test_results', professional: 'professional_test_results' };

interface StoredRow {
  id: string;
  form_id?: number;
  reliability?: number;
  scale?: string | null;
  key_seen?: boolean;
  verification_code?: string;
  certificate_url_uk?: string | null;
  certificate_url_en?: string | null;
  answers: IqAnswer[] | CareerAnswer[];
  time_spent: number;
  created_at: Date;
  share_code?: string | null;
  share_lang?: Lang | null;
  share_name?: boolean | null;
}

/** The view of a saved result for its owner, in the asked language; null for anyone else or an unknown id. */
export async function resultForOwner(kind: TestKind, id: string, userId: string, lang: Lang, access: Access) {
  const [row] = await (
    await db()
  ).query<StoredRow>(
    `SELECT r.id, r.answers, r.time_spent, r.created_at, r.verification_code, r.certificate_url_uk, r.certificate_url_en${IQ_COLUMNS[kind]},
       s.code AS share_code, s.lang AS share_lang, s.show_name AS share_name
     FROM ${TABLE[kind]} r LEFT JOIN result_shares s ON s.${kind === 'iq' ? 'iq_result_id' : 'professional_result_id'} = r.id
     WHERE r.id = $1 AND r.user_id = $2`,
    [id, userId],
  );
  if (!row) return null;
  await ensureScales([row.scale]);
  return {
    id: row.id,
    ...(kind === 'iq' ? { formId: Number(row.form_id ?? 0) } : {}),
    createdAt: new Date(row.created_at).toISOString(),
    verificationCode: row.verification_code ?? null,
    certificates: { uk: row.certificate_url_uk ?? null, en: row.certificate_url_en ?? null },
    // Its public link, when its owner shared it (issue 32).
    share: row.share_code ? { code: row.share_code, lang: row.share_lang!, showName: Boolean(row.share_name) } : null,
    result: viewOf(kind, row, lang, access),
  };
}

/** The columns an IQ row is scored from besides its answers: the form, and the scale or reliability it was read with. */
const IQ_COLUMNS: Record<TestKind, string> = { iq: ', form_id, reliability, scale, key_seen', professional: '' };

/** The sheet a stored IQ row holds, read the way it was when saved (its scale read first: scales.ts ensureScales). */
export const storedIqSheet = (row: {
  form_id?: number;
  reliability?: number;
  scale?: string | null;
  key_seen?: boolean | null;
  answers: unknown;
  time_spent: number;
}) => ({
  formId: Number(row.form_id ?? 0),
  reliability: Number(row.reliability ?? STATED_RELIABILITY),
  ...(row.scale ? { scale: knownScale(row.scale, Number(row.form_id ?? 0)) } : {}),
  answers: row.answers as IqAnswer[],
  timeSpent: row.time_spent,
  ...(row.key_seen ? { reviewed: true } : {}),
});

function viewOf(kind: TestKind, row: StoredRow, lang: Lang, access: Access) {
  return kind === 'iq'
    ? iqView(scoreIqSheet(storedIqSheet(row)), access, lang)
    : careerView(scoreCareerAnswers(row.answers as CareerAnswer[], row.time_spent, lang), access, lang);
}

/** A history page holds at most this many results (the default when the page does not say). */
import {
  CAREER_DETAILS,
  CAREER_SUMMARY,
  HISTORY_PAGE_DEFAULT,
  HISTORY_PAGE_MAX,
  IQ_DETAILS,
  IQ_SUMMARY,
  type CareerEntry,
  type IqEntry,
  type TiedDetail,
} from '../../api/results.ts';
export { HISTORY_PAGE_DEFAULT, HISTORY_PAGE_MAX };

/**
 * Where a history page starts: after the result created at `createdAt` with id `id` (newest first). The time is the
 * database's own, to the microsecond (a JavaScript Date keeps milliseconds, and rows saved in one statement share a
 * microsecond): `2026-11-25T21:58:55.123456Z`.
 */
export interface HistoryCursor {
  createdAt: string;
  id: string;
}
const CURSOR_TIME =
  /^(19[7-9]\d|2\d{3})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{6}Z$/;
export const encodeCursor = (c: HistoryCursor): string => Buffer.from(`${c.createdAt}|${c.id}`).toString('base64url');
/** A cursor as this server wrote it, or null (anything else is refused, never handed to the database). */
export function decodeCursor(text: string): HistoryCursor | null {
  if (!/^[A-Za-z0-9_-]{1,120}$/.test(text)) return null;
  const [createdAt, id, ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  if (rest.length || !id || !isUuid(id) || !CURSOR_TIME.test(createdAt)) return null;
  // A day the calendar has (JavaScript would roll 31 February on to March; PostgreSQL refuses it).
  if (new Date(createdAt).toISOString().slice(0, 19) !== createdAt.slice(0, 19)) return null;
  return { createdAt, id };
}

/**
 * One page of the history, newest first: `limit` results after `cursor`, and the cursor of the next page (null on
 * the last). Reads and scores only the rows of the page. Everyone sees what they took; the details are for
 * subscribers (the premium gate).
 */
export async function listResults(
  kind: TestKind,
  userId: string,
  lang: Lang,
  access: Access,
  page: { limit: number; cursor: HistoryCursor | null } = { limit: HISTORY_PAGE_DEFAULT, cursor: null },
) {
  const rows = await (
    await db()
  ).query<StoredRow & { at: string }>(
    `SELECT id, answers, time_spent, created_at${IQ_COLUMNS[kind]},
       to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at FROM ${TABLE[kind]}
     WHERE user_id = $1 AND ($2::timestamptz IS NULL OR (created_at, id) < ($2::timestamptz, $3::uuid))
     ORDER BY created_at DESC, id DESC LIMIT $4`,
    [userId, page.cursor?.createdAt ?? null, page.cursor?.id ?? null, page.limit + 1],
  );
  const more = rows.length > page.limit;
  await ensureScales(rows.map((row) => row.scale));
  // The entry's fields are the contract's (src/api/results.ts): the summary for everyone, the details with premium.
  const items = rows.slice(0, page.limit).map((row): IqEntry | CareerEntry => {
    const view = viewOf(kind, row, lang, access) as Record<string, unknown>;
    const [summary, details] = kind === 'iq' ? [IQ_SUMMARY, IQ_DETAILS] : [CAREER_SUMMARY, CAREER_DETAILS];
    const listed = { id: row.id, kind, createdAt: new Date(row.created_at).toISOString() };
    return {
      ...listed,
      ...pick(view, summary),
      ...(access === 'full' ? { ...pick(view, details), ...tiedDetailsOf(view) } : {}),
    } as IqEntry | CareerEntry;
  });
  const last = rows[page.limit - 1];
  const nextCursor = more ? encodeCursor({ createdAt: last.at, id: last.id }) : null;
  return { items, nextCursor };
}

/**
 * A career result between two types, with premium: both types' first professions and areas to develop, so the
 * history lists the tie as the result page shows it, not its first type alone (issue 31).
 */
function tiedDetailsOf(view: Record<string, unknown>): { tiedDetails?: TiedDetail[] } {
  const profiles = view.profiles as CareerResultView['profiles'];
  if (view.kind !== 'professional' || !profiles || profiles.length !== 2) return {};
  return {
    tiedDetails: profiles.map((p) => ({
      type: p.type,
      title: p.title,
      recommendedProfessions: p.recommendedProfessions.slice(0, 3),
      developmentAreas: p.developmentAreas.slice(0, 2),
    })),
  };
}

const pick = (source: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(keys.filter((k) => k in source).map((k) => [k, source[k]]));

/**
 * The forms a user has taken and those whose worked answers they were shown within the last year, each the oldest
 * first: what the next form is chosen from (bank.ts nextIqForm). One statement.
 */
export async function formHistory(userId: string): Promise<{ taken: number[]; reviewed: number[] }> {
  const rows = await (
    await db()
  ).query<{ what: string; form_id: number }>(
    `SELECT 'taken' AS what, form_id, max(created_at) AS at FROM test_results WHERE user_id = $1 GROUP BY form_id
     UNION ALL
     SELECT 'reviewed', form_id, seen_at FROM iq_reviews_seen WHERE user_id = $1 AND seen_at > now() - interval '1 year'
     ORDER BY at`,
    [userId],
  );
  const of = (what: string) => rows.filter((r) => r.what === what).map((r) => Number(r.form_id));
  return { taken: of('taken'), reviewed: of('reviewed') };
}

/** markReviewSeen for after a response: a failure is logged, not thrown (the next view records it). */
export const markReviewSeenLater = (userId: string, formId: number): Promise<void> =>
  markReviewSeen(userId, formId).catch((err) =>
    console.error('[results] review not recorded:', (err as Error).message),
  );

/**
 * Records that a user was shown a form's worked answers (the premium review) now: as seen for every form whose items
 * the review shows (iq/linking.ts formsRevealedBy), a form's successor among them.
 */
export async function markReviewSeen(userId: string, formId: number): Promise<void> {
  await (
    await db()
  ).query(
    `INSERT INTO iq_reviews_seen (user_id, form_id) SELECT $1, unnest($2::smallint[])
     ON CONFLICT (user_id, form_id) DO UPDATE SET seen_at = now()`,
    [userId, formsRevealedBy(formId)],
  );
}

/** What the statistics and achievements are computed from. */
export async function statsInputs(userId: string) {
  const database = await db();
  // Each result read again as its page reads it (on the scale it names), so a statistic never states a figure the
  // result does not: a reading "above 118" counts as that, not as its estimate.
  const iq = await database.query<StoredRow>(
    `SELECT id, answers, time_spent, created_at${IQ_COLUMNS.iq} FROM test_results WHERE user_id = $1`,
    [userId],
  );
  await ensureScales(iq.map((row) => row.scale));
  // A career result counts for an achievement unless its answers carry a caution (all one way, alternating…).
  const career = await database.query<{ answers: CareerAnswer[]; time_spent: number; language: Lang }>(
    'SELECT answers, time_spent, language FROM professional_test_results WHERE user_id = $1',
    [userId],
  );
  const uncautioned = career.filter(
    (row) => !scoreCareerAnswers(row.answers, row.time_spent, row.language).cautions.length,
  ).length;
  return {
    iq: iq.map((row) => {
      const r = scoreIqSheet(storedIqSheet(row));
      return {
        iqScore: r.iqEstimate,
        iqBound: r.iqBound,
        iqBoundAt: r.iqBoundAt,
        iqInterval: r.iqInterval,
        iqSe: r.iqSe,
        correctAnswers: r.correctAnswers,
        totalQuestions: r.totalQuestions,
        timeSpent: r.timeSpent,
        createdAt: row.created_at,
        cautioned: r.cautions.length > 0,
      };
    }),
    professionalCount: career.length,
    professionalUncautioned: uncautioned,
  };
}
