/**
 * Scoring requests: validate the sheet, score it with the server-only key, sign a token, and present the result
 * at the caller's access level. Shared by the two scoring functions and the token endpoint.
 */
import type { z } from 'zod';
import { iqBank } from '../../domain/iq/bank.ts';
import { CareerScoreRequest, IqScoreRequest, SCORE_BODY_LIMIT } from '../../api/tests.ts';
import { scoreIqSheet, type IqAnswer, type IqResult, type IqSheet } from '../../domain/iq/scoring.ts';
import { STATED_RELIABILITY } from '../../domain/iq/reading.ts';
import { ensureScales, knownScale, scaleInUse } from './scales.ts';
import type { FormScale } from '../../domain/iq/scale.ts';
import { scoreCareerAnswers, type CareerAnswer, type CareerResult } from '../../domain/career/scoring.ts';
import { checkCareerSheet, checkIqSheet, type SheetError } from '../../domain/sheets.ts';
import { careerView, iqView } from '../../domain/views.ts';
import { accessOf, type Access } from '../../domain/access.ts';
import { signResultToken, verifyResultToken, type ResultTokenPayload } from './tokens.ts';
import type { SessionUser } from './session.ts';
import type { Lang } from '../../i18n/index.ts';
import { saveResult, savedBefore, savedElsewhere } from './results-saving.ts';
import { LIMITS, type Limit } from './rate-limit.ts';
import { SharedLimits } from './shared-limits.ts';
import { db } from './db.ts';
import { detached } from './database/statements.ts';
import { sheetDigest, sittingCountKey, useSitting } from './sitting-use.ts';
import { keepIqResponses, noteClaimedSheet } from './responses.ts';
import type { ErrorKey } from './http.ts';
import type { ResultView, TestKind } from '../../domain/views.ts';

export { CareerScoreRequest, IqScoreRequest, SCORE_BODY_LIMIT };

export type IqScoreInput = z.infer<typeof IqScoreRequest>;
/** An IQ sheet in the key's terms: its form, and per answer the option chosen (and the place it was shown at). */
export interface IqSheetInput {
  formId: number;
  /** The nonce of the sitting it was served as: one sheet per sitting, one result per sheet. */
  sitting: string;
  /** Served although the user had seen the worked answers of every form within the year. */
  reviewed?: boolean;
  answers: IqAnswer[];
  timeSpent: number;
  lang?: Lang;
  submissionId?: string;
  /**
   * The sheet's identity as the browser sent it, before its times were capped (sitting-sheets.ts): the same sheet
   * retried a moment later is capped differently and is still the same sheet (sitting-use.ts).
   */
  sentDigest?: string;
}

export type CareerScoreInput = z.infer<typeof CareerScoreRequest>;

export type CareerSheet = { answers: CareerAnswer[]; timeSpent: number };
/** A career sheet in the key's terms: the statements' own ids (and the places they were shown at). */
export interface CareerSheetInput {
  /** The nonce of the sitting it was served as. */
  sitting: string;
  answers: CareerAnswer[];
  timeSpent: number;
  lang?: Lang;
  submissionId?: string;
}
/** A scored sheet: `raw` is the scoring's own result (what is saved), `result` its view at the caller's access. */
export type Scored =
  | { ok: true; kind: 'iq'; raw: IqResult; result: ResultView; token: () => string; sheet: IqSheet }
  | {
      ok: true;
      kind: 'professional';
      raw: CareerResult;
      result: ResultView;
      /** The signed token of the sheet, signed when asked for (only a visitor's answer carries one). */
      token: () => string;
      sheet: CareerSheet;
    }
  | { ok: false; error: SheetError };

/**
 * How a sheet is read: on a scale (a new sheet: the one in use for its form, scales.ts), or as a token from before
 * item response theory recorded — by number right, with its reliability.
 */
type Reading = { scale: FormScale } | { reliability: number };

/** Scores an IQ sheet with its form's key, read on the scale in use for that form (or as a token recorded). */
export async function scoreIq(
  input: Omit<IqSheetInput, 'submissionId' | 'lang' | 'sitting'> & { sitting?: string },
  language: Lang,
  access: Access,
  reading?: Reading,
): Promise<Scored> {
  const error = checkIqSheet(iqBank(input.formId), input.answers);
  if (error) return { ok: false, error };
  const how = reading ?? { scale: await scaleInUse(input.formId) };
  const sheet: IqSheet = {
    formId: input.formId,
    answers: input.answers,
    timeSpent: input.timeSpent,
    ...('scale' in how ? { scale: how.scale, reliability: how.scale.reliability } : how),
    ...(input.reviewed ? { reviewed: true } : {}),
  };
  const result = scoreIqSheet(sheet);
  const token = () =>
    signResultToken({
      kind: 'iq',
      lang: language,
      ...(input.sitting === undefined ? {} : { sitting: input.sitting }),
      ...(input.reviewed ? { reviewed: true } : {}),
      formId: sheet.formId,
      ...(sheet.scale ? { scale: sheet.scale.id } : { reliability: sheet.reliability }),
      answers: input.answers.map((a) =>
        a.shown === undefined
          ? [a.questionId, a.selectedAnswer, a.timeSpent]
          : [a.questionId, a.selectedAnswer, a.timeSpent, a.shown],
      ),
      timeSpent: input.timeSpent,
    });
  return { ok: true, kind: 'iq', raw: result, result: iqView(result, access, language), token, sheet };
}

export function scoreCareer(
  input: Omit<CareerSheetInput, 'sitting'> & { sitting?: string },
  language: Lang,
  access: Access,
): Scored {
  const error = checkCareerSheet(input.answers);
  if (error) return { ok: false, error };
  const result = scoreCareerAnswers(input.answers, input.timeSpent, language);
  const token = () =>
    signResultToken({
      kind: 'professional',
      lang: language,
      ...(input.sitting === undefined ? {} : { sitting: input.sitting }),
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

/** Re-scores the sheet a token carries (it was validated when signed) in the asked language, read as it recorded. */
export async function rescoreToken(payload: ResultTokenPayload, language: Lang, access: Access): Promise<Scored> {
  const answers = payload.answers.map(([questionId, selectedAnswer, timeSpent, shown]) => ({
    questionId,
    selectedAnswer,
    timeSpent,
    ...(shown === undefined ? {} : { shown }),
  }));
  const sitting = payload.sitting === undefined ? {} : { sitting: payload.sitting };
  if (payload.kind === 'iq') await ensureScales([payload.scale]);
  return payload.kind === 'iq'
    ? scoreIq(
        {
          formId: payload.formId ?? 0,
          answers: answers as IqAnswer[],
          timeSpent: payload.timeSpent,
          ...sitting,
          ...(payload.reviewed ? { reviewed: true } : {}),
        },
        language,
        access,
        payload.scale
          ? { scale: knownScale(payload.scale, payload.formId ?? 0) }
          : { reliability: payload.reliability ?? STATED_RELIABILITY },
      )
    : scoreCareer({ answers: answers as CareerAnswer[], timeSpent: payload.timeSpent, ...sitting }, language, access);
}

/** IQ scoring's abuse limits (rate-limit.ts): per address, per address and form, per signed-in user. */
export const iqScoringLimits = (input: { formId: number }, ip: string, userId: string | undefined): Limit[] => [
  LIMITS.scoreIqIp(ip),
  LIMITS.scoreIqIpForm(ip, input.formId),
  ...(userId ? [LIMITS.scoreIqUser(userId)] : []),
];

/** Career scoring's abuse limits: per address and per signed-in user, as for IQ (each save is a row). */
export const careerScoringLimits = (ip: string, userId: string | undefined): Limit[] => [
  LIMITS.scoreCareerIp(ip),
  ...(userId ? [LIMITS.scoreCareerUser(userId)] : []),
];

/** Scoring's counts (abuse limits, and each sitting scored once): in memory, shared through the database after responses (shared-limits.ts). */
const scoringLimits = new SharedLimits(db);

export type ScoreError =
  | SheetError
  | 'score.error.rate_limited'
  | 'score.error.sitting_used'
  | 'score.error.save_failed'
  | 'results.error.claimed'
  | 'auth.error.unauthenticated';

export type ScoreAndSave =
  | { ok: true; result: ResultView; token?: string; id?: string; saved?: boolean }
  | { ok: false; error: ScoreError; retryAfterSeconds?: number };

/**
 * What both scoring functions do once the sheet is resolved from its sitting: count the abuse limits (in memory),
 * score at the user's access, and then either answer a visitor with a signed token (claimable once: its sitting is
 * its name) or save a signed-in user's result at once, under its sitting, and answer its id and no token. A sitting is
 * scored once: another sheet of a sitting already scored is refused (sitting-use.ts), the same one answered again. A
 * save that fails is a 503 to retry, never a result the account does not have. `onQueued` runs the outbox delivery
 * in the background, only when the save queued a notification.
 */
export async function scoreAndSave<I extends { submissionId?: string; sitting: string; sentDigest?: string }>(
  input: I,
  score: (input: I, language: Lang, access: Access) => Scored | Promise<Scored>,
  who: {
    lang: Lang;
    user: SessionUser | null;
    limits: Limit[];
    onQueued?: () => void;
    /** Keeps background work (sharing the limits' counts) alive after the response: the platform's waitUntil. */
    waitUntil?: (work: Promise<unknown>) => void;
    /** An IQ sitting's seed and browser: with them the sheet's responses are kept for calibration (responses.ts). */
    sitting?: { seed: number; visitorId: string | null };
  },
): Promise<ScoreAndSave> {
  const limited = scoringLimits.consume(who.limits);
  // Written soon after the response whatever comes next (a function instance may get no further request).
  who.waitUntil?.(detached(() => scoringLimits.shareSoon()));
  if (!limited.ok)
    return { ok: false, error: 'score.error.rate_limited', retryAfterSeconds: limited.retryAfterSeconds };
  const access = accessOf(who.user);
  const scored = await score(input, who.lang, access);
  if (!scored.ok) return scored;
  const digest = input.sentDigest ?? sheetDigest(scored.sheet.answers, scored.sheet.timeSpent);
  const use = useSitting(scoringLimits, input.sitting, digest, !who.user);
  if (!who.user) {
    if (use === 'used') return { ok: false, error: 'score.error.sitting_used' };
    keepResponses(scored, input.sitting, who);
    return { ok: true, result: scored.result, token: scored.token() };
  }
  const key = sittingKey(input.sitting);
  try {
    // Another sheet of it scored here: only this user's own saved row of the same sheet passes (a retry).
    if (use === 'used') {
      const before = await savedBefore(scored, who.user.id, key);
      if (!before?.ok) return before ?? { ok: false, error: 'score.error.sitting_used' };
      return { ok: true, result: scored.result, id: before.id, saved: true };
    }
    const saved = await saveResult(scored, who.user.id, who.lang, key, {
      // Not a sheet of a sitting a visitor scored (on any instance, once counted): that teaser was seen.
      freshKey: use === 'first' ? sittingCountKey(input.sitting) : undefined,
      // A subscriber is shown this form's worked answers now: recorded with the save, in the same statement.
      markReview: access === 'full' && scored.kind === 'iq',
    });
    if (!saved.ok) return saved;
    if (saved.queued) who.onQueued?.();
    keepResponses(scored, input.sitting, who, { userId: who.user.id, submissionKey: key, keySeen: saved.keySeen });
    // The database may know better than the sitting that this user had seen the form's worked answers.
    const result =
      saved.keySeen && scored.kind === 'iq' && !scored.sheet.reviewed
        ? await rescored(scored, input, score, who.lang, access)
        : scored.result;
    return { ok: true, result, id: saved.id, saved: true };
  } catch (err) {
    // The account went while its sheet was being saved (its deletion racing this): there is no one to save it for,
    // and nothing to retry — 401, as for any request of an account that is gone (issue 44).
    if ((err as { code?: string }).code === '23503' && (await accountGone(who.user.id)))
      return { ok: false, error: 'auth.error.unauthenticated' };
    console.error('[score] save failed:', (err as Error).message);
    return { ok: false, error: 'score.error.save_failed' };
  }
}

/**
 * Keeps a scored IQ sheet's responses after the answer (responses.ts), with what saving learnt of it: a sheet the
 * database found taken with the form's worked answers seen is cautioned `key_seen`, as its result is. A retry of a
 * sheet already saved is not kept again (its sitting was, the first time).
 */
function keepResponses(
  scored: Extract<Scored, { ok: true }>,
  sitting: string,
  who: {
    lang: Lang;
    waitUntil?: (work: Promise<unknown>) => void;
    sitting?: { seed: number; visitorId: string | null };
  },
  account?: { userId: string; submissionKey: string; keySeen?: boolean },
): void {
  if (scored.kind !== 'iq' || !who.sitting) return;
  const keySeen = account?.keySeen === true && !scored.sheet.reviewed;
  const work = keepIqResponses({
    sitting,
    seed: who.sitting.seed,
    visitorId: who.sitting.visitorId,
    ...(account ? { account: { userId: account.userId, submissionKey: account.submissionKey } } : {}),
    formId: scored.sheet.formId,
    lang: who.lang,
    answers: scored.sheet.answers,
    timeMs: scored.sheet.timeSpent,
    reviewed: scored.sheet.reviewed === true || keySeen,
    cautions: keySeen ? [...scored.raw.cautions, 'key_seen'] : scored.raw.cautions,
    scale: scored.raw.scale?.id ?? null,
  });
  who.waitUntil?.(work);
}

/** Whether the account is no longer there (deleted while one of its requests was under way). */
async function accountGone(userId: string): Promise<boolean> {
  const rows = await (await db()).query('SELECT 1 FROM users WHERE id = $1', [userId]).catch(() => [1]);
  return rows.length === 0;
}

/** The same sheet's view once the database said it was taken with the form's worked answers seen. */
async function rescored<I>(
  scored: Extract<Scored, { ok: true }>,
  input: I,
  score: (input: I, language: Lang, access: Access) => Scored | Promise<Scored>,
  lang: Lang,
  access: Access,
): Promise<ResultView> {
  const again = await score({ ...input, reviewed: true }, lang, access);
  return again.ok ? again.result : scored.result;
}

/** The key a sheet is saved under: its sitting, or for a token from before sittings, the token's signature. */
export const sittingKey = (nonce: string): string => `sit:${nonce}`;
const submissionKeyOf = (token: string): string => `tok:${token.slice(token.lastIndexOf('.') + 1)}`;

export type Claim = { ok: true; kind: TestKind; id: string; queued: boolean } | { ok: false; error: ErrorKey };

/**
 * Saves the sheet a token carries into the user's account, in the language it was taken in. A token is consumed by
 * its first claim: the same account claiming it again gets the same result, any other account a 409. A first claim of
 * an IQ sheet also tells its kept responses what the account knows (responses.ts), after the answer (`waitUntil`).
 */
export async function claimToken(
  token: string,
  userId: string,
  waitUntil?: (work: Promise<unknown>) => void,
): Promise<Claim> {
  const check = verifyResultToken(token);
  if (!check.ok) return { ok: false, error: check.error };
  const rescored = await rescoreToken(check.payload, check.payload.lang, 'teaser');
  if (!rescored.ok) return { ok: false, error: 'token.error.invalid' };
  const key = check.payload.sitting ? sittingKey(check.payload.sitting) : submissionKeyOf(token);
  // A token from before sittings names no sitting: the same sheet saved by its signed-in scorer is taken.
  if (!check.payload.sitting && (await savedElsewhere(rescored, userId)))
    return { ok: false, error: 'results.error.claimed' };
  // Seen the form's worked answers before the sheet was scored: the database says so, from when the token was signed.
  const scoredAt = new Date(check.payload.issuedAt);
  const saved = await saveResult(rescored, userId, check.payload.lang, key, { scoredAt });
  if (!saved.ok) return saved;
  // A new row says whether the key was seen (a claim answered again does not, and was noted the first time).
  const { sitting } = check.payload;
  if (rescored.kind === 'iq' && sitting && saved.keySeen !== undefined) {
    const claim = { sitting, userId, submissionKey: key, scoredAt, keySeen: saved.keySeen };
    const noted = detached(() =>
      noteClaimedSheet(claim).catch((err) =>
        console.error('[responses] a claim was not noted:', (err as Error).message),
      ),
    );
    waitUntil?.(noted);
  }
  return { ok: true, kind: rescored.kind, id: saved.id, queued: saved.queued };
}
