/**
 * Scoring requests: validate the sheet, score it with the server-only key, sign a token, and present the result
 * at the caller's access level. Shared by the two scoring functions and the token endpoint.
 */
import { z } from 'zod';
import { langField } from './fields.ts';
import { iqBank, IQ_FORM_IDS } from '../../domain/iq/bank.ts';
import { SITTING_TOKEN_MAX } from './sittings.ts';
import { scoreIqSheet, type IqAnswer, type IqResult, type IqSheet } from '../../domain/iq/scoring.ts';
import { STATED_RELIABILITY } from '../../domain/iq/reading.ts';
import { reliabilityInUse } from './reliability.ts';
import { scoreCareerAnswers, type CareerAnswer, type CareerResult } from '../../domain/career/scoring.ts';
import { checkCareerSheet, checkIqSheet, type SheetError } from '../../domain/sheets.ts';
import { careerView, iqView, type Access } from '../../domain/views.ts';
import { signResultToken, verifyResultToken, type ResultTokenPayload } from './tokens.ts';
import type { SessionUser } from './session.ts';
import type { Lang } from '../../i18n/index.ts';
import { accessOf } from './subscription.ts';
import { saveResult } from './results-saving.ts';
import { LIMITS, type Limit } from './rate-limit.ts';
import { SharedLimits } from './shared-limits.ts';
import { db } from './db.ts';
import { detached } from './database/statements.ts';
import type { TestKind } from '../../domain/views.ts';

export const SCORE_BODY_LIMIT = 32 * 1024;
const MAX_MS = 24 * 60 * 60 * 1000;
const ms = z.number().int().min(0).max(MAX_MS);

/** The browser's id for one finished test, so a retried submission saves once. */
const submissionId = z.uuid().optional();
export const IqScoreRequest = z
  .object({
    /** The sitting GET /api/tests/iq/form served: its form, and the order its options were shown in. */
    formToken: z.string().max(SITTING_TOKEN_MAX).optional(),
    /** Only for a retired form taken before sittings existed (its options were shown in the key's order). */
    formId: z
      .number()
      .int()
      .min(0)
      .max(IQ_FORM_IDS.length - 1)
      .optional(),
    /** `selectedAnswer`: the place of the option clicked, as the sitting showed it. */
    answers: z
      .array(z.object({ questionId: z.number().int(), selectedAnswer: z.number().int().min(0), timeSpent: ms }))
      .max(100),
    timeSpent: ms,
    lang: langField,
    submissionId,
  })
  .refine((body) => (body.formToken === undefined) !== (body.formId === undefined), { path: ['formToken'] });
export const CareerScoreRequest = z.object({
  /** The sitting GET /api/tests/professional/form served: the ids of its statements are its own. */
  formToken: z.string().max(SITTING_TOKEN_MAX).optional(),
  answers: z.array(z.object({ questionId: z.number().int(), selectedAnswer: z.boolean(), timeSpent: ms })).max(200),
  timeSpent: ms,
  lang: langField,
  submissionId,
});
export type IqScoreInput = z.infer<typeof IqScoreRequest>;
/** An IQ sheet in the key's terms: its form, and per answer the option chosen (and the place it was shown at). */
export interface IqSheetInput {
  formId: number;
  answers: IqAnswer[];
  timeSpent: number;
  lang?: Lang;
  submissionId?: string;
}

export type CareerScoreInput = z.infer<typeof CareerScoreRequest>;

export type CareerSheet = { answers: CareerAnswer[]; timeSpent: number };
/** A career sheet in the key's terms: the statements' own ids (and the places they were shown at). */
export interface CareerSheetInput {
  answers: CareerAnswer[];
  timeSpent: number;
  lang?: Lang;
  submissionId?: string;
}
/** A scored sheet: `raw` is the scoring's own result (what is saved), `result` its view at the caller's access. */
export type Scored =
  | { ok: true; kind: 'iq'; raw: IqResult; result: Record<string, unknown>; token: string; sheet: IqSheet }
  | {
      ok: true;
      kind: 'professional';
      raw: CareerResult;
      result: Record<string, unknown>;
      token: string;
      sheet: CareerSheet;
    }
  | { ok: false; error: SheetError };

/** Scores an IQ sheet with its form's key and the reliability in use for that form (or the one a token recorded). */
export async function scoreIq(
  input: Omit<IqSheetInput, 'submissionId' | 'lang'>,
  language: Lang,
  access: Access,
  reliability?: number,
): Promise<Scored> {
  const error = checkIqSheet(iqBank(input.formId), input.answers);
  if (error) return { ok: false, error };
  const sheet: IqSheet = {
    formId: input.formId,
    answers: input.answers,
    timeSpent: input.timeSpent,
    reliability: reliability ?? (await reliabilityInUse(input.formId)),
  };
  const result = scoreIqSheet(sheet);
  const token = signResultToken({
    kind: 'iq',
    lang: language,
    formId: sheet.formId,
    reliability: sheet.reliability,
    answers: input.answers.map((a) =>
      a.shown === undefined
        ? [a.questionId, a.selectedAnswer, a.timeSpent]
        : [a.questionId, a.selectedAnswer, a.timeSpent, a.shown],
    ),
    timeSpent: input.timeSpent,
  });
  return { ok: true, kind: 'iq', raw: result, result: iqView(result, access, language), token, sheet };
}

export function scoreCareer(input: CareerSheetInput, language: Lang, access: Access): Scored {
  const error = checkCareerSheet(input.answers);
  if (error) return { ok: false, error };
  const result = scoreCareerAnswers(input.answers, input.timeSpent, language);
  const token = signResultToken({
    kind: 'professional',
    lang: language,
    answers: input.answers.map((a) =>
      a.shown === undefined
        ? [a.questionId, a.selectedAnswer, a.timeSpent]
        : [a.questionId, a.selectedAnswer, a.timeSpent, a.shown],
    ),
    timeSpent: input.timeSpent,
  });
  return {
    ok: true,
    kind: 'professional',
    raw: result,
    result: careerView(result, access, language),
    token,
    sheet: { answers: input.answers, timeSpent: input.timeSpent },
  };
}

/** Re-scores the sheet a token carries (it was validated when signed) in the asked language, with its recorded form and reliability. */
export async function rescoreToken(payload: ResultTokenPayload, language: Lang, access: Access): Promise<Scored> {
  const answers = payload.answers.map(([questionId, selectedAnswer, timeSpent, shown]) => ({
    questionId,
    selectedAnswer,
    timeSpent,
    ...(shown === undefined ? {} : { shown }),
  }));
  return payload.kind === 'iq'
    ? scoreIq(
        { formId: payload.formId ?? 0, answers: answers as IqAnswer[], timeSpent: payload.timeSpent },
        language,
        access,
        payload.reliability ?? STATED_RELIABILITY,
      )
    : scoreCareer({ answers: answers as CareerAnswer[], timeSpent: payload.timeSpent }, language, access);
}

/** IQ scoring's abuse limits (rate-limit.ts): per address, per address and form, per signed-in user. */
export const iqScoringLimits = (input: { formId: number }, ip: string, userId: string | undefined): Limit[] => [
  LIMITS.scoreIqIp(ip),
  LIMITS.scoreIqIpForm(ip, input.formId),
  ...(userId ? [LIMITS.scoreIqUser(userId)] : []),
];

/** IQ scoring's counts: in memory, shared through the database after responses (shared-limits.ts). */
const scoringLimits = new SharedLimits(db);

export type ScoreAndSave =
  | { ok: true; result: Record<string, unknown>; token: string; id?: string; saved?: boolean }
  | { ok: false; error: SheetError | 'score.error.rate_limited'; retryAfterSeconds?: number };

/**
 * What both scoring functions do once the request is parsed: count the abuse limits (if any, in memory), score at the
 * user's access, and for a signed-in user save it too — a failed save still returns the score, with its token to
 * claim it later. `saved` says which; `onQueued` runs the outbox delivery in the background, only when the save
 * queued a notification (most saves queue none, and a delivery run costs a statement).
 */
export async function scoreAndSave<I extends { submissionId?: string }>(
  input: I,
  score: (input: I, language: Lang, access: Access) => Scored | Promise<Scored>,
  who: {
    lang: Lang;
    user: SessionUser | null;
    limits?: Limit[];
    onQueued?: () => void;
    /** Keeps background work (sharing the limits' counts) alive after the response: the platform's waitUntil. */
    waitUntil?: (work: Promise<unknown>) => void;
  },
): Promise<ScoreAndSave> {
  if (who.limits) {
    const limited = scoringLimits.consume(who.limits);
    const sharing = detached(() => scoringLimits.shareIfDue());
    if (sharing) who.waitUntil?.(sharing);
    if (!limited.ok)
      return { ok: false, error: 'score.error.rate_limited', retryAfterSeconds: limited.retryAfterSeconds };
  }
  const scored = await score(input, who.lang, accessOf(who.user));
  if (!scored.ok) return scored;
  if (!who.user) return { ok: true, result: scored.result, token: scored.token };
  const key = input.submissionId ? `sub:${input.submissionId}` : submissionKeyOf(scored.token);
  try {
    const { id, queued } = await saveResult(scored, who.user.id, who.lang, key);
    if (queued) who.onQueued?.();
    return { ok: true, result: scored.result, token: scored.token, id, saved: true };
  } catch (err) {
    console.error('[score] save failed:', (err as Error).message);
    return { ok: true, result: scored.result, token: scored.token, saved: false };
  }
}

/** A token's signature names it: claiming the same token twice is the same submission. */
export const submissionKeyOf = (token: string): string => `tok:${token.slice(token.lastIndexOf('.') + 1)}`;

export type Claim = { ok: true; kind: TestKind; id: string; queued: boolean } | { ok: false; error: string };

/** Saves the sheet a token carries into the user's account (idempotent per token), in the language it was taken in. */
export async function claimToken(token: string, userId: string): Promise<Claim> {
  const check = verifyResultToken(token);
  if (!check.ok) return { ok: false, error: check.error };
  const rescored = await rescoreToken(check.payload, check.payload.lang, 'teaser');
  if (!rescored.ok) return { ok: false, error: 'token.error.invalid' };
  const { id, queued } = await saveResult(rescored, userId, check.payload.lang, submissionKeyOf(token));
  return { ok: true, kind: rescored.kind, id, queued };
}
