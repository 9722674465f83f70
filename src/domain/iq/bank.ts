/**
 * The parallel IQ forms: authored text items from src/content/iq/forms/{n}.json and image matrices generated from
 * the seeds named there. Every form follows one blueprint (the same type and difficulty at each position), so a
 * retake can be served another form (DESIGN.md §3.5). The full items (with answers and explanations) stay on the
 * server; `publicIqQuestions` is what browsers get.
 *
 * Forms 0–3 are retired: they carried answer cues (issue 26), so forms 4–7 replaced them. They are no longer served,
 * but results saved on them are scored again on every read, so they stay exactly as they were: their matrices are
 * the ones the old generator drew, kept in retired-matrices.json, not drawn again by today's generator.
 *
 * Forms 5–7 are retired too, replaced by forms 8–10: each the same form with four items of form 4 in their places
 * (positions 2, 8, 10 and 18 — one of each category, easy to hard), the anchors every served form shares so that a
 * concurrent calibration puts all four on one scale (issue 29; linking.ts). A form replaced this way passes its
 * history on: taken or reviewed, it counts as its successor taken or reviewed (`currentForm`).
 */
import form0 from '../../content/iq/forms/0.json' with { type: 'json' };
import form1 from '../../content/iq/forms/1.json' with { type: 'json' };
import form2 from '../../content/iq/forms/2.json' with { type: 'json' };
import form3 from '../../content/iq/forms/3.json' with { type: 'json' };
import form4 from '../../content/iq/forms/4.json' with { type: 'json' };
import form5 from '../../content/iq/forms/5.json' with { type: 'json' };
import form6 from '../../content/iq/forms/6.json' with { type: 'json' };
import form7 from '../../content/iq/forms/7.json' with { type: 'json' };
import form8 from '../../content/iq/forms/8.json' with { type: 'json' };
import form9 from '../../content/iq/forms/9.json' with { type: 'json' };
import form10 from '../../content/iq/forms/10.json' with { type: 'json' };
import retiredMatrices from '../../content/iq/retired-matrices.json' with { type: 'json' };
import { generateMatrixItem, TEMPLATES } from '../matrices/generate.ts';
import { describeMatrix, explainMatrix, panelAlt } from '../matrices/describe.ts';
import type { MatrixItem } from '../matrices/model.ts';
import type { Lang } from '../../i18n/paths.ts';
import { optionOrder } from '../sittings.ts';

export type { Lang };
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

const FORMS = [form0, form1, form2, form3, form4, form5, form6, form7, form8, form9, form10] as RawItem[][];
/** Every form a saved result can name. */
export const IQ_FORM_IDS: readonly number[] = FORMS.map((_, i) => i);
/** The forms served to new sittings; the others are retired (kept only to score saved results again). */
export const SERVED_FORM_IDS: readonly number[] = [4, 8, 9, 10];
/** A retired form that another replaced with most of its items: the form it lives on in. */
const SUCCESSOR: Readonly<Record<number, number>> = { 5: 8, 6: 9, 7: 10 };
/** The form a form's history counts for: its successor for a form replaced by one with most of its items. */
export const currentForm = (id: number): number => SUCCESSOR[id] ?? id;
const RETIRED = retiredMatrices as unknown as Record<string, MatrixItem>;
export const isIqFormId = (id: unknown): id is number => Number.isInteger(id) && IQ_FORM_IDS.includes(id as number);
export const isServedFormId = (id: unknown): id is number =>
  Number.isInteger(id) && SERVED_FORM_IDS.includes(id as number);

/**
 * The form to serve next. Never one whose worked answers the user has seen (`reviewed`, within the year) while
 * another remains: of those, one not taken yet, at random, else the one taken longest ago. When the user has seen
 * every served form's answers, the one seen longest ago, with `reviewed: true` so the page can say so. Both lists
 * run oldest first; a replaced form counts as its successor (at the later of the two times), other retired forms
 * among them are passed over.
 */
export function nextIqForm(
  takenForms: readonly number[],
  reviewedForms: readonly number[] = [],
  random: () => number = Math.random,
): { formId: number; reviewed: boolean } {
  const latest = (ids: readonly number[]) => ids.map(currentForm).filter((id, i, all) => all.lastIndexOf(id) === i);
  const taken = latest(takenForms);
  const reviewed = latest(reviewedForms);
  const unseen = SERVED_FORM_IDS.filter((id) => !reviewed.includes(id));
  if (!unseen.length) return { formId: reviewed.find(isServedFormId)!, reviewed: true };
  const fresh = unseen.filter((id) => !taken.includes(id));
  if (fresh.length) return { formId: fresh[Math.floor(random() * fresh.length)], reviewed: false };
  return { formId: taken.find((id) => unseen.includes(id))!, reviewed: false };
}

export const imagePath = (form: number, id: number, option?: number): string =>
  `${IMAGE_DIR}/f${form}-q${id}${option === undefined ? '' : `-${option + 1}`}.svg`;

function buildItem(raw: RawItem, form: number): IqItem {
  const base = {
    id: raw.id,
    type: raw.type as IqCategory,
    difficulty: raw.difficulty as Difficulty,
    question: raw.question,
  };
  if (!raw.matrix) {
    return { ...base, options: raw.options!, correctAnswer: raw.correctAnswer!, explanation: raw.explanation! };
  }
  const matrix =
    RETIRED[`${form}/${raw.id}`] ?? generateMatrixItem(raw.matrix.template as keyof typeof TEMPLATES, raw.matrix.seed);
  const answer = matrix.options[matrix.correctAnswer];
  const paths = matrix.options.map((_, i) => imagePath(form, raw.id, i));
  const both = <T>(fn: (lang: Lang) => T): Localized<T> => ({ uk: fn('uk'), en: fn('en') });
  return {
    ...base,
    options: { uk: paths, en: paths },
    correctAnswer: matrix.correctAnswer,
    explanation: both((lang) => explainMatrix(lang, matrix.matrix, answer)),
    image: {
      src: imagePath(form, raw.id),
      alt: both((lang) => describeMatrix(lang, matrix.matrix)),
      optionAlts: both((lang) => matrix.options.map((o) => panelAlt(lang, matrix.matrix, o))),
      matrix,
    },
  };
}

const built = new Map<number, IqItem[]>();
/** The 20 items of a form, ordered by id (difficulty rises through the form). Generated once per process. */
export function iqBank(form: number): IqItem[] {
  let bank = built.get(form);
  if (!bank) {
    if (!isIqFormId(form)) throw new Error(`No IQ form ${form}`);
    bank = FORMS[form].map((raw) => buildItem(raw, form)).sort((a, b) => a.id - b.id);
    built.set(form, bank);
  }
  return bank;
}

/** An item as a page shows it in one language: the question and options, never the key or the explanation. */
export const itemShown = (item: IqItem, lang: Lang) => ({
  type: item.type,
  difficulty: item.difficulty,
  text: item.question[lang],
  options: item.options[lang],
  ...(item.image
    ? { image: { src: item.image.src, alt: item.image.alt[lang], optionAlts: item.image.optionAlts[lang] } }
    : {}),
});

export function publicIqQuestions(lang: Lang, form: number): PublicIqQuestion[] {
  return iqBank(form).map((item) => ({ id: item.id, ...itemShown(item, lang) }));
}

/**
 * The questions of one sitting: each item's options (and their pictures' text alternatives) in the order the
 * sitting's seed gives (sittings.ts); `seed` null keeps the key's order (a retired form begun before sittings).
 */
export function sittingQuestions(lang: Lang, form: number, seed: number | null): PublicIqQuestion[] {
  return publicIqQuestions(lang, form).map((question, i) => {
    if (seed === null) return question;
    const order = optionOrder(iqBank(form)[i], seed);
    const { image } = question;
    return {
      ...question,
      options: order.map((k) => question.options[k]),
      ...(image ? { image: { ...image, optionAlts: order.map((k) => image.optionAlts[k]) } } : {}),
    };
  });
}
