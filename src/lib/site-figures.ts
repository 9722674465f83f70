/**
 * The figures landing texts name as {placeholders} (src/content/site/{uk,en}.json), each computed at build time from
 * the code that produces what it describes — never typed into content (STYLE.md 13), so a page cannot promise what
 * a result does not give.
 */
import { iqBank, IQ_FORM_IDS } from '../domain/iq/bank.ts';
import { LANGS } from '../i18n/paths.ts';
import { percentileOfIq, RAW_TO_PERCENTILE, readIq, STATED_RELIABILITY } from '../domain/iq/reading.ts';
import { CORE_QUESTION_COUNT } from '../domain/career/questions.ts';
import { TYPE_IDS } from '../domain/career/profiles.ts';

/** The raw score of the median person in the spec's table: the "typical sheet" whose interval a landing quotes. */
const TYPICAL_RAW = RAW_TO_PERCENTILE.find(([, percentile]) => percentile === 50)![0];

/**
 * Half the width of the 95 % interval the results page shows for a typical sheet, in whole points, as readIq gives
 * it — at the stated reliability, which every form uses until its own sheets measure one. A landing says "typically
 * about ±N": a person's own interval is the one on their result.
 */
export function typicalIntervalHalfWidth(reliability = STATED_RELIABILITY): number {
  const [low, high] = readIq(TYPICAL_RAW, reliability).iqInterval;
  return Math.round((high - low) / 2);
}

/** The share of people (whole per cent) above an IQ, on the normal curve the scale is defined by (as results use). */
export const shareAboveIq = (iq: number): number => 100 - percentileOfIq(iq);

export const SITE_FIGURES = {
  iqQuestions: iqBank(IQ_FORM_IDS[0]).length,
  intervalHalfWidth: typicalIntervalHalfWidth(),
  careerStatements: CORE_QUESTION_COUNT,
  careerTypes: TYPE_IDS.length,
  languages: LANGS.length,
} as const;
