/**
 * Keeping every scored IQ sheet's responses for calibrating the items (issue 29; db/migrations/0012: one row a sheet,
 * its items in arrays in the form's order), visitors' and signed-in users' alike, with nothing that names a person.
 * Written after the answer (the platform's waitUntil), in natural batches like result saves (database/batches.ts); a
 * write that fails is logged and the taker never hears of it — a lost sheet costs the calibration one sheet, a failed
 * scoring would cost the taker their test.
 *
 * Why a stored sheet points at no one:
 * - it is stored under a keyed digest of its sitting's nonce, unique, so a retried scoring stores nothing more. The
 *   nonce itself is in a saved result's submission key (`sit:<nonce>`); without the server's secret its digest cannot
 *   be matched to it. (A saved result holds the same answers and times, so whoever holds the database could still match
 *   the two by content while the result exists; the privacy policy says so.)
 * - its attempt number is worked out as it is stored, from two counts it does not keep: the account's other IQ
 *   results (a signed-in taker; the user id is a parameter of the statement, never a column) and the browser's
 *   earlier sheets (iq_attempts, under a keyed digest of the test cookie's random id, kept 30 days). A first attempt
 *   is one neither count knows anything before. A browser whose cookies were cleared looks like a first attempt; a
 *   browser two people share makes the second one's look like a second: calibration loses that sheet, it is not misled.
 */
import { createHmac } from 'node:crypto';
import { itemResponses } from '../../domain/iq/responses.ts';
import type { IqAnswer } from '../../domain/iq/scoring.ts';
import type { Lang } from '../../i18n/paths.ts';
import { batchesOn } from './database/batches.ts';
import { detached } from './database/statements.ts';
import { db } from './db.ts';
import { appSecret } from './env.ts';

/** Responses are kept five years: several recalibrations and a check of item drift; older ones describe another population. */
export const RESPONSES_KEPT_YEARS = 5;
/** A browser's count of sheets outlives its last sheet by the test cookie's own 30 days (visitor.ts), no more. */
export const BROWSER_COUNT_KEPT_DAYS = 30;

/**
 * An account's other results are counted up to this many: past it the account's side of an attempt number reads "11 or
 * later", so an account's hundreds of results do not make each of its sheets cost the database hundreds of rows
 * (measured on PostgreSQL 15 in batches of 64, accounts of 300 results: a visitor's sheet 0.13–0.16 ms, a signed-in
 * one 0.16–0.19 ms counting up to 10 and 0.21–0.27 ms up to 100). Only the first attempt matters to calibration; the
 * browser's side is counted in full.
 */
export const ACCOUNT_RESULTS_COUNTED = 10;

const digest = (label: string, value: string, secret: string): string =>
  createHmac('sha256', secret).update(`${label}.${value}`).digest('base64url').slice(0, 22);
/** The name a sheet is stored under: its sitting's nonce, keyed (see above). */
export const sittingDigest = (nonce: string, secret = appSecret()) => digest('responses.sitting', nonce, secret);
/** The name a browser's count is kept under: its test cookie's id, keyed, so the table holds no cookie value. */
export const browserDigest = (visitorId: string, secret = appSecret()) =>
  digest('responses.browser', visitorId, secret);

/** A scored IQ sheet as scoring knows it, to be kept. */
export interface SheetToKeep {
  /** The sitting's nonce and seed (its options' order). */
  sitting: string;
  seed: number;
  /** The test cookie's id of the browser it was scored in. */
  visitorId: string | null;
  /** A signed-in taker: their account, and the key their result is saved under (not one of their earlier results). */
  account?: { userId: string; submissionKey: string };
  formId: number;
  lang: Lang;
  /** In the key's terms (the sheet was validated before it was scored). */
  answers: IqAnswer[];
  timeMs: number;
  reviewed: boolean;
  cautions: readonly string[];
  scale: string | null;
}

type Row = ReturnType<typeof rowOf>;

const rowOf = (sheet: SheetToKeep, secret = appSecret()) => {
  const items = itemResponses(sheet.formId, sheet.answers, sheet.seed);
  return {
    sitting: sittingDigest(sheet.sitting, secret),
    browser: sheet.visitorId === null ? null : browserDigest(sheet.visitorId, secret),
    user_id: sheet.account?.userId ?? null,
    submission_key: sheet.account?.submissionKey ?? null,
    form_id: sheet.formId,
    lang: sheet.lang,
    reviewed: sheet.reviewed,
    cautions: sheet.cautions,
    time_ms: sheet.timeMs,
    scale: sheet.scale,
    item_versions: items.map((r) => r.itemVersion),
    option_orders: items.map((r) => r.optionOrder),
    chosen: items.map((r) => r.chosen),
    correct: items.map((r) => r.correct),
    item_ms: items.map((r) => r.timeMs),
  };
};

/**
 * One statement for any number of sheets: each sheet not stored before (by its sitting's digest) gets its attempt
 * number — one more than the larger of its browser's count and its account's other IQ results — its browser's count
 * grows, and the sheet is inserted. Two sheets of one browser in a batch count one after the other. It answers, in the
 * sheets' order, whether each was stored. The stored sittings and the browsers' counts are looked up row by row by
 * their keys (LATERAL … LIMIT 1): a batch is small and the tables are not, so its cost must not grow with them whatever
 * plan the prepared statement settles on (measured on PostgreSQL 15 with 12,800 sheets stored: 0.13–0.16 ms a visitor's
 * sheet, flat).
 */
const KEEP = `WITH s AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS s(i integer, sitting text, browser text,
    user_id uuid, submission_key text, form_id smallint, lang text, reviewed boolean, cautions text[], time_ms integer,
    scale text, item_versions text[], option_orders smallint[], chosen smallint[], correct boolean[], item_ms integer[])),
  fresh AS (SELECT DISTINCT ON (s.sitting) s.*, b.sheets AS before FROM s
    LEFT JOIN LATERAL (SELECT true AS kept FROM iq_responses k WHERE k.sitting = s.sitting LIMIT 1) k ON true
    LEFT JOIN LATERAL (SELECT a.sheets FROM iq_attempts a WHERE a.browser = s.browser LIMIT 1) b ON true
    WHERE k.kept IS NULL ORDER BY s.sitting, s.i),
  numbered AS (SELECT f.*, 1 + GREATEST(
      CASE WHEN f.browser IS NULL THEN 0
        ELSE COALESCE(f.before, 0) + row_number() OVER (PARTITION BY f.browser ORDER BY f.i) - 1 END,
      (SELECT count(*) FROM (SELECT FROM test_results t
        WHERE t.user_id = f.user_id AND t.submission_key <> f.submission_key LIMIT $2) c)
    )::integer AS attempt FROM fresh f),
  counted AS (INSERT INTO iq_attempts AS a (browser, sheets, last_on)
    SELECT browser, count(*), current_date FROM numbered WHERE browser IS NOT NULL GROUP BY browser
    ON CONFLICT (browser) DO UPDATE SET sheets = a.sheets + EXCLUDED.sheets, last_on = EXCLUDED.last_on),
  kept AS (INSERT INTO iq_responses (sitting, form_id, lang, attempt, reviewed, cautions, time_ms, scale,
      item_versions, option_orders, chosen, correct, item_ms)
    SELECT sitting, form_id, lang, attempt, reviewed, cautions, time_ms, scale,
      item_versions, option_orders, chosen, correct, item_ms FROM numbered ORDER BY i
    ON CONFLICT (sitting) DO NOTHING RETURNING sitting)
  SELECT (kept.sitting IS NOT NULL AND n.i = s.i) AS stored
  FROM s LEFT JOIN numbered n USING (sitting) LEFT JOIN kept USING (sitting) ORDER BY s.i`;

const keeper = batchesOn<Row, boolean>(async (database, rows) => {
  const answered = await database.query<{ stored: boolean }>(KEEP, [
    JSON.stringify(rows.map((row, i) => ({ ...row, i }))),
    ACCOUNT_RESULTS_COUNTED,
  ]);
  return answered.map((r) => r.stored);
});

const inFlight = new Set<Promise<boolean>>();

/**
 * Keeps a scored sheet's responses, outside the request's count of statements; resolves to whether it was stored
 * (false: kept before, or not kept — logged). Never rejects: nothing about it may fail the scoring it follows.
 */
export function keepIqResponses(sheet: SheetToKeep): Promise<boolean> {
  const work = detached(async () => {
    try {
      return await keeper(await db())(rowOf(sheet));
    } catch (err) {
      console.error('[responses] a sheet was not kept:', (err as Error).message);
      return false;
    }
  });
  inFlight.add(work);
  void work.finally(() => inFlight.delete(work));
  return work;
}

/** Once every sheet being kept is written or given up (tests; on the platform waitUntil holds the function for it). */
export async function responsesSettled(): Promise<void> {
  await Promise.all([...inFlight]);
}

/**
 * A visitor's sheet claimed into an account (scoring.ts claimToken): its attempt is at least one more than the
 * account's IQ results from before it was scored, and it was taken with the key seen when the account's reviews say
 * so. The claim changes what is known of the sheet, not whose it is: nothing of the account is stored.
 */
export async function noteClaimedSheet(claim: {
  sitting: string;
  userId: string;
  submissionKey: string;
  scoredAt: Date;
  keySeen: boolean;
}): Promise<void> {
  await (
    await db()
  ).query(
    `UPDATE iq_responses SET
       attempt = GREATEST(attempt, 1 + (SELECT count(*) FROM (SELECT FROM test_results t
         WHERE t.user_id = $2 AND t.submission_key <> $3 AND t.created_at < $4 LIMIT $6) c)::integer),
       reviewed = reviewed OR $5,
       cautions = CASE WHEN $5 AND NOT ('key_seen' = ANY (cautions)) THEN cautions || 'key_seen'::text ELSE cautions END
     WHERE sitting = $1`,
    [
      sittingDigest(claim.sitting),
      claim.userId,
      claim.submissionKey,
      claim.scoredAt.toISOString(),
      claim.keySeen,
      ACCOUNT_RESULTS_COUNTED,
    ],
  );
}

/** Deletes sheets past their five years and browsers' counts past their 30 days; says how many of each went. */
export async function deleteExpiredResponses(): Promise<{ sheets: number; browsers: number }> {
  const [deleted] = await (
    await db()
  ).query<{ sheets: number; browsers: number }>(
    `WITH s AS (DELETE FROM iq_responses WHERE created_on < current_date - make_interval(years => $1) RETURNING 1),
       b AS (DELETE FROM iq_attempts WHERE last_on < current_date - $2::integer RETURNING 1)
     SELECT (SELECT count(*) FROM s)::integer AS sheets, (SELECT count(*) FROM b)::integer AS browsers`,
    [RESPONSES_KEPT_YEARS, BROWSER_COUNT_KEPT_DAYS],
  );
  return deleted;
}
