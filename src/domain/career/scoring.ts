/**
 * Career scoring (spec part 1 §3–§4, §9; DESIGN.md §4): points per type over equal sets — a Yes to a statement of
 * the type, or a No to one of its reverse-keyed statements; eight core statements per type (six in sheets begun
 * before the reverse-keyed ones), five tie-break statements for each type tied on the core — then primary and
 * secondary types, professions and development areas. A tie the tie-break leaves is reported as a tie; three or
 * more types level is "no clear type", never one type's profile. Response-style cautions say when the answers
 * follow a habit rather than the statements.
 */
import { profileOf, TYPE_IDS, type TypeId } from './profiles.ts';
import {
  CAREER_QUESTIONS,
  legacyCoreInOrder,
  roundRobin,
  tieBreakQuestions,
  type CareerQuestion,
} from './questions.ts';
import { countYes, tiedForTop } from './tie.ts';
import { leadOf, scoreBand, type Lead } from './lead.ts';
import type { Lang } from '../../i18n/paths.ts';

export interface CareerAnswer {
  questionId: number;
  selectedAnswer: boolean;
  timeSpent: number;
  /** The place the statement was shown at in its sitting (core 1…, tie-break 101…); absent before sittings. */
  shown?: number;
}

export type TypeScores = Record<TypeId, number>;
/** Answers that follow a habit: all the same, ≥ 90 % one way, or alternating for ≥ 90 % of the steps. */
export type CareerCaution = 'all_same' | 'one_way' | 'alternating';
export const ONE_WAY_SHARE = 0.9;

export interface CareerResult {
  totalQuestions: number;
  timeSpent: number;
  /** Points per type on the core statements: the same number of statements for every type, so they compare. */
  enneagramScores: TypeScores;
  /** Core statements per type on this sheet (8; 6 before the reverse-keyed statements): the scores' maximum. */
  corePerType: number;
  /** Each core score's 95 % error band (lead.ts), for the nine scores as the page draws them. */
  scoreBands: Record<TypeId, [number, number]>;
  /** The primary type's lead over the next on the core statements, and whether it is beyond error (lead.ts). */
  lead: Lead;
  /** Points on the tie-break statements, for the types that answered them (five each). */
  tieBreakScores: Partial<TypeScores>;
  primaryType: TypeId;
  secondaryType: TypeId;
  /** Every type still tied at the end (the primary among them), or empty: "you are between X and Y". */
  tiedTypes: TypeId[];
  /** Three or more types still level: no type is named, no single profile shown. */
  noClearType: boolean;
  /** The core statements tied, so tie-break statements were asked. */
  additionalQuestionsNeeded: boolean;
  cautions: CareerCaution[];
  recommendedProfessions: string[];
  personalityType: string;
  strengthsDescription: string;
  developmentAreas: string[];
}

const byId = new Map(CAREER_QUESTIONS.map((q) => [q.id, q]));

/** Whether an answer gives its statement's type a point: Yes, or No to a reverse-keyed statement. */
export const pointFor = (q: Pick<CareerQuestion, 'reverse'>, yes: boolean): boolean => (q.reverse ? !yes : yes);

/** Points per type (over the statements `filter` keeps). */
export function typePoints(
  answers: Pick<CareerAnswer, 'questionId' | 'selectedAnswer'>[],
  filter: (q: CareerQuestion) => boolean = () => true,
): TypeScores {
  const counted = answers.flatMap((answer) => {
    const q = byId.get(answer.questionId);
    return q && filter(q) ? [{ type: q.type, yes: pointFor(q, answer.selectedAnswer === true) }] : [];
  });
  const counts = countYes(counted);
  return Object.fromEntries(TYPE_IDS.map((t) => [t, counts.get(t) ?? 0])) as TypeScores;
}

/** What a complete sheet says about the tie: which types tied on the core statements and what breaks it. */
export function tieAfterCore(answers: CareerAnswer[]): { tiedTypes: TypeId[]; tieBreak: CareerQuestion[] } {
  const core = typePoints(answers, (q) => !q.isAdditional);
  const tiedTypes = tiedForTop(TYPE_IDS, (t) => core[t]);
  return { tiedTypes, tieBreak: tiedTypes.length ? tieBreakQuestions(tiedTypes) : [] };
}

/** Where each statement stood before sittings (round-robin, core first): built once, not per sheet scored. */
let legacyPlaces: Map<number, number> | undefined;
const legacyPlace = (id: number) =>
  (legacyPlaces ??= new Map(
    [...legacyCoreInOrder(), ...roundRobin(CAREER_QUESTIONS.filter((q) => q.isAdditional))].map((q, i) => [q.id, i]),
  )).get(id);

/** The answers in the order they were shown: the sitting's places, or the round-robin order before sittings. */
function inShownOrder(answers: CareerAnswer[]): CareerAnswer[] {
  const place = (a: CareerAnswer) => a.shown ?? legacyPlace(a.questionId) ?? 1_000;
  return [...answers].sort((a, b) => place(a) - place(b));
}

export function careerCautions(answers: CareerAnswer[]): CareerCaution[] {
  const said = inShownOrder(answers).map((a) => a.selectedAnswer === true);
  if (said.length < 10) return [];
  const yes = said.filter(Boolean).length;
  const oneWay = Math.max(yes, said.length - yes) / said.length;
  const cautions: CareerCaution[] = [];
  if (oneWay === 1) cautions.push('all_same');
  else if (oneWay >= ONE_WAY_SHARE) cautions.push('one_way');
  const switches = said.filter((v, i) => i > 0 && v !== said[i - 1]).length;
  if (switches >= ONE_WAY_SHARE * (said.length - 1)) cautions.push('alternating');
  return cautions;
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

/** Types from strongest to weakest: core points, then tie-break points (only tied types have any); equals in sheet order. */
export function rankTypes(answers: CareerAnswer[]): { order: TypeId[]; core: TypeScores; tieBreak: TypeScores } {
  const core = typePoints(answers, (q) => !q.isAdditional);
  const tieBreak = typePoints(answers, (q) => q.isAdditional);
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
  const coreAnswered = answers.filter((a) => byId.get(a.questionId)?.isAdditional === false).length;
  const corePerType = Math.round(coreAnswered / TYPE_IDS.length);
  return {
    totalQuestions: answers.length,
    timeSpent,
    enneagramScores: core,
    corePerType,
    scoreBands: Object.fromEntries(TYPE_IDS.map((t) => [t, scoreBand(core[t], corePerType)])) as Record<
      TypeId,
      [number, number]
    >,
    lead: leadOf(core, primaryType, secondaryType, corePerType),
    tieBreakScores: Object.fromEntries(coreTie.map((t) => [t, tieBreak[t]])),
    primaryType,
    secondaryType,
    tiedTypes: tiedTypes.length > 1 ? tiedTypes : [],
    noClearType: tiedTypes.length > 2,
    additionalQuestionsNeeded: coreTie.length > 1,
    cautions: careerCautions(answers),
    recommendedProfessions,
    personalityType: primary.title,
    strengthsDescription: primary.generalDescription,
    // The primary type's own weak spots and the advice written for them (the spec's "two lowest types" gave
    // advice for other people).
    developmentAreas: [...primary.careerRoadmap.weaknesses, ...primary.careerRoadmap.careerRecommendations],
  };
}
