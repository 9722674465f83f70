/**
 * Career scoring (spec part 1 §3–§4, §9; DESIGN.md §4): yes-counts per type over equal sets — six core statements
 * per type, and five tie-break statements for each type tied on the core — primary and secondary types,
 * recommended professions and development areas. A tie the tie-break statements leave is reported as a tie.
 */
import { profileOf, TYPE_IDS, type TypeId } from './profiles.ts';
import { CAREER_QUESTIONS, tieBreakQuestions, type CareerQuestion } from './questions.ts';
import { countYes, tiedForTop } from './tie.ts';
import type { Lang } from '../../i18n/paths.ts';

export interface CareerAnswer {
  questionId: number;
  selectedAnswer: boolean;
  timeSpent: number;
}

export type TypeScores = Record<TypeId, number>;

export interface CareerResult {
  totalQuestions: number;
  timeSpent: number;
  /** Yes answers per type on the core statements: the same six for every type, so the counts compare. */
  enneagramScores: TypeScores;
  /** Yes answers on the tie-break statements, for the types that answered them (five each). */
  tieBreakScores: Partial<TypeScores>;
  primaryType: TypeId;
  secondaryType: TypeId;
  /** Every type still tied at the end (the primary among them), or empty: "you are between X and Y". */
  tiedTypes: TypeId[];
  /** The core statements tied, so tie-break statements were asked. */
  additionalQuestionsNeeded: boolean;
  recommendedProfessions: string[];
  personalityType: string;
  strengthsDescription: string;
  developmentAreas: string[];
}

const byId = new Map(CAREER_QUESTIONS.map((q) => [q.id, q]));

/** Yes answers per type (an answer counts only if it is Yes). */
export function yesCounts(
  answers: Pick<CareerAnswer, 'questionId' | 'selectedAnswer'>[],
  filter: (q: CareerQuestion) => boolean = () => true,
): TypeScores {
  const counted = answers.flatMap((answer) => {
    const q = byId.get(answer.questionId);
    return q && filter(q) ? [{ type: q.type, yes: answer.selectedAnswer === true }] : [];
  });
  const counts = countYes(counted);
  return Object.fromEntries(TYPE_IDS.map((t) => [t, counts.get(t) ?? 0])) as TypeScores;
}

/** What a complete sheet says about the tie: which types tied on the core statements and what breaks it. */
export function tieAfterCore(answers: CareerAnswer[]): { tiedTypes: TypeId[]; tieBreak: CareerQuestion[] } {
  const core = yesCounts(answers, (q) => !q.isAdditional);
  const tiedTypes = tiedForTop(TYPE_IDS, (t) => core[t]);
  return { tiedTypes, tieBreak: tiedTypes.length ? tieBreakQuestions(tiedTypes) : [] };
}

/**
 * A number from the answers alone (FNV-1a), to order types that stay tied: the same sheet always gives the same
 * order, and over many sheets no type is favoured — unlike "the lowest type number wins".
 */
function sheetHash(answers: Pick<CareerAnswer, 'questionId' | 'selectedAnswer'>[]): number {
  let h = 0x811c9dc5;
  for (const a of [...answers].sort((x, y) => x.questionId - y.questionId)) {
    h = Math.imul(h ^ (a.questionId * 2 + (a.selectedAnswer ? 1 : 0)), 0x01000193) >>> 0;
  }
  return h;
}

/** Types from strongest to weakest: core count, then tie-break count (only tied types have one); equals in sheet order. */
export function rankTypes(answers: CareerAnswer[]): { order: TypeId[]; core: TypeScores; tieBreak: TypeScores } {
  const core = yesCounts(answers, (q) => !q.isAdditional);
  const tieBreak = yesCounts(answers, (q) => q.isAdditional);
  const seed = sheetHash(answers);
  const shuffleKey = (t: TypeId) => Math.imul(seed ^ (t * 0x9e3779b1), 0x85ebca6b) >>> 0;
  const order = [...TYPE_IDS].sort(
    (a, b) => core[b] - core[a] || tieBreak[b] - tieBreak[a] || shuffleKey(a) - shuffleKey(b),
  );
  return { order, core, tieBreak };
}

export function scoreCareerAnswers(answers: CareerAnswer[], timeSpent: number, lang: Lang): CareerResult {
  const coreTie = tieAfterCore(answers).tiedTypes;
  const { order, core, tieBreak } = rankTypes(answers);
  const [primaryType, secondaryType] = order;
  const tiedTypes = order.filter((t) => core[t] === core[primaryType] && tieBreak[t] === tieBreak[primaryType]);
  const primary = profileOf(primaryType, lang);
  const secondary = profileOf(secondaryType, lang);
  const recommendedProfessions = [...new Set([...primary.professions.slice(0, 3), secondary.professions[0]])].slice(
    0,
    4,
  );
  return {
    totalQuestions: answers.length,
    timeSpent,
    enneagramScores: core,
    tieBreakScores: Object.fromEntries(coreTie.map((t) => [t, tieBreak[t]])),
    primaryType,
    secondaryType,
    tiedTypes: tiedTypes.length > 1 ? tiedTypes : [],
    additionalQuestionsNeeded: coreTie.length > 1,
    recommendedProfessions,
    personalityType: primary.title,
    strengthsDescription: primary.generalDescription,
    // The primary type's own weak spots and the advice written for them (the spec's "two lowest types" gave
    // advice for other people).
    developmentAreas: [...primary.careerRoadmap.weaknesses, ...primary.careerRoadmap.careerRecommendations],
  };
}
