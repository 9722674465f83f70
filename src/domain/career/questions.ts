/** The 99 yes/no statements (54 core: 6 per type; 45 tie-break: 5 per type) from src/content/career/questions.json, and their order. */
import questions from '../../content/career/questions.json' with { type: 'json' };
import type { TypeId } from './profiles.ts';
import { CORE_PER_TYPE } from './counts.ts';
import type { Lang } from '../../i18n/paths.ts';

export interface CareerQuestion {
  id: number;
  type: TypeId;
  isAdditional: boolean;
  text: { uk: string; en: string };
}

/** What the test runner receives. Yes comes first, then No. */
export interface PublicCareerQuestion {
  id: number;
  type: number;
  text: string;
  options: [string, string];
  isAdditional: boolean;
}

export const CAREER_QUESTIONS = questions as CareerQuestion[];
export const CORE_QUESTION_COUNT = 9 * CORE_PER_TYPE;
const YES_NO = { uk: ['Так', 'Ні'], en: ['Yes', 'No'] } as const;

/** Round-robin across types 1–9: the first statement of each type, then the second of each, and so on. */
export function roundRobin(items: CareerQuestion[]): CareerQuestion[] {
  const byType = new Map<number, CareerQuestion[]>();
  for (const q of [...items].sort((a, b) => a.id - b.id)) byType.set(q.type, [...(byType.get(q.type) ?? []), q]);
  const types = [...byType.keys()].sort((a, b) => a - b);
  const longest = Math.max(0, ...[...byType.values()].map((list) => list.length));
  const out: CareerQuestion[] = [];
  for (let round = 0; round < longest; round++)
    for (const type of types) {
      const q = byType.get(type)![round];
      if (q) out.push(q);
    }
  return out;
}

export const coreQuestionsInOrder = (): CareerQuestion[] => roundRobin(CAREER_QUESTIONS.filter((q) => !q.isAdditional));

/** The tie-break statements of the tied types, in round-robin order. */
export const tieBreakQuestions = (tiedTypes: number[]): CareerQuestion[] =>
  roundRobin(CAREER_QUESTIONS.filter((q) => q.isAdditional && tiedTypes.includes(q.type)));

export function publicCareerQuestions(lang: Lang): PublicCareerQuestion[] {
  return [...coreQuestionsInOrder(), ...roundRobin(CAREER_QUESTIONS.filter((q) => q.isAdditional))].map((q) => ({
    id: q.id,
    type: q.type,
    text: q.text[lang],
    options: [...YES_NO[lang]],
    isAdditional: q.isAdditional,
  }));
}
