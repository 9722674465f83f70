/**
 * Taking an IQ sitting as a browser does: GET /api/tests/iq/form gives the form, its token and the options in this
 * sitting's order; a sheet names each answer by the place it was shown at. Tests pick answers in the key's terms and
 * find their places by content (an item's options are distinct).
 */
import { iqBank, type IqItem } from '../../src/domain/iq/bank.ts';

export interface ServedSitting {
  formId: number;
  formToken: string;
  lang: 'uk' | 'en';
  questions: { id: number; options: string[] }[];
}

export async function takeSitting(
  get: (path: string) => Promise<Response>,
  lang: 'uk' | 'en' = 'en',
  query = '',
): Promise<ServedSitting> {
  const res = await get(`/api/tests/iq/form?lang=${lang}${query}`);
  if (res.status !== 200) throw new Error(`form: ${res.status}`);
  return res.json();
}

/** Where the sitting showed option `option` (in the key's numbering) of an item. */
export function shownAt(sitting: ServedSitting, item: IqItem, option: number): number {
  const question = sitting.questions.find((q) => q.id === item.id)!;
  return question.options.indexOf(item.options[sitting.lang][option]);
}

/** A complete sheet for the sitting: per item the option `pick` names in the key's numbering, sent as its place. */
export function sittingSheet(sitting: ServedSitting, pick: (item: IqItem) => number, itemMs = 30_000) {
  const bank = iqBank(sitting.formId);
  return {
    formToken: sitting.formToken,
    answers: bank.map((item) => ({
      questionId: item.id,
      selectedAnswer: shownAt(sitting, item, pick(item)),
      timeSpent: itemMs,
    })),
    timeSpent: itemMs * bank.length,
    lang: sitting.lang,
  };
}
