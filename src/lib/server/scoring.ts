/**
 * Scoring requests: validate the sheet, score it with the server-only key, sign a token, and present the result
 * at the caller's access level. Shared by the two scoring functions and the token endpoint.
 */
import { z } from 'zod';
import { iqBank } from '../../domain/iq/bank.ts';
import { scoreIqAnswers } from '../../domain/iq/scoring.ts';
import { scoreCareerAnswers } from '../../domain/career/scoring.ts';
import { checkCareerSheet, checkIqSheet, type SheetError } from '../../domain/sheets.ts';
import { careerView, iqView, type Access } from '../../domain/views.ts';
import { signResultToken, type ResultTokenPayload } from './tokens.ts';
import { resultAccess } from './access.ts';
import { crossSiteRefusal, invalidBody, json, jsonError, readJson, requestLang } from './http.ts';

export const SCORE_BODY_LIMIT = 32 * 1024;
const MAX_MS = 24 * 60 * 60 * 1000;
const ms = z.number().int().min(0).max(MAX_MS);
const lang = z.enum(['uk', 'en']).optional();

export const IqScoreRequest = z.object({
  answers: z.array(z.object({ questionId: z.number().int(), selectedAnswer: z.number().int().min(0), timeSpent: ms })).max(100),
  timeSpent: ms,
  lang,
});
export const CareerScoreRequest = z.object({
  answers: z.array(z.object({ questionId: z.number().int(), selectedAnswer: z.boolean(), timeSpent: ms })).max(200),
  timeSpent: ms,
  lang,
});
export type IqScoreInput = z.infer<typeof IqScoreRequest>;
export type CareerScoreInput = z.infer<typeof CareerScoreRequest>;

export type Scored = { ok: true; result: Record<string, unknown>; token: string } | { ok: false; error: SheetError };

export function scoreIq(input: IqScoreInput, language: 'uk' | 'en', access: Access): Scored {
  const bank = iqBank();
  const error = checkIqSheet(bank, input.answers);
  if (error) return { ok: false, error };
  const result = scoreIqAnswers(bank, input.answers, input.timeSpent);
  const token = signResultToken({ kind: 'iq', lang: language, answers: input.answers.map((a) => [a.questionId, a.selectedAnswer, a.timeSpent]), timeSpent: input.timeSpent });
  return { ok: true, result: iqView(result, bank, access, language), token };
}

export function scoreCareer(input: CareerScoreInput, language: 'uk' | 'en', access: Access): Scored {
  const error = checkCareerSheet(input.answers);
  if (error) return { ok: false, error };
  const result = scoreCareerAnswers(input.answers, input.timeSpent, language);
  const token = signResultToken({ kind: 'professional', lang: language, answers: input.answers.map((a) => [a.questionId, a.selectedAnswer, a.timeSpent]), timeSpent: input.timeSpent });
  return { ok: true, result: careerView(result, access, language), token };
}

/** Re-scores the sheet a token carries (it was validated when signed) in the asked language. */
export function rescoreToken(payload: ResultTokenPayload, language: 'uk' | 'en', access: Access): Scored {
  const answers = payload.answers.map(([questionId, selectedAnswer, timeSpent]) => ({ questionId, selectedAnswer, timeSpent }));
  return payload.kind === 'iq'
    ? scoreIq({ answers: answers as IqScoreInput['answers'], timeSpent: payload.timeSpent }, language, access)
    : scoreCareer({ answers: answers as CareerScoreInput['answers'], timeSpent: payload.timeSpent }, language, access);
}

/** The handler both scoring functions share: CSRF guard, bounded JSON body, schema, sheet checks, score. */
export function scoreHandler<S extends typeof IqScoreRequest | typeof CareerScoreRequest>(
  schema: S,
  score: (input: z.infer<S>, language: 'uk' | 'en', access: Access) => Scored,
) {
  return async (req: Request): Promise<Response> => {
    const refused = crossSiteRefusal(req);
    if (refused) return refused;
    const body = await readJson(req, SCORE_BODY_LIMIT);
    if (!body.ok) return body.response;
    const lang = requestLang(req, (body.value as { lang?: unknown } | null)?.lang);
    const parsed = schema.safeParse(body.value);
    if (!parsed.success) return invalidBody(parsed.error.issues, lang);
    const scored = score(parsed.data as z.infer<S>, lang, await resultAccess(req));
    if (!scored.ok) return jsonError(422, scored.error, lang);
    return json({ result: scored.result, token: scored.token });
  };
}
