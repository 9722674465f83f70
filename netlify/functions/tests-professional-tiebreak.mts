import type { Config } from '@netlify/functions';
import * as tests from '../../src/api/tests.ts';
import { endpoint, refuse } from '../../src/lib/server/endpoint.ts';
import { publicCareerQuestions, TIE_BREAK_ID_BASE } from '../../src/domain/career/questions.ts';
import { verifySitting } from '../../src/lib/server/sittings.ts';
import { careerSittingStatements } from '../../src/lib/server/sitting-sheets.ts';
import { visitorId } from '../../src/lib/server/visitor.ts';
import { checkCareerSheet } from '../../src/domain/sheets.ts';
import { tieBreakAllowed } from '../../src/lib/server/tie-break.ts';
import { LIMITS } from '../../src/lib/server/rate-limit.ts';

/**
 * The tie-break statements a sitting's core answers call for, under their ids in the sitting (101, 102, …), or none
 * when the core answers leave one type ahead. Only the server knows which statement scores which type, so it alone
 * can tell a tie; the answers are not kept. Once per sitting: the same answers again get the same statements, other
 * answers 409 (tie-break.ts — it was an oracle); and per client address as career scoring is.
 */
export default endpoint(
  tests.careerTieBreak,
  async ({ req, lang, body }) => {
    const { formToken, answers } = body;
    const sitting = verifySitting(formToken, 'professional', visitorId(req));
    if (!sitting) return refuse('score.error.form_token');
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
    if (problem) return refuse(problem);
    if (!(await tieBreakAllowed(sitting.nonce, answers))) return refuse('score.error.sitting_used');
    return { questions: publicCareerQuestions(lang, tieBreak, TIE_BREAK_ID_BASE) };
  },
  { limits: ({ context }) => [LIMITS.tieBreakIp(context.ip)] },
);

export const config: Config = { path: '/api/tests/professional/tiebreak', method: 'POST' };
