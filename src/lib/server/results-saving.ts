/**
 * Saving a result (spec part 1 §3 tables). A result is saved from a sheet the server scored itself — from a
 * signed-in scoring call or a redeemed token — never from numbers the browser sends. A sheet is saved once: its
 * key (`sit:<sitting nonce>`, or `tok:<signature>` for a token from before sittings) is unique across all accounts,
 * so the first to save or claim it holds it, the same account saving it again gets the same row, and anyone else a
 * refusal (DESIGN.md §3.8).
 */
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import type { IqResult } from '../../domain/iq/scoring.ts';
import type { CareerResult } from '../../domain/career/scoring.ts';
import { db } from './db.ts';
import { batchesOn } from './database/batches.ts';
import { mailingPayloads } from './outbox.ts';
import { formsRevealedBy } from '../../domain/iq/linking.ts';
import { pooledRandomBytes } from './random.ts';
import { TABLE } from './results.ts';
import { answersOnly } from './sitting-use.ts';
import { sheetWithdrawn } from './withdrawn.ts';
import type { Lang } from '../../i18n/paths.ts';
import type { TestKind } from '../../domain/views.ts';

/** What saving keeps of a sheet the server scored: the scoring's own result, the answers as given and their time. */
type ScoredSheet = { sheet: { answers: unknown[]; timeSpent: number; reviewed?: boolean } } & (
  { kind: 'iq'; raw: IqResult } | { kind: 'professional'; raw: CareerResult }
);

const verificationCode = () => encodeBase32LowerCaseNoPadding(pooledRandomBytes(16));

/** One result row to save, as `jsonb_to_recordset` reads it (jsonb columns as JSON, not as text). */
type Row = Record<string, unknown> & { user_id: string; submission_key: string };
type Saved = { id: string | null; queued: boolean; keySeen: boolean };

/** The columns each kind's row has, with their types (the record the statement reads its rows from). */
const COLUMNS: Record<TestKind, string> = {
  iq: `user_id uuid, iq_score integer, total_score integer, correct_answers integer, total_questions integer,
    time_spent integer, breakdown jsonb, language text, answers jsonb, submission_key text, verification_code text,
    form_id smallint, reliability double precision, scale text, key_seen boolean`,
  professional: `user_id uuid, total_questions integer, time_spent integer, enneagram_scores jsonb,
    primary_type integer, secondary_type integer, tied_types jsonb, recommended_professions jsonb,
    personality_type text, strengths_description text, development_areas jsonb, language text, answers jsonb,
    submission_key text, verification_code text`,
};
const names = (kind: TestKind) => COLUMNS[kind].split(',').map((column) => column.trim().split(/\s+/)[0]);

/**
 * An IQ sheet was taken with the form's worked answers in mind when the sitting said so, or when its taker had been
 * shown that form's review within the year before it was scored (`scored_at`: now, or when a claimed token was
 * signed) — decided here, when saving, not when the form was served: sittings collected before the review do not
 * escape it.
 */
const KEY_SEEN = `(r.key_seen OR EXISTS (SELECT 1 FROM iq_reviews_seen s WHERE s.user_id = r.user_id
  AND s.form_id = r.form_id AND s.seen_at < COALESCE(r.scored_at, now())
  AND s.seen_at > COALESCE(r.scored_at, now()) - interval '1 year'))`;

/**
 * One statement for any number of rows (one text, so it is prepared once): the new result rows; for a subscriber
 * shown an IQ form's worked answers with this result, the record of it for every form they give away
 * (`review_forms`: iq/linking.ts formsRevealedBy); and for each new row of a user
 * on the mailing list, the notification about the test (spec part 2) — all land together or not at all. A row whose
 * `fresh_key` names a sitting a visitor scored (its shared count) is not inserted. It answers in the rows' order; a
 * row not inserted (its key saved before, or not fresh) answers a null id.
 */
function saveStatement(kind: TestKind): string {
  const columns = names(kind).join(', ');
  const values = names(kind)
    .map((name) => (name === 'key_seen' ? KEY_SEEN : name))
    .join(', ');
  const review =
    kind === 'iq'
      ? `rv AS (INSERT INTO iq_reviews_seen (user_id, form_id, seen_at)
       SELECT DISTINCT ON (r.user_id, f.form_id) r.user_id, f.form_id::smallint, now()
       FROM ins JOIN r USING (user_id, submission_key)
         CROSS JOIN LATERAL jsonb_array_elements_text(r.review_forms) AS f(form_id)
       ORDER BY r.user_id, f.form_id
       ON CONFLICT (user_id, form_id) DO UPDATE SET seen_at = now()),`
      : '';
  return `WITH r AS (SELECT * FROM jsonb_to_recordset($1::jsonb)
       AS r(i integer, ${COLUMNS[kind]}, tags jsonb, merge_fields jsonb, scored_at timestamptz, fresh_key text,
         review_forms jsonb)),
     ins AS (INSERT INTO ${TABLE[kind]} (${columns}) SELECT ${values} FROM r
       WHERE (r.fresh_key IS NULL OR NOT EXISTS (SELECT 1 FROM rate_limits l WHERE l.key = r.fresh_key AND l.count > 0))
         AND NOT EXISTS (SELECT 1 FROM withdrawn_results w
           WHERE w.sheet_hash = encode(sha256(convert_to(r.submission_key, 'UTF8')), 'hex'))
       ORDER BY i
       ON CONFLICT DO NOTHING RETURNING id, user_id, submission_key, ${kind === 'iq' ? 'key_seen' : 'false AS key_seen'}),
     ${review}
     ob AS (INSERT INTO outbox (kind, payload)
       SELECT DISTINCT ON (ins.id) 'mailchimp', jsonb_build_object('email', p.email, 'tags', r.tags,
         'mergeFields', r.merge_fields || jsonb_build_object('USER_ID', ins.user_id::text))
       FROM ins JOIN r USING (user_id, submission_key) JOIN user_profiles p ON p.id = ins.user_id
       WHERE p.mailing_consent_at IS NOT NULL ORDER BY ins.id, r.i
       RETURNING payload->'mergeFields'->>'USER_ID' AS user_id)
     SELECT ins.id, EXISTS (SELECT 1 FROM ob WHERE ob.user_id = r.user_id::text) AS queued,
       COALESCE(ins.key_seen, false) AS key_seen
     FROM r LEFT JOIN ins USING (user_id, submission_key) ORDER BY r.i`;
}

/**
 * Saves come in batches (./database/batches.ts): those that arrive in one turn of the event loop, or while the last
 * such statement runs, go together as the next one. On the local server under load PostgreSQL then commits one
 * transaction for many results (closed loop, 50 clients, this machine: 1,350 → 2,300–2,800 score + save requests a
 * second, the server's CPU per answer 0.48 → 0.29 ms and PostgreSQL's 0.55 → 0.23 ms). A deployed function serves
 * one request at a time, so there each save is its own statement, as before.
 */
const saver = (kind: TestKind) => {
  const statement = saveStatement(kind);
  return batchesOn<Row, Saved>(async (database, rows) => {
    const answered = await database.query<{ id: string | null; queued: boolean; key_seen: boolean }>(statement, [
      JSON.stringify(rows.map((row, i) => ({ ...row, i }))),
    ]);
    return answered.map(({ id, queued, key_seen }) => ({ id, queued: Boolean(id) && queued, keySeen: key_seen }));
  });
};
const savers = { iq: saver('iq'), professional: saver('professional') };

/** How a save is to be made, beyond the sheet and its key. */
export interface SaveOptions {
  /** When the sheet was scored, if not now (a claimed token: when it was signed). */
  scoredAt?: Date;
  /** The shared count of a sitting's visitor scorings: when any, the sheet is not saved (results.error: used). */
  freshKey?: string;
  /** A subscriber is shown this IQ form's worked answers with the result: recorded in the same statement. */
  markReview?: boolean;
}

/** A scored sheet as the row its table keeps. */
function rowOf(scored: ScoredSheet, userId: string, lang: Lang, submissionKey: string, options: SaveOptions): Row {
  const { timeSpent, answers } = scored.sheet;
  const common = {
    user_id: userId,
    time_spent: timeSpent,
    language: lang,
    answers,
    submission_key: submissionKey,
    verification_code: verificationCode(),
    scored_at: options.scoredAt?.toISOString() ?? null,
    fresh_key: options.freshKey ?? null,
    review_forms: options.markReview === true && scored.kind === 'iq' ? formsRevealedBy(scored.raw.formId) : null,
  };
  const mailing = mailingPayloads.testResult(
    scored.kind === 'iq'
      ? {
          kind: 'iq',
          iqEstimate: scored.raw.iqEstimate,
          iqBound: scored.raw.iqBound,
          iqBoundAt: scored.raw.iqBoundAt,
          cautioned: scored.raw.cautions.length > 0,
        }
      : { kind: 'professional', personalityType: scored.raw.personalityType },
  );
  const notification = { tags: mailing.tags, merge_fields: mailing.mergeFields };
  if (scored.kind === 'iq') {
    const r = scored.raw;
    return {
      ...common,
      ...notification,
      iq_score: r.iqEstimate,
      total_score: r.score,
      correct_answers: r.correctAnswers,
      total_questions: r.totalQuestions,
      breakdown: r.breakdown,
      form_id: r.formId,
      reliability: r.reliability,
      scale: r.scale?.id ?? null,
      key_seen: scored.sheet.reviewed === true,
    };
  }
  const r = scored.raw;
  return {
    ...common,
    ...notification,
    total_questions: r.totalQuestions,
    enneagram_scores: r.enneagramScores,
    primary_type: r.primaryType,
    secondary_type: r.secondaryType,
    tied_types: r.tiedTypes,
    recommended_professions: r.recommendedProfessions,
    personality_type: r.personalityType,
    strengths_description: r.strengthsDescription,
    development_areas: r.developmentAreas,
  };
}

export type SaveOutcome =
  | { ok: true; id: string; queued: boolean; keySeen?: boolean }
  | { ok: false; error: 'results.error.claimed' | 'score.error.sitting_used' };

/**
 * Saves (once per submission key) and returns the row's id, whether a notification was queued, and whether the
 * database found the sheet taken with the form's worked answers seen. The row and what goes with it land in one
 * statement. When the key is already saved: the same account's row with the same answers is answered again (a retry);
 * another account's is `results.error.claimed`; the same account's with other answers, or none where the sitting was
 * a visitor's (`freshKey`), is `score.error.sitting_used`.
 */
export async function saveResult(
  scored: ScoredSheet,
  userId: string,
  lang: Lang,
  submissionKey: string,
  options: SaveOptions = {},
): Promise<SaveOutcome> {
  const row = rowOf(scored, userId, lang, submissionKey, options);
  const saved = await savers[scored.kind](await db())(row);
  if (saved.id) return { ok: true, id: saved.id, queued: saved.queued, keySeen: saved.keySeen };
  const existing = await savedBefore(scored, userId, submissionKey);
  if (existing) return existing;
  // The sheet's result was withdrawn with its holder's account (account-data.ts): nobody saves it again.
  if (await sheetWithdrawn(submissionKey)) return { ok: false, error: 'results.error.claimed' };
  if (options.freshKey) return { ok: false, error: 'score.error.sitting_used' };
  throw new Error('a result neither saved nor found');
}

/**
 * Whether another account holds a row of exactly this sheet (its answers and time): for a token from before sittings,
 * which names no sitting, the copy its signed-in scorer saved under their own submission key.
 */
export async function savedElsewhere(scored: ScoredSheet, userId: string): Promise<boolean> {
  const rows = await (
    await db()
  ).query(
    `SELECT 1 FROM ${TABLE[scored.kind]} WHERE answers = $1::jsonb AND time_spent = $2 AND user_id <> $3 LIMIT 1`,
    [JSON.stringify(scored.sheet.answers), scored.sheet.timeSpent, userId],
  );
  return rows.length > 0;
}

/**
 * What an earlier save of this key means for this one, or null when there is none: the same account's row with the
 * same answers is this save again (whatever their times: the server caps them at the time since the sitting was
 * served, so a retry a moment later carries other times — sitting-use.ts); another account's is
 * `results.error.claimed`; the same account's with other answers `score.error.sitting_used`.
 */
export async function savedBefore(
  scored: ScoredSheet,
  userId: string,
  submissionKey: string,
): Promise<SaveOutcome | null> {
  const [existing] = await (
    await db()
  ).query<{ id: string; user_id: string; same: boolean }>(
    `SELECT id, user_id,
       (SELECT coalesce(jsonb_agg(a.answer - 'timeSpent' ORDER BY a.at), '[]'::jsonb)
        FROM jsonb_array_elements(answers) WITH ORDINALITY AS a (answer, at)) = $3::jsonb AS same
     FROM ${TABLE[scored.kind]}
     WHERE submission_key = $2 AND (user_id = $1 OR submission_key LIKE 'sit:%' OR submission_key LIKE 'tok:%')
     ORDER BY user_id = $1 DESC LIMIT 1`,
    [userId, submissionKey, JSON.stringify(answersOnly(scored.sheet.answers))],
  );
  if (!existing) return null;
  if (existing.user_id !== userId) return { ok: false, error: 'results.error.claimed' };
  if (!existing.same && submissionKey.startsWith('sit:')) return { ok: false, error: 'score.error.sitting_used' };
  return { ok: true, id: existing.id, queued: false };
}
