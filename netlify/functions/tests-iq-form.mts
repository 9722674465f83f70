import type { Config } from '@netlify/functions';
import * as tests from '../../src/api/tests.ts';
import { endpoint, refuse, reply } from '../../src/lib/server/endpoint.ts';
import { isIqFormId, isServedFormId, nextIqForm, sittingQuestions } from '../../src/domain/iq/bank.ts';
import { formHistory } from '../../src/lib/server/results.ts';
import { newSitting, signSitting, verifySitting, type Sitting } from '../../src/lib/server/sittings.ts';
import { visitor } from '../../src/lib/server/visitor.ts';

/**
 * A sitting of an IQ form: its questions without the key, the options of each in this sitting's order, and the
 * signed `formToken` that names the form, that order and this browser (DESIGN.md §3.7). `formToken` asks for the
 * same sitting again (a reload, or the other language); an expired or foreign one, or one of a form no longer served,
 * gets a new sitting. The form is the
 * server's choice, never the browser's: a signed-in user gets one whose worked answers they have not seen within the
 * year — not taken yet if one remains — and `reviewed: true` when they have seen every form's; a visitor one other
 * than those the browser says it has taken (`taken=6,4`, oldest first).
 */
export default endpoint(tests.iqForm, async ({ req, lang, user, query }) => {
  const listed = (query.taken ?? '').split(',').filter(Boolean);
  if (listed.length > 20 || !listed.every((f) => /^\d{1,2}$/.test(f) && isIqFormId(Number(f))))
    return refuse('form.error.unknown');
  const browserTaken = listed.map(Number);
  const browser = visitor(req);
  // An expired or foreign token starts a new sitting: the browser sees another token and starts afresh.
  let sitting: Sitting | null = query.formToken === undefined ? null : verifySitting(query.formToken, 'iq', browser.id);
  // A sitting of a form retired since it began (forms 5–7 gave way to 8–10) could not be scored: a new one instead.
  if (sitting && !isServedFormId(sitting.formId)) sitting = null;
  const resumed = sitting !== null;
  if (!sitting) {
    const stored = user ? await formHistory(user.id) : { taken: [], reviewed: [] };
    const taken = [...stored.taken, ...browserTaken.filter((f) => !stored.taken.includes(f))];
    sitting = newSitting('iq', browser.id, nextIqForm(taken, stored.reviewed));
  }
  const formId = sitting.formId!;
  return reply(
    {
      formId,
      formToken: resumed ? query.formToken! : signSitting(sitting),
      ...(sitting.reviewed ? { reviewed: true as const } : {}),
      lang,
      questions: sittingQuestions(lang, formId, sitting.seed),
    },
    { headers: { 'Cache-Control': 'no-store', 'Set-Cookie': browser.cookie } },
  );
});

export const config: Config = { path: '/api/tests/iq/form', method: 'GET' };
