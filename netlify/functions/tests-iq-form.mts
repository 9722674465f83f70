import type { Config } from '@netlify/functions';
import { secured } from '../../src/lib/server/security-headers.ts';
import { isIqFormId, nextIqForm, sittingQuestions } from '../../src/domain/iq/bank.ts';
import { currentUser } from '../../src/lib/server/auth.ts';
import { json, jsonError, requestLang } from '../../src/lib/server/http.ts';
import { formHistory } from '../../src/lib/server/results.ts';
import { newSitting, signSitting, verifySitting, type Sitting } from '../../src/lib/server/sittings.ts';
import { visitor } from '../../src/lib/server/visitor.ts';

/**
 * A sitting of an IQ form: its questions without the key, the options of each in this sitting's order, and the
 * signed `formToken` that names the form, that order and this browser (DESIGN.md §3.7). `formToken` asks for the
 * same sitting again (a reload, or the other language); an expired or foreign one gets a new sitting. The form is the
 * server's choice, never the browser's: a signed-in user gets one whose worked answers they have not seen within the
 * year — not taken yet if one remains — and `reviewed: true` when they have seen every form's; a visitor one other
 * than those the browser says it has taken (`taken=6,4`, oldest first).
 */
export default secured(async (req: Request) => {
  const params = new URL(req.url).searchParams;
  const lang = requestLang(req, params.get('lang'));
  const token = params.get('formToken');
  const browserTaken = (params.get('taken') ?? '').split(',').filter(Boolean);
  if (browserTaken.length > 20 || !browserTaken.every((f) => /^\d{1,2}$/.test(f) && isIqFormId(Number(f)))) {
    return jsonError(400, 'form.error.unknown', lang);
  }
  const browser = visitor(req);
  // An expired or foreign token starts a new sitting: the browser sees another token and starts afresh.
  let sitting: Sitting | null = token === null ? null : verifySitting(token, 'iq', browser.id);
  const resumed = sitting !== null;
  if (!sitting) {
    const user = await currentUser(req);
    const stored = user ? await formHistory(user.id) : { taken: [], reviewed: [] };
    const taken = [...stored.taken, ...browserTaken.map(Number).filter((f) => !stored.taken.includes(f))];
    const next = nextIqForm(taken, stored.reviewed);
    sitting = newSitting('iq', browser.id, next);
  }
  const formId = sitting.formId!;
  return json(
    {
      formId,
      formToken: resumed ? token! : signSitting(sitting),
      ...(sitting.reviewed ? { reviewed: true } : {}),
      lang,
      questions: sittingQuestions(lang, formId, sitting.seed),
    },
    { headers: { 'Cache-Control': 'no-store', 'Set-Cookie': browser.cookie } },
  );
});

export const config: Config = { path: '/api/tests/iq/form', method: 'GET' };
