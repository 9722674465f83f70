import type { Config } from '@netlify/functions';
import { secured } from '../../src/lib/server/security-headers.ts';
import { isIqFormId, nextIqForm, publicIqQuestions } from '../../src/domain/iq/bank.ts';
import { currentUser } from '../../src/lib/server/auth.ts';
import { json, jsonError, requestLang } from '../../src/lib/server/http.ts';
import { formsTaken } from '../../src/lib/server/results.ts';

/**
 * An IQ form's questions, without the key (DESIGN.md §3.5). `formId` asks for a given form (resuming a test in
 * progress, or in the other language); otherwise a signed-in user gets a form they have not taken while one
 * remains, and a visitor a random one other than those the browser says it has taken (`taken=2,0`, oldest first).
 */
export default secured(async (req: Request) => {
  const params = new URL(req.url).searchParams;
  const lang = requestLang(req, params.get('lang'));
  const asked = params.get('formId');
  const browserTaken = (params.get('taken') ?? '').split(',').filter(Boolean);
  const formIds = (list: string[]) =>
    list.length <= 20 && list.every((f) => /^\d{1,2}$/.test(f) && isIqFormId(Number(f)));
  if ((asked !== null && !formIds([asked])) || !formIds(browserTaken)) {
    return jsonError(400, 'form.error.unknown', lang);
  }
  let formId: number;
  if (asked !== null) formId = Number(asked);
  else {
    const user = await currentUser(req);
    const stored = user ? await formsTaken(user.id) : [];
    formId = nextIqForm([...stored, ...browserTaken.map(Number).filter((f) => !stored.includes(f))]);
  }
  return json(
    { formId, lang, questions: publicIqQuestions(lang, formId) },
    { headers: { 'Cache-Control': 'no-store' } },
  );
});

export const config: Config = { path: '/api/tests/iq/form', method: 'GET' };
