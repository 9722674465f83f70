/**
 * The IQ form: authored text items from src/content/iq/items.json and image matrices generated from their seeds.
 * The full items (with answers and explanations) stay on the server; `publicIqQuestions` is what browsers get.
 */
import items from '../../content/iq/items.json' with { type: 'json' };
import { generateMatrixItem, TEMPLATES } from '../matrices/generate.ts';
import { describeMatrix, describePanel, explainMatrix } from '../matrices/describe.ts';
import type { MatrixItem } from '../matrices/model.ts';

export type Lang = 'uk' | 'en';
export type IqCategory = 'logical' | 'spatial' | 'mathematical' | 'verbal';
export type Difficulty = 'easy' | 'medium' | 'hard';
export const IQ_CATEGORIES: IqCategory[] = ['logical', 'spatial', 'mathematical', 'verbal'];
export const IMAGE_DIR = '/images/iq';

type Localized<T> = Record<Lang, T>;

export interface IqItem {
  id: number;
  type: IqCategory;
  difficulty: Difficulty;
  question: Localized<string>;
  options: Localized<string[]>;
  correctAnswer: number;
  explanation: Localized<string>;
  /** Image items: the generated matrix, its picture's text alternative and the options' alternatives. */
  image?: { src: string; alt: Localized<string>; optionAlts: Localized<string[]>; matrix: MatrixItem };
}

/** What the test runner receives: no answer, no explanation (DESIGN.md §3). */
export interface PublicIqQuestion {
  id: number;
  type: IqCategory;
  difficulty: Difficulty;
  text: string;
  options: string[];
  image?: { src: string; alt: string; optionAlts: string[] };
}

interface RawItem {
  id: number;
  type: string;
  difficulty: string;
  question: Localized<string>;
  options?: Localized<string[]>;
  correctAnswer?: number;
  explanation?: Localized<string>;
  matrix?: { template: string; seed: number };
}

export const imagePath = (id: number, option?: number, form = 0): string =>
  `${IMAGE_DIR}/${form ? `f${form}-` : ''}q${id}${option === undefined ? '' : `-${option + 1}`}.svg`;

function buildItem(raw: RawItem, form: number): IqItem {
  const base = { id: raw.id, type: raw.type as IqCategory, difficulty: raw.difficulty as Difficulty, question: raw.question };
  if (!raw.matrix) {
    return { ...base, options: raw.options!, correctAnswer: raw.correctAnswer!, explanation: raw.explanation! };
  }
  const template = raw.matrix.template as keyof typeof TEMPLATES;
  // A parallel form takes other seeds; form 0 is the published one.
  const matrix = generateMatrixItem(template, raw.matrix.seed + form * 7919);
  const answer = matrix.options[matrix.correctAnswer];
  const paths = matrix.options.map((_, i) => imagePath(raw.id, i, form));
  const both = <T>(fn: (lang: Lang) => T): Localized<T> => ({ uk: fn('uk'), en: fn('en') });
  return {
    ...base,
    options: { uk: paths, en: paths },
    correctAnswer: matrix.correctAnswer,
    explanation: both((lang) => explainMatrix(lang, matrix.matrix, answer)),
    image: {
      src: imagePath(raw.id, undefined, form),
      alt: both((lang) => describeMatrix(lang, matrix.matrix)),
      optionAlts: both((lang) => matrix.options.map((o) => describePanel(lang, matrix.matrix, o))),
      matrix,
    },
  };
}

const forms = new Map<number, IqItem[]>();
/** The 20 items of a form, ordered by id (difficulty rises through the form). Generated once per process. */
export function iqBank(form = 0): IqItem[] {
  let bank = forms.get(form);
  if (!bank) {
    bank = (items as RawItem[]).map((raw) => buildItem(raw, form)).sort((a, b) => a.id - b.id);
    forms.set(form, bank);
  }
  return bank;
}

export function publicIqQuestions(lang: Lang, form = 0): PublicIqQuestion[] {
  return iqBank(form).map((item) => ({
    id: item.id,
    type: item.type,
    difficulty: item.difficulty,
    text: item.question[lang],
    options: item.options[lang],
    ...(item.image ? { image: { src: item.image.src, alt: item.image.alt[lang], optionAlts: item.image.optionAlts[lang] } } : {}),
  }));
}
