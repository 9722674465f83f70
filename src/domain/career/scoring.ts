/**
 * Career scoring (spec part 1 §3–§4, §9): yes-counts per type, the tie after the core statements and the
 * tie-break set, primary and secondary types, recommended professions and development areas.
 */
import { profileOf, TYPE_IDS, type TypeId } from './profiles.ts';
import { CAREER_QUESTIONS, tieBreakQuestions, type CareerQuestion } from './questions.ts';

export interface CareerAnswer {
  questionId: number;
  selectedAnswer: boolean;
  timeSpent: number;
}

export type TypeScores = Record<TypeId, number>;

export interface CareerResult {
  totalQuestions: number;
  timeSpent: number;
  enneagramScores: TypeScores;
  primaryType: TypeId;
  secondaryType: TypeId;
  tiedTypes: TypeId[];
  additionalQuestionsNeeded: boolean;
  recommendedProfessions: string[];
  personalityType: string;
  strengthsDescription: string;
  developmentAreas: string[];
}

const byId = new Map(CAREER_QUESTIONS.map((q) => [q.id, q]));

/** Yes answers per type (an answer counts only if it is Yes). */
export function yesCounts(answers: Pick<CareerAnswer, 'questionId' | 'selectedAnswer'>[], filter: (q: CareerQuestion) => boolean = () => true): TypeScores {
  const scores = Object.fromEntries(TYPE_IDS.map((t) => [t, 0])) as TypeScores;
  for (const answer of answers) {
    const q = byId.get(answer.questionId);
    if (q && filter(q) && answer.selectedAnswer === true) scores[q.type]++;
  }
  return scores;
}

/** The types sharing the highest score, when more than one does (else empty). */
export function tiedForTop(scores: TypeScores): TypeId[] {
  const top = Math.max(...TYPE_IDS.map((t) => scores[t]));
  const tied = TYPE_IDS.filter((t) => scores[t] === top);
  return tied.length > 1 ? tied : [];
}

/** Highest first; equal scores keep the lower type number first, so the order never depends on chance. */
const ranked = (scores: TypeScores): TypeId[] => [...TYPE_IDS].sort((a, b) => scores[b] - scores[a] || a - b);

/** What a complete sheet says about the tie: which types tied on the core statements and what breaks it. */
export function tieAfterCore(answers: CareerAnswer[]): { tiedTypes: TypeId[]; tieBreak: CareerQuestion[] } {
  const tiedTypes = tiedForTop(yesCounts(answers, (q) => !q.isAdditional));
  return { tiedTypes, tieBreak: tiedTypes.length ? tieBreakQuestions(tiedTypes) : [] };
}

export function scoreCareerAnswers(answers: CareerAnswer[], timeSpent: number, lang: 'uk' | 'en'): CareerResult {
  const { tiedTypes } = tieAfterCore(answers);
  const enneagramScores = yesCounts(answers);
  const order = ranked(enneagramScores);
  const [primaryType, secondaryType] = order;
  const primary = profileOf(primaryType, lang);
  const secondary = profileOf(secondaryType, lang);
  const recommendedProfessions = [...new Set([...primary.professions.slice(0, 3), secondary.professions[0]])].slice(0, 4);
  const lowest = order.slice(-2).reverse();
  return {
    totalQuestions: answers.length,
    timeSpent,
    enneagramScores,
    primaryType,
    secondaryType,
    tiedTypes,
    additionalQuestionsNeeded: tiedTypes.length > 1,
    recommendedProfessions,
    personalityType: primary.title,
    strengthsDescription: primary.generalDescription,
    developmentAreas: lowest.flatMap((t) => profileOf(t, lang).careerRoadmap.careerRecommendations),
  };
}
