/**
 * What a sitting's sheet means (DESIGN.md §3.7): the browser names answers by what it was shown — an IQ option by
 * its place, a career statement by its id in the sitting — and only the server, from the sitting token, turns them
 * into the key's terms. Only a sitting the server served, to this browser, is scored: a sheet in the key's terms,
 * a form the browser names, or a token copied from another browser are refused.
 */
import { iqBank, isServedFormId } from '../../domain/iq/bank.ts';
import { optionOrder } from '../../domain/sittings.ts';
import { sittingCore, sittingTieBreak, TIE_BREAK_ID_BASE, type CareerQuestion } from '../../domain/career/questions.ts';
import { tieAfterCore, type CareerAnswer } from '../../domain/career/scoring.ts';
import { vouchedTimes } from '../../domain/sheets.ts';
import { CLOCK_SKEW_MS, verifySitting, type Sitting } from './sittings.ts';
import { sheetDigest } from './sitting-use.ts';
import type { CareerScoreInput, CareerSheetInput, IqScoreInput, IqSheetInput } from './scoring.ts';

type Refused = { ok: false; error: 'score.error.form_token' };
const REFUSED: Refused = { ok: false, error: 'score.error.form_token' };

/**
 * An IQ sheet in the key's terms: the form and option order its sitting token names (each clicked place mapped to
 * the option shown there), and the sitting's seed (that order, kept with the sheet's responses). A token that is not
 * ours, not this browser's, expired, or of a form no longer served is refused. Its times are the browser's word only
 * as far as the server saw time pass since it served the sitting (vouchedTimes): what is saved, signed and judged.
 */
export function resolveIqSheet(
  body: IqScoreInput,
  visitorId: string | null,
  now = Date.now(),
): { ok: true; input: IqSheetInput; seed: number } | Refused {
  const { formToken, ...claimed } = body;
  const sitting = verifySitting(formToken, 'iq', visitorId, now);
  if (!sitting || !isServedFormId(sitting.formId)) return REFUSED;
  // The time since it was served, with the slack two instances' clocks may disagree by (CLOCK_SKEW_MS).
  const served = now - sitting.issuedAt + CLOCK_SKEW_MS;
  const { answers, ...rest } = { ...claimed, ...vouchedTimes(claimed.answers, claimed.timeSpent, served) };
  const items = new Map(iqBank(sitting.formId!).map((item) => [item.id, item]));
  return {
    ok: true,
    seed: sitting.seed,
    input: {
      ...rest,
      formId: sitting.formId!,
      sitting: sitting.nonce,
      sentDigest: sheetDigest(claimed.answers, claimed.timeSpent),
      ...(sitting.reviewed ? { reviewed: true } : {}),
      answers: answers.map((a) => {
        const item = items.get(a.questionId);
        const option = item ? optionOrder(item, sitting.seed)[a.selectedAnswer] : undefined;
        // An unknown question or a place beyond the options stays as sent, for the sheet check to name.
        return option === undefined ? a : { ...a, selectedAnswer: option, shown: a.selectedAnswer };
      }),
    },
  };
}

/** An id no statement has: an answer to a statement the sitting never showed is refused as unknown. */
const UNKNOWN = -1;

/** The statements a career sitting shows, by their ids in it: the core ones, and the tie-break ones its core tie asks. */
export function careerSittingStatements(
  sitting: Sitting,
  coreAnswers: { questionId: number; selectedAnswer: boolean }[] = [],
): { core: CareerQuestion[]; tieBreak: CareerQuestion[] } {
  const core = sittingCore(sitting.seed);
  const mapped = coreAnswers.flatMap((a) => {
    const q = core[a.questionId - 1];
    return q ? [{ questionId: q.id, selectedAnswer: a.selectedAnswer, timeSpent: 0 }] : [];
  });
  const complete = mapped.length === core.length && new Set(mapped.map((a) => a.questionId)).size === core.length;
  const tied = complete ? tieAfterCore(mapped).tiedTypes : [];
  return { core, tieBreak: tied.length ? sittingTieBreak(sitting.seed, tied) : [] };
}

/** A career sheet in the key's terms: each sitting id mapped to its statement, the id kept as the place shown. */
export function resolveCareerSheet(
  body: CareerScoreInput,
  visitorId: string | null,
): { ok: true; input: CareerSheetInput } | Refused {
  const { formToken, answers, ...rest } = body;
  const sitting = verifySitting(formToken, 'professional', visitorId);
  if (!sitting) return REFUSED;
  const coreAnswers = answers.filter((a) => a.questionId <= TIE_BREAK_ID_BASE);
  const { core, tieBreak } = careerSittingStatements(sitting, coreAnswers);
  const statementAt = (id: number) =>
    id > TIE_BREAK_ID_BASE ? tieBreak[id - TIE_BREAK_ID_BASE - 1] : id >= 1 ? core[id - 1] : undefined;
  return {
    ok: true,
    input: {
      ...rest,
      sitting: sitting.nonce,
      answers: answers.map((a): CareerAnswer => ({
        ...a,
        questionId: statementAt(a.questionId)?.id ?? UNKNOWN,
        shown: a.questionId,
      })),
    },
  };
}
