/**
 * The career statements: from src/content/career/questions.json, 6 core and 5 tie-break statements per type, and
 * from reverse-keyed.json 2 more core statements per type that a person of that type answers No to (scored
 * inverted, against answering Yes to everything). The key — which type a statement scores, and which way — stays
 * on the server (DESIGN.md §3.7): a sitting shows the statements without it, in an order drawn per sitting.
 */
import questions from '../../content/career/questions.json' with { type: 'json' };
import reverseKeyed from '../../content/career/reverse-keyed.json' with { type: 'json' };
import { TYPE_IDS, type TypeId } from './profiles.ts';
import { createRng, shuffle } from '../matrices/rng.ts';
import type { Lang } from '../../i18n/paths.ts';

export interface CareerQuestion {
  id: number;
  type: TypeId;
  isAdditional: boolean;
  /** A No counts for the type. */
  reverse?: boolean;
  text: { uk: string; en: string };
}

/** What the test runner receives: an id of this sitting, the text and Yes / No — no type, no direction. */
export interface PublicCareerQuestion {
  id: number;
  text: string;
  options: [string, string];
  isAdditional: boolean;
}

export const CAREER_QUESTIONS = [...questions, ...reverseKeyed] as CareerQuestion[];
export const CORE_QUESTIONS = CAREER_QUESTIONS.filter((q) => !q.isAdditional);
export const CORE_QUESTION_COUNT = CORE_QUESTIONS.length;
/** The core set before reverse-keyed statements: what sheets begun before sittings answered (no token). */
export const LEGACY_CORE = CORE_QUESTIONS.filter((q) => !q.reverse);
const YES_NO = { uk: ['Так', 'Ні'], en: ['Yes', 'No'] } as const;

/** Round-robin across types 1–9 by id: the order sheets begun before sittings were shown in. */
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

/** The legacy core statements in the order they were shown before sittings. */
export const legacyCoreInOrder = (): CareerQuestion[] => roundRobin(LEGACY_CORE);

/** The tie-break statements of the tied types (a set: the sitting orders them). */
export const tieBreakQuestions = (tiedTypes: number[]): CareerQuestion[] =>
  CAREER_QUESTIONS.filter((q) => q.isAdditional && tiedTypes.includes(q.type));

/**
 * Balanced rounds in a sitting's order: each round holds one statement of every type, the types in a fresh random
 * order each round and each type's statements spread over the rounds at random. So the place of a statement says
 * nothing about its type, and no type bunches at the start or the end where attention differs.
 */
function balancedRounds(items: CareerQuestion[], seed: number): CareerQuestion[] {
  const rng = createRng(seed);
  const byType = TYPE_IDS.map((t) =>
    shuffle(
      rng,
      items.filter((q) => q.type === t),
    ),
  ).filter((list) => list.length);
  const rounds = Math.max(0, ...byType.map((list) => list.length));
  const out: CareerQuestion[] = [];
  for (let round = 0; round < rounds; round++)
    for (const list of shuffle(rng, byType)) if (list[round]) out.push(list[round]);
  return out;
}

/** A sitting's core statements, in its order; their ids in the sitting are their places, 1…72. */
export const sittingCore = (seed: number): CareerQuestion[] => balancedRounds(CORE_QUESTIONS, seed);
/** A sitting's tie-break statements for the tied types; their ids in the sitting are 101, 102, … */
export const sittingTieBreak = (seed: number, tiedTypes: number[]): CareerQuestion[] =>
  balancedRounds(tieBreakQuestions(tiedTypes), (seed ^ 0x5bd1e995) >>> 0);
export const TIE_BREAK_ID_BASE = 100;

/** Statements as a sitting shows them: its own ids, the text in the page's language, Yes / No. */
export function publicCareerQuestions(lang: Lang, items: CareerQuestion[], idBase = 0): PublicCareerQuestion[] {
  return items.map((q, i) => ({
    id: idBase + i + 1,
    text: q.text[lang],
    options: [...YES_NO[lang]],
    isAdditional: q.isAdditional,
  }));
}
