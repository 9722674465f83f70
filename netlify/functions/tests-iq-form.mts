import type { Config } from '@netlify/functions';
import { secured } from '../../src/lib/server/security-headers.ts';
import { isIqFormId, isServedFormId, nextIqForm, sittingQuestions } from '../../src/domain/iq/bank.ts';
import { currentUser } from '../../src/lib/server/auth.ts';
import { json, jsonError, requestLang } from '../../src/lib/server/http.ts';
import { formsTaken } from '../../src/lib/server/results.ts';
import { newSitting, signSitting, verifySitting, type Sitting } from '../../src/lib/server/sittings.ts';

/**
 * A sitting of an IQ form: its questions without the key, the options of each in this sitting's order, and the
 * signed `formToken` that names the form and that order (DESIGN.md §3.7). `formToken` asks for the same sitting
 * again (a reload, or the other language); an expired or foreign one gets a new sitting. Otherwise a signed-in user gets a served form they have not taken while
 * one remains, a visitor one other than those the browser says it has taken (`taken=6,4`, oldest first).
 * `formId` resumes a retired form begun before sittings existed, in the key's order and without a token; for a
 * served form it starts a new sitting of that form.
 */
export default secured(async (req: Request) => {
  const params = new URL(req.url).searchParams;
  const lang = requestLang(req, params.get('lang'));
  const asked = params.get('formId');
  const token = params.get('formToken');
  const browserTaken = (params.get('taken') ?? '').split(',').filter(Boolean);
  const formIds = (list: string[]) =>
    list.length <= 20 && list.every((f) => /^\d{1,2}$/.test(f) && isIqFormId(Number(f)));
  if ((asked !== null && !formIds([asked])) || !formIds(browserTaken)) {
    return jsonError(400, 'form.error.unknown', lang);
  }
  const noStore = { headers: { 'Cache-Control': 'no-store' } };
  if (asked !== null && !isServedFormId(Number(asked))) {
    const formId = Number(asked);
    return json({ formId, lang, questions: sittingQuestions(lang, formId, null) }, noStore);
  }
  // An expired or foreign token starts a new sitting: the browser sees another token and starts afresh.
  let sitting: Sitting | null = token === null ? null : verifySitting(token, 'iq');
  const resumed = sitting !== null;
  if (!sitting) {
    let formId: number;
    if (asked !== null) formId = Number(asked);
    else {
      const user = await currentUser(req);
      const stored = user ? await formsTaken(user.id) : [];
      formId = nextIqForm([...stored, ...browserTaken.map(Number).filter((f) => !stored.includes(f))]);
    }
    sitting = newSitting('iq', formId);
  }
  const formId = sitting.formId!;
  return json(
    {
      formId,
      formToken: resumed ? token! : signSitting(sitting),
      lang,
      questions: sittingQuestions(lang, formId, sitting.seed),
    },
    noStore,
  );
});

export const config: Config = { path: '/api/tests/iq/form', method: 'GET' };
