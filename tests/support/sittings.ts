/**
 * Taking an IQ sitting as a browser does: GET /api/tests/iq/form gives the form, its token and the options in this
 * sitting's order; a sheet names each answer by the place it was shown at. Tests pick answers in the key's terms and
 * find their places by content (an item's options are distinct).
 */
import { iqBank, type IqItem } from '../../src/domain/iq/bank.ts';
import { CAREER_QUESTIONS } from '../../src/domain/career/questions.ts';
import { DIFFICULTY_WEIGHTS } from '../../src/domain/iq/scoring.ts';
import { formScale } from '../../src/domain/iq/scale.ts';
import { readTheta } from '../../src/domain/iq/reading.ts';
import { eap } from '../../src/domain/irt/score.ts';
import { signedUp } from './accounts.ts';
import { signSitting } from '../../src/lib/server/sittings.ts';
import { TEST_APP_SECRET } from './test-secret.ts';

export { TEST_APP_SECRET };

/**
 * The server caps a sheet's times at the time since its sitting was served (issue 43): a test that plays a person who
 * took 10–20 minutes cannot wait that long, so it takes the sitting as the server would have served it `agoMs`
 * earlier — the same sitting (form, order, browser, nonce), signed with an earlier time. What tests of the cap itself
 * use is the token as served.
 */
export function servedEarlier(token: string, agoMs = 60 * 60_000, secret = TEST_APP_SECRET): string {
  const [, body] = token.split('.');
  const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  return signSitting({ ...payload, issuedAt: payload.issuedAt - agoMs, seed: 0 }, secret);
}

export interface ServedSitting {
  formId: number;
  formToken: string;
  lang: 'uk' | 'en';
  questions: { id: number; options: string[] }[];
  /** Served although the user had seen every form's worked answers within the year. */
  reviewed?: boolean;
}

/**
 * A sitting as GET /api/tests/iq/form serves it — taken, unless `servedAgoMs` is 0, as served an hour before, so the
 * sheets tests send (30 s an item and the like) are times the server can vouch for (servedEarlier).
 */
export async function takeSitting(
  get: (path: string) => Promise<Response>,
  lang: 'uk' | 'en' = 'en',
  query = '',
  servedAgoMs = 60 * 60_000,
): Promise<ServedSitting> {
  const res = await get(`/api/tests/iq/form?lang=${lang}${query}`);
  if (res.status !== 200) throw new Error(`form: ${res.status}`);
  const sitting: ServedSitting = await res.json();
  return servedAgoMs ? { ...sitting, formToken: servedEarlier(sitting.formToken, servedAgoMs) } : sitting;
}

/** Where the sitting showed option `option` (in the key's numbering) of an item. */
export function shownAt(sitting: ServedSitting, item: IqItem, option: number): number {
  const question = sitting.questions.find((q) => q.id === item.id)!;
  return question.options.indexOf(item.options[sitting.lang][option]);
}

/** A complete sheet for the sitting: per item the option `pick` names in the key's numbering, sent as its place. */
export function sittingSheet(sitting: ServedSitting, pick: (item: IqItem) => number, itemMs = 30_000) {
  const bank = iqBank(sitting.formId);
  return {
    formToken: sitting.formToken,
    answers: bank.map((item) => ({
      questionId: item.id,
      selectedAnswer: shownAt(sitting, item, pick(item)),
      timeSpent: itemMs,
    })),
    timeSpent: itemMs * bank.length,
    lang: sitting.lang,
  };
}

/** A sheet for the sitting answering right exactly the items `right` accepts (a wrong one: the next option). */
export const iqSheetFor = (sitting: ServedSitting, right: (item: IqItem) => boolean, itemMs = 30_000) =>
  sittingSheet(sitting, (item) => (right(item) ? item.correctAnswer : (item.correctAnswer + 1) % 6), itemMs);

/** A careful person's sheet: four items in five right (item 5, 10, 15 and 20 missed), so no caution applies. */
export const careful = (item: { id: number }): boolean => item.id % 5 !== 0;

/** The raw (weighted) score of answering right exactly the items `right` accepts on a form. */
export const rawScoreOf = (formId: number, right: (item: IqItem) => boolean) =>
  iqBank(formId).reduce((sum, item) => sum + (right(item) ? DIFFICULTY_WEIGHTS[item.difficulty] : 0), 0);

/**
 * The reading a sheet right exactly on the items `right` accepts gets on the provisional scale: EAP of its pattern
 * (src/domain/irt/score.ts), read as IQ with its own interval (reading.ts). What a new sheet reads until its form is
 * calibrated.
 */
export function provisionalReadingOf(formId: number, right: (item: IqItem) => boolean) {
  const scale = formScale(formId)!;
  const responses = iqBank(formId).map((item) => (right(item) ? 1 : 0) as 0 | 1);
  return readTheta(eap(scale.items, responses), scale.measured, scale.reliability);
}

/** A career sitting as a browser gets it: its token and its statements under their ids in the sitting. */
export interface CareerSitting {
  formToken: string;
  lang: 'uk' | 'en';
  questions: { id: number; text: string }[];
}

export async function takeCareerSitting(
  get: (path: string) => Promise<Response>,
  lang: 'uk' | 'en' = 'en',
): Promise<CareerSitting> {
  const res = await get(`/api/tests/professional/form?lang=${lang}`);
  if (res.status !== 200) throw new Error(`career form: ${res.status}`);
  return res.json();
}

/**
 * Answers statements as a sitting shows them (by their ids in it, each found by its text), each giving its type a
 * point when `point` says so: a reverse-keyed statement is answered the other way.
 */
export const careerAnswersFor = (
  questions: { id: number; text: string }[],
  point: (type: number) => boolean,
  lang: 'uk' | 'en',
  itemMs = 2000,
) =>
  questions.map((q) => {
    const s = CAREER_QUESTIONS.find((c) => c.text[lang] === q.text)!;
    return { questionId: q.id, selectedAnswer: s.reverse ? !point(s.type) : point(s.type), timeSpent: itemMs };
  });

/**
 * Answers a career sitting's statements (found by their text), each giving its type a point when `point` says so
 * (a reverse-keyed statement is answered the other way); asks the server for the tie-break statements the core
 * answers call for and answers those too. The complete score request body.
 */
export async function careerSheetFor(
  post: (path: string, body: unknown) => Promise<Response>,
  sitting: CareerSitting,
  point: (type: number) => boolean,
  itemMs = 2000,
) {
  const answer = (questions: { id: number; text: string }[]) =>
    careerAnswersFor(questions, point, sitting.lang, itemMs);
  const core = answer(sitting.questions);
  const res = await post('/api/tests/professional/tiebreak', {
    formToken: sitting.formToken,
    answers: core,
    lang: sitting.lang,
  });
  if (res.status !== 200) throw new Error(`tie-break: ${res.status}`);
  const { questions } = await res.json();
  const answers = [...core, ...answer(questions)];
  return { formToken: sitting.formToken, answers, timeSpent: itemMs * answers.length, lang: sitting.lang };
}

/**
 * A new account (named `fullName`) holding one careful IQ result (every item right, 30 s each, in Ukrainian) and
 * one clear career result (type 4): what certificates and shared links are tested on.
 */
export async function ownerWithResults(base: string, fullName: string) {
  const client = await signedUp(base, { fullName });
  const sitting = await takeSitting(client.get, 'uk');
  const iq = await (
    await client.post(
      '/api/tests/iq/score',
      iqSheetFor(sitting, () => true, 30_000),
    )
  ).json();
  const career = await takeCareerSitting(client.get, 'uk');
  const pro = await (
    await client.post('/api/tests/professional/score', await careerSheetFor(client.post, career, (t) => t === 4))
  ).json();
  return { client, sitting, iqId: iq.id as string, proId: pro.id as string };
}
