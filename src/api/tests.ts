/** Taking a test: a sitting of a form, the career tie-break, and scoring a finished sheet. */
import { z } from 'zod';
import { contract } from './contract.ts';
import { langField, langQuery } from './fields.ts';
import type { ScoredAnswer } from './results.ts';

/** Longer than any sitting token we sign (about 120 characters): refused unread. */
export const SITTING_TOKEN_MAX = 400;
export const SCORE_BODY_LIMIT = 32 * 1024;
const MAX_MS = 24 * 60 * 60 * 1000;
const ms = z.number().int().min(0).max(MAX_MS);
/** The browser's id for one finished test, so a retried submission saves once. */
const submissionId = z.uuid().optional();

/** A question as a sitting shows it: no key, the options in the sitting's order. */
export interface Question {
  id: number;
  /** IQ: the category; career statements come without their type (the key stays on the server). */
  type?: string;
  text: string;
  options: string[];
  difficulty?: string;
  isAdditional?: boolean;
  image?: { src: string; alt: string; optionAlts: string[] };
}

export interface IqSitting {
  formId: number;
  /** Names the form, its option order and this browser; asks for the same sitting again. */
  formToken: string;
  /** Served although the user has seen the worked answers of every form within the year. */
  reviewed?: true;
  lang: string;
  questions: Question[];
}
export interface CareerSitting {
  formToken: string;
  lang: string;
  questions: Question[];
}

export const iqForm = contract<IqSitting>()({
  path: '/api/tests/iq/form',
  method: 'GET',
  auth: 'optional',
  query: z.object({
    lang: langQuery,
    /** The sitting again; one the server did not sign (or longer than any it signs) starts a new sitting. */
    formToken: z.string().optional(),
    /** The forms this browser says it has taken, oldest first: `6,4` (empty places are skipped; the server checks each). */
    taken: z.string().max(200).optional(),
  }),
  invalidQuery: 'form.error.unknown',
});

export const careerForm = contract<CareerSitting>()({
  path: '/api/tests/professional/form',
  method: 'GET',
  auth: 'none',
  query: z.object({ lang: langQuery, formToken: z.string().optional() }),
  invalidQuery: 'form.error.unknown',
});

export const IqScoreRequest = z.object({
  /** The sitting GET /api/tests/iq/form served: its form, and the order its options were shown in. */
  formToken: z.string().max(SITTING_TOKEN_MAX),
  /** `selectedAnswer`: the place of the option clicked, as the sitting showed it. */
  answers: z
    .array(z.object({ questionId: z.number().int(), selectedAnswer: z.number().int().min(0), timeSpent: ms }))
    .max(100),
  timeSpent: ms,
  lang: langField,
  submissionId,
});
export const CareerScoreRequest = z.object({
  /** The sitting GET /api/tests/professional/form served: the ids of its statements are its own. */
  formToken: z.string().max(SITTING_TOKEN_MAX),
  answers: z.array(z.object({ questionId: z.number().int(), selectedAnswer: z.boolean(), timeSpent: ms })).max(200),
  timeSpent: ms,
  lang: langField,
  submissionId,
});

export const iqScore = contract<ScoredAnswer>()({
  path: '/api/tests/iq/score',
  method: 'POST',
  auth: 'optional',
  body: IqScoreRequest,
  maxBytes: SCORE_BODY_LIMIT,
});
export const careerScore = contract<ScoredAnswer>()({
  path: '/api/tests/professional/score',
  method: 'POST',
  auth: 'optional',
  body: CareerScoreRequest,
  maxBytes: SCORE_BODY_LIMIT,
});

export const careerTieBreak = contract<{ questions: Question[] }>()({
  path: '/api/tests/professional/tiebreak',
  method: 'POST',
  auth: 'none',
  body: z.object({
    formToken: z.string().max(SITTING_TOKEN_MAX),
    answers: z.array(z.object({ questionId: z.number().int(), selectedAnswer: z.boolean() })).max(100),
    lang: langField,
  }),
});
