import type { Config } from '@netlify/functions';
import * as tests from '../../src/api/tests.ts';
import { endpoint, reply } from '../../src/lib/server/endpoint.ts';
import { publicCareerQuestions } from '../../src/domain/career/questions.ts';
import { newSitting, signSitting, verifySitting } from '../../src/lib/server/sittings.ts';
import { careerSittingStatements } from '../../src/lib/server/sitting-sheets.ts';
import { visitor } from '../../src/lib/server/visitor.ts';

/**
 * A sitting of the career test: its core statements without their types, in balanced rounds drawn for this sitting,
 * each under its id in the sitting, and the signed `formToken` that names the order and this browser (DESIGN.md §3.7). `formToken`
 * asks for the same sitting again (a reload, or the other language); an expired or foreign one gets a new sitting.
 */
export default endpoint(tests.careerForm, async ({ req, lang, query }) => {
  const token = query.formToken;
  const browser = visitor(req);
  const resumed = token === undefined ? null : verifySitting(token, 'professional', browser.id);
  const sitting = resumed ?? newSitting('professional', browser.id);
  const { core } = careerSittingStatements(sitting);
  return reply(
    { formToken: resumed ? token! : signSitting(sitting), lang, questions: publicCareerQuestions(lang, core) },
    { headers: { 'Cache-Control': 'no-store', 'Set-Cookie': browser.cookie } },
  );
});

export const config: Config = { path: '/api/tests/professional/form', method: 'GET' };
