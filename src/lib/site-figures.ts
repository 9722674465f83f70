/**
 * The figures landing texts name as {placeholders} (src/content/site/{uk,en}.json), each computed at build time from
 * the code that produces what it describes — never typed into content (STYLE.md 13), so a page cannot promise what
 * a result does not give.
 */
import { iqBank, SERVED_FORM_IDS } from '../domain/iq/bank.ts';
import { LANGS } from '../i18n/paths.ts';
import { iqOfTheta, Z95 } from '../domain/iq/reading.ts';
import { formScale } from '../domain/iq/scale.ts';
import { probability } from '../domain/irt/model.ts';
import { eap } from '../domain/irt/score.ts';
import { seeded } from '../domain/irt/simulate.ts';
import { CORE_QUESTION_COUNT } from '../domain/career/questions.ts';
import { TYPE_IDS } from '../domain/career/profiles.ts';

/**
 * Half the width of the 95 % interval a result gives a typical person, in whole points: the median over 2,000
 * simulated people (N(0, 1), seeded) of the first served form's readings on the provisional scale every form is read
 * on until calibrated (src/domain/iq/scale.ts). A landing says "typically about ±N": a person's own interval is the
 * one on their result, wider at the ends of the scale.
 */
export function typicalIntervalHalfWidth(formId = SERVED_FORM_IDS[0], people = 2000): number {
  const { items } = formScale(formId)!;
  const { random, normal } = seeded(11);
  const halves = Array.from({ length: people }, () => {
    const theta = normal();
    const { sd } = eap(
      items,
      items.map((item) => (random() < probability(theta, item) ? 1 : 0)),
    );
    return iqOfTheta(Z95 * sd) - iqOfTheta(0);
  }).sort((a, b) => a - b);
  return Math.round(halves[Math.floor(people / 2)]);
}

export const SITE_FIGURES = {
  iqQuestions: iqBank(SERVED_FORM_IDS[0]).length,
  intervalHalfWidth: typicalIntervalHalfWidth(),
  careerStatements: CORE_QUESTION_COUNT,
  careerTypes: TYPE_IDS.length,
  languages: LANGS.length,
} as const;
