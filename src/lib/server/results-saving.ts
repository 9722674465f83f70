/**
 * Saving a result (spec part 1 §3 tables). A result is saved from a sheet the server scored itself — from a
 * signed-in scoring call or a redeemed token — never from numbers the browser sends. Saving is idempotent per
 * submission key.
 */
import { randomBytes } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import type { IqResult } from '../../domain/iq/scoring.ts';
import type { CareerResult } from '../../domain/career/scoring.ts';
import { db } from './db.ts';
import { mailingPayloads } from './outbox.ts';
import { TABLE } from './results.ts';
import type { Lang } from '../../i18n/paths.ts';

/** What saving keeps of a sheet the server scored: the scoring's own result, the answers as given and their time. */
type ScoredSheet = { sheet: { answers: unknown[]; timeSpent: number } } & (
  { kind: 'iq'; raw: IqResult } | { kind: 'professional'; raw: CareerResult }
);

const verificationCode = () => encodeBase32LowerCaseNoPadding(randomBytes(16));

/**
 * Saves (once per user and submission key) and returns the row's id, and whether a notification was queued. One
 * statement: the result row and, for a new row of a user on the mailing list, the notification about the test
 * (spec part 2), so they land together or not at all.
 */
export async function saveResult(
  scored: ScoredSheet,
  userId: string,
  lang: Lang,
  submissionKey: string,
): Promise<{ id: string; queued: boolean }> {
  const database = await db();
  const { kind, sheet } = scored;
  const { timeSpent } = sheet;
  const stored = JSON.stringify(sheet.answers);
  let insert: string;
  let params: unknown[];
  const mailing = mailingPayloads.testResult(
    scored.kind === 'iq'
      ? { kind: 'iq', iqEstimate: scored.raw.iqEstimate }
      : { kind: 'professional', personalityType: scored.raw.personalityType },
  );
  if (scored.kind === 'iq') {
    const r = scored.raw;
    insert = `INSERT INTO test_results (user_id, iq_score, total_score, correct_answers, total_questions, time_spent, breakdown, language, answers, submission_key, verification_code, form_id, reliability)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`;
    params = [
      userId,
      r.iqEstimate,
      r.score,
      r.correctAnswers,
      r.totalQuestions,
      timeSpent,
      JSON.stringify(r.breakdown),
      lang,
      stored,
      submissionKey,
      verificationCode(),
      r.formId,
      r.reliability,
    ];
  } else {
    const r = scored.raw;
    insert = `INSERT INTO professional_test_results (user_id, total_questions, time_spent, enneagram_scores, primary_type, secondary_type, tied_types, recommended_professions,
        personality_type, strengths_description, development_areas, language, answers, submission_key, verification_code)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`;
    params = [
      userId,
      r.totalQuestions,
      timeSpent,
      JSON.stringify(r.enneagramScores),
      r.primaryType,
      r.secondaryType,
      JSON.stringify(r.tiedTypes),
      JSON.stringify(r.recommendedProfessions),
      r.personalityType,
      r.strengthsDescription,
      JSON.stringify(r.developmentAreas),
      lang,
      stored,
      submissionKey,
      verificationCode(),
    ];
  }
  const n = params.length;
  const [row] = await database.query<{ id: string; queued: boolean }>(
    `WITH ins AS (${insert} ON CONFLICT (user_id, submission_key) DO NOTHING RETURNING id, user_id),
     ob AS (INSERT INTO outbox (kind, payload)
       SELECT 'mailchimp', jsonb_build_object('email', p.email, 'tags', $${n + 1}::jsonb, 'mergeFields', $${n + 2}::jsonb || jsonb_build_object('USER_ID', ins.user_id::text))
       FROM ins JOIN user_profiles p ON p.id = ins.user_id WHERE p.mailing_consent_at IS NOT NULL RETURNING id)
     SELECT id, EXISTS (SELECT 1 FROM ob) AS queued FROM ins`,
    [...params, JSON.stringify(mailing.tags), JSON.stringify(mailing.mergeFields)],
  );
  if (row) return { id: row.id, queued: row.queued };
  const [existing] = await database.query<{ id: string }>(
    `SELECT id FROM ${TABLE[kind]} WHERE user_id = $1 AND submission_key = $2`,
    [userId, submissionKey],
  );
  return { id: existing.id, queued: false };
}
