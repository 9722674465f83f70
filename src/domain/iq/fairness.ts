/**
 * Are the readings fair to the people they describe? (issue 43; the fourth table of `npm run items:simulate`.)
 * Simulated sheets scored exactly as the server scores them (scoring.ts on a form's scale, the option order of a
 * sitting, the times the server would vouch for):
 *
 * - honest people at a true IQ, answering each item right with the 3PL probability of the scale the form is read on,
 *   a wrong answer one of the five other options at random, each item read for the time a fast reader needs plus a
 *   log-normal time of thought (median 20 s): how many carry a behaviour caution (what would take their result away)
 *   and how many are near chance (a notice, which takes nothing away);
 * - random clicking at a pace (each item `pace` × 0.5–1.5 s, every place equally likely): how many carry a caution
 *   or are near chance — so that nothing is read from a blind sheet as if it measured someone.
 *
 * The targets (issue 43): honest sheets at IQ 85 cautioned ≤ 2 %, at IQ 70 ≤ 5 %; random sheets at any pace from
 * 8 s an item cautioned or near chance ≥ 85 %. Seeded: the same figures every run. Pure.
 */
import { iqBank, type IqItem } from './bank.ts';
import { optionOrder } from '../sittings.ts';
import { readingMs } from './cautions.ts';
import { scoreIqSheet, type IqAnswer } from './scoring.ts';
import type { FormScale } from './scale.ts';
import { probability } from '../irt/model.ts';
import { seeded } from '../irt/simulate.ts';

export interface FairnessRow {
  people: number;
  /** Share with any behaviour caution. */
  cautioned: number;
  /** Share near chance (a notice). */
  nearChance: number;
  /** Share with a caution or near chance: what a blind sheet should almost always carry. */
  either: number;
  /** Share near chance whose pattern follows the items' difficulty (said so on the page). */
  followsDifficulty: number;
}

type Draw = ReturnType<typeof seeded>;

/** The sitting's answer to an item: the option chosen, and the place the sitting showed it at. */
function answerOf(item: IqItem, option: number, seed: number, timeSpent: number): IqAnswer {
  return { questionId: item.id, selectedAnswer: option, shown: optionOrder(item, seed).indexOf(option), timeSpent };
}

function tally(sheets: () => IqAnswer[][], scale: FormScale, timeOf: (answers: IqAnswer[]) => number): FairnessRow {
  let cautioned = 0;
  let near = 0;
  let either = 0;
  let follows = 0;
  const all = sheets();
  for (const answers of all) {
    const r = scoreIqSheet({
      formId: scale.formId,
      answers,
      timeSpent: timeOf(answers),
      scale,
      reliability: scale.reliability,
    });
    if (r.cautions.length) cautioned++;
    if (r.nearChance) near++;
    if (r.cautions.length || r.nearChance) either++;
    if (r.followsDifficulty) follows++;
  }
  const n = all.length;
  return {
    people: n,
    cautioned: cautioned / n,
    nearChance: near / n,
    either: either / n,
    followsDifficulty: follows / n,
  };
}

const total = (answers: IqAnswer[]) => answers.reduce((s, a) => s + a.timeSpent, 0);

/** Honest people at a true IQ on a form read on `scale`. */
export function honestGroup(scale: FormScale, iq: number, people = 2000, seed = 43): FairnessRow {
  const bank = iqBank(scale.formId);
  const draw: Draw = seeded(seed + iq);
  const theta = (iq - 100) / 15;
  const sheet = () => {
    const sitting = Math.floor(draw.random() * 2 ** 32);
    return bank.map((item, j) => {
      const right = draw.random() < probability(theta, scale.items[j]);
      const wrong = (item.correctAnswer + 1 + Math.floor(draw.random() * 5)) % 6;
      const thought = 20_000 * Math.exp(0.8 * draw.normal());
      return answerOf(item, right ? item.correctAnswer : wrong, sitting, Math.round(readingMs(item) + thought));
    });
  };
  return tally(() => Array.from({ length: people }, sheet), scale, total);
}

/** Random clicking at `paceMs` an item (each item 0.5–1.5 × the pace), on a form read on `scale`. */
export function randomGroup(scale: FormScale, paceMs: number, people = 2000, seed = 43): FairnessRow {
  const bank = iqBank(scale.formId);
  const draw: Draw = seeded(seed + paceMs);
  const sheet = () => {
    const sitting = Math.floor(draw.random() * 2 ** 32);
    return bank.map((item) => {
      const place = Math.floor(draw.random() * 6);
      const option = optionOrder(item, sitting)[place];
      return answerOf(item, option, sitting, Math.round(paceMs * (0.5 + draw.random())));
    });
  };
  return tally(() => Array.from({ length: people }, sheet), scale, total);
}

/** The groups the README's table reports: honest people at IQ 70, 85, 100 and 115; random sheets at 1–30 s. */
export const HONEST_IQS = [70, 85, 100, 115] as const;
export const RANDOM_PACES_MS = [1_000, 3_000, 5_000, 8_000, 15_000, 30_000] as const;
