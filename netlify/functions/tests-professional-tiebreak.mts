import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { secured } from '../../src/lib/server/security-headers.ts';
import { publicCareerQuestions, TIE_BREAK_ID_BASE } from '../../src/domain/career/questions.ts';
import { json, refusal } from '../../src/lib/server/http.ts';
import { parseRequest } from '../../src/lib/server/request.ts';
import { langField } from '../../src/lib/server/fields.ts';
import { SITTING_TOKEN_MAX, verifySitting } from '../../src/lib/server/sittings.ts';
import { careerSittingStatements } from '../../src/lib/server/sitting-sheets.ts';
import { visitorId } from '../../src/lib/server/visitor.ts';
import { checkCareerSheet } from '../../src/domain/sheets.ts';

const TieBreakRequest = z.object({
  formToken: z.string().max(SITTING_TOKEN_MAX),
  answers: z.array(z.object({ questionId: z.number().int(), selectedAnswer: z.boolean() })).max(100),
  lang: langField,
});

/**
 * The tie-break statements a sitting's core answers call for, under their ids in the sitting (101, 102, …), or none
 * when the core answers leave one type ahead. Only the server knows which statement scores which type, so it alone
 * can tell a tie; the answers are not kept.
 */
export default secured(async (req: Request) => {
  const request = await parseRequest(req, { auth: 'none', body: TieBreakRequest });
  if (!request.ok) return request.response;
  const { formToken, answers } = request.body;
  const sitting = verifySitting(formToken, 'professional', visitorId(req));
  if (!sitting) return refusal('score.error.form_token', request.lang);
  const { core, tieBreak } = careerSittingStatements(sitting, answers);
  const mapped = answers.map((a) => ({
    questionId: core[a.questionId - 1]?.id ?? -1,
    selectedAnswer: a.selectedAnswer,
    timeSpent: 0,
  }));
  const problem = checkCareerSheet([
    ...mapped,
    ...tieBreak.map((q) => ({ questionId: q.id, selectedAnswer: false, timeSpent: 0 })),
  ]);
  if (problem) return refusal(problem, request.lang);
  return json({ questions: publicCareerQuestions(request.lang, tieBreak, TIE_BREAK_ID_BASE) });
});

export const config: Config = { path: '/api/tests/professional/tiebreak', method: 'POST' };
