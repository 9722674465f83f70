/**
 * How often would a retake name the same career type? (issue 43, point 5; the fifth table of `npm run
 * items:simulate`.) No retest data exists yet, so people are simulated: each has their own rate of agreeing with each
 * type's statements, logit p_t = μ + σ·z_t (μ ~ N(0, 0.5²) how agreeable they are overall, z_t ~ N(0, 1) their own
 * profile, σ how distinct the types are in them), answers every core statement (and the tie-break statements their
 * tie calls for) at those rates, and sits the test twice. Scored by scoring.ts as every sheet is: how often the two
 * sittings name the same closest type, how often the lead is beyond error (lead.ts), and how often a lead beyond error
 * is named again. Seeded. Pure.
 */
import { CORE_QUESTIONS, tieBreakQuestions, type CareerQuestion } from './questions.ts';
import { scoreCareerAnswers, tieAfterCore, type CareerAnswer } from './scoring.ts';
import { seeded } from '../irt/simulate.ts';

export interface RetestRow {
  /** σ: how distinct the types are within a person, in logits. */
  spread: number;
  people: number;
  /** Both sittings name the same closest type. */
  agreement: number;
  /** The first sitting's lead is beyond error. */
  beyondError: number;
  /** Of those beyond error, the share a retake names again. */
  agreementBeyond: number;
  /** Of those within error, the share a retake names again. */
  agreementWithin: number;
}

const logistic = (x: number) => 1 / (1 + Math.exp(-x));

function sitting(rates: Map<number, number>, random: () => number) {
  const answer = (q: CareerQuestion): CareerAnswer => {
    const point = random() < rates.get(q.type)!;
    return { questionId: q.id, selectedAnswer: q.reverse ? !point : point, timeSpent: 5_000 };
  };
  const core = CORE_QUESTIONS.map(answer);
  const { tiedTypes } = tieAfterCore(core);
  const answers = [...core, ...(tiedTypes.length ? tieBreakQuestions(tiedTypes).map(answer) : [])];
  return scoreCareerAnswers(answers, 600_000, 'en');
}

export function retestStudy(spread: number, people = 2000, seed = 43): RetestRow {
  const { random, normal } = seeded(seed + Math.round(spread * 100));
  let same = 0;
  let beyond = 0;
  let sameBeyond = 0;
  let sameWithin = 0;
  for (let p = 0; p < people; p++) {
    const mu = 0.5 * normal();
    const rates = new Map(Array.from({ length: 9 }, (_, t) => [t + 1, logistic(mu + spread * normal())]));
    const first = sitting(rates, random);
    const second = sitting(rates, random);
    const agree = first.primaryType === second.primaryType;
    if (agree) same++;
    if (first.lead.beyondError) {
      beyond++;
      if (agree) sameBeyond++;
    } else if (agree) sameWithin++;
  }
  return {
    spread,
    people,
    agreement: same / people,
    beyondError: beyond / people,
    agreementBeyond: beyond ? sameBeyond / beyond : 0,
    agreementWithin: people > beyond ? sameWithin / (people - beyond) : 0,
  };
}

/** The spreads the README reports: types barely, fairly and clearly distinct within a person. */
export const RETEST_SPREADS = [0.5, 1, 1.5] as const;
