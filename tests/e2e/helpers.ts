import { SERVED_FORM_IDS } from '../../src/domain/iq/bank.ts';
import { CAREER_QUESTIONS, type CareerQuestion } from '../../src/domain/career/questions.ts';
import { careful, iqSheetFor, servedEarlier, type ServedSitting } from '../support/sittings.ts';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export type Lang = 'uk' | 'en';
export const prefix = (lang: Lang) => (lang === 'en' ? '/eng' : '');

export const TEXT = {
  uk: {
    start: 'Почати тест',
    question: (n: number, total: number) => `Запитання ${n} з ${total}`,
    statement: (n: number, total: number) => `Твердження ${n} з ${total}`,
    yes: 'Так',
    no: 'Ні',
  },
  en: {
    start: 'Start the test',
    question: (n: number, total: number) => `Question ${n} of ${total}`,
    statement: (n: number, total: number) => `Statement ${n} of ${total}`,
    yes: 'Yes',
    no: 'No',
  },
} as const;

export interface PublicQuestion {
  id: number;
  text: string;
  type: string | number;
  options: string[];
  isAdditional?: boolean;
}

/**
 * A sitting's questions, options in that sitting's order: asked with its token, from the browser it was served to
 * (`page.request` shares the page's cookies; another context would be served a sitting of its own).
 */
/**
 * An IQ sitting asked for through the API (`query`: lang and the rest), taken as served an hour before, as the page's
 * are (fixtures.ts servedEarlier): the server vouches for a sheet's times only as far as its sitting is old.
 */
export async function iqForm(
  request: APIRequestContext,
  query: string,
): Promise<Omit<ServedSitting, 'questions'> & { questions: PublicQuestion[] }> {
  const res = await request.get(`/api/tests/iq/form?${query}`);
  expect(res.status()).toBe(200);
  const sitting = await res.json();
  return { ...sitting, formToken: servedEarlier(sitting.formToken) };
}

export async function questions(
  request: APIRequestContext,
  kind: 'iq' | 'professional',
  lang: Lang,
  sitting: string,
): Promise<PublicQuestion[]> {
  const res = await request.get(`/api/tests/${kind}/form?lang=${lang}&formToken=${encodeURIComponent(sitting)}`);
  const body = await res.json();
  expect(body.formToken, 'the same sitting, served to this browser').toBe(sitting);
  return body.questions;
}

/** The IQ sitting the page is running (its token, kept with the progress in sessionStorage). */
export async function formOf(page: Page): Promise<string> {
  const token = () =>
    page.evaluate(() => JSON.parse(sessionStorage.getItem('rozum.progress.iq') ?? '{}').formToken as string);
  await expect.poll(token).toMatch(/^s1\./);
  return token();
}

/**
 * Takes the IQ test on the page as a careful person would: each item read for `itemMs` (the page's clock, installed
 * by the caller with page.clock.install(), is moved on), four in five answered right (the key is the test's, found by
 * the option's text). Such a sheet carries no caution, so it earns a certificate.
 */
export async function answerIqCarefully(page: Page, lang: Lang, itemMs = 25_000) {
  const sitting = await formOf(page);
  const formId = await page.evaluate(() => JSON.parse(sessionStorage.getItem('rozum.progress.iq') ?? '{}').formId);
  const served: ServedSitting = {
    formId,
    formToken: sitting,
    lang,
    questions: await questions(page.request, 'iq', lang, sitting),
  };
  // The places a careful sheet of this sitting clicks, as the API tests send it.
  const places = iqSheetFor(served, careful).answers;
  for (const [i, { selectedAnswer }] of places.entries()) {
    await expect(page.getByRole('heading', { name: TEXT[lang].question(i + 1, places.length) })).toBeVisible();
    await page.clock.fastForward(itemMs);
    await page.getByRole('radio').nth(selectedAnswer).click();
  }
  // The overlay's steps and the way to the results run on the page's timers.
  for (let i = 0; i < 10 && !/results/.test(page.url()); i++) await page.clock.runFor(2_000);
}

/** The IQ figure as the results page shows it: the number, or "below Y" / "above X" with the reading's own Y, X. */
export function shownIq(
  result: { iqEstimate: number; iqBound: 'below' | 'above' | null; iqBoundAt: number | null },
  lang: Lang,
): string {
  if (!result.iqBound) return String(result.iqEstimate);
  const words = { uk: { below: 'нижче', above: 'понад' }, en: { below: 'below', above: 'above' } };
  return `${words[lang][result.iqBound]} ${result.iqBoundAt}`;
}

/** Clicks option `choice(i)` of each question in turn, waiting for the runner to move on. */
export async function answerQuestions(
  page: Page,
  lang: Lang,
  total: number,
  choice: (i: number) => number,
  from = 0,
  to = total,
) {
  for (let i = from; i < to; i++) {
    await expect(page.getByRole('heading', { name: TEXT[lang].question(i + 1, total) })).toBeVisible();
    await page.getByRole('radio').nth(choice(i)).click();
  }
}

/**
 * What the server says the same answers are worth. A sitting is scored once (the page already scored it), so the
 * answers go as a sheet of a new sitting of the same form: each IQ option found by its text, each career statement
 * by its text (tie-break statements too), at the places and ids the new sitting shows them. `request` must be the
 * page's (`page.request`), whose cookie the sitting is bound to.
 */
export async function serverScore(
  request: APIRequestContext,
  kind: 'iq' | 'professional',
  answers: { questionId: number; selectedAnswer: number | boolean }[],
  lang: Lang,
  sitting: string,
) {
  const timed = (list: { questionId: number; selectedAnswer: number | boolean }[]) =>
    list.map((a) => ({ ...a, timeSpent: 20_000 }));
  let data: Record<string, unknown>;
  if (kind === 'iq') {
    const served = await (
      await request.get(`/api/tests/iq/form?lang=${lang}&formToken=${encodeURIComponent(sitting)}`)
    ).json();
    const others = SERVED_FORM_IDS.filter((f) => f !== served.formId).join(',');
    const fresh = await iqForm(request, `lang=${lang}&taken=${others}`);
    expect(fresh.formId).toBe(served.formId);
    const textOf = (a: { questionId: number; selectedAnswer: number | boolean }) =>
      served.questions.find((q: PublicQuestion) => q.id === a.questionId).options[a.selectedAnswer as number];
    data = {
      formToken: fresh.formToken,
      answers: timed(
        answers.map((a) => ({
          questionId: a.questionId,
          selectedAnswer: fresh.questions.find((q) => q.id === a.questionId)!.options.indexOf(textOf(a)),
        })),
      ),
    };
  } else {
    const texts = async (token: string, core: { questionId: number; selectedAnswer: boolean }[]) => {
      const form = await (
        await request.get(`/api/tests/professional/form?lang=${lang}&formToken=${encodeURIComponent(token)}`)
      ).json();
      const tie = await (
        await request.post('/api/tests/professional/tiebreak', { data: { formToken: token, answers: core, lang } })
      ).json();
      return new Map<number, string>(
        [...form.questions, ...tie.questions].map((q: PublicQuestion) => [q.id, q.text] as [number, string]),
      );
    };
    const isCore = (a: { questionId: number }) => a.questionId < 100;
    const given = answers as { questionId: number; selectedAnswer: boolean }[];
    const old = await texts(sitting, given.filter(isCore));
    const fresh = await (await request.get(`/api/tests/professional/form?lang=${lang}`)).json();
    const coreIds = new Map<string, number>(fresh.questions.map((q: PublicQuestion) => [q.text, q.id]));
    const core = given.filter(isCore).map((a) => ({ ...a, questionId: coreIds.get(old.get(a.questionId)!)! }));
    const now = await texts(fresh.formToken, core);
    const ids = new Map<string, number>([...now].map(([id, text]) => [text, id]));
    data = {
      formToken: fresh.formToken,
      answers: timed(given.map((a) => ({ ...a, questionId: ids.get(old.get(a.questionId)!)! }))),
    };
  }
  const res = await request.post(`/api/tests/${kind}/score`, {
    data: { ...data, timeSpent: 20_000 * answers.length, lang },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).result;
}

/** Core statements in a career sitting: 8 per type (6, and 2 written the other way round). */
export const CAREER_CORE = 72;

/** The career statement on screen, found by its text: tests know the key the page never receives. */
export function statementByText(text: string, lang: Lang): CareerQuestion {
  const found = CAREER_QUESTIONS.find((q) => q.text[lang] === text);
  if (!found) throw new Error(`no statement reads "${text}"`);
  return found;
}

/**
 * Answers career statements `from`…`to` as shown, each Yes or No as `yes` says for the statement behind it, and
 * returns what was answered, in the key's terms and under the sitting's ids (the place shown, 101… for tie-break).
 */
export async function answerCareer(
  page: Page,
  lang: Lang,
  total: number,
  yes: (q: CareerQuestion) => boolean,
  idBase = 0,
): Promise<{ statement: CareerQuestion; sittingId: number; selectedAnswer: boolean }[]> {
  const answered = [];
  for (let i = 0; i < total; i++) {
    await expect(page.getByRole('heading', { name: TEXT[lang].statement(i + 1, total) })).toBeVisible();
    const statement = statementByText((await page.locator('.question-text').textContent())!.trim(), lang);
    const selectedAnswer = yes(statement);
    await page.getByRole('radio', { name: selectedAnswer ? TEXT[lang].yes : TEXT[lang].no }).click();
    answered.push({ statement, sittingId: idBase + i + 1, selectedAnswer });
  }
  return answered;
}

/** A Yes / No that gives a point to the types `types` only (a No to their reverse-keyed statements). */
export const pointsFor =
  (...types: number[]) =>
  (q: CareerQuestion): boolean =>
    types.includes(q.type) !== Boolean(q.reverse);

/** The sitting the career page is running: its token, from the progress in sessionStorage. */
export const careerSittingOf = (page: Page): Promise<string> =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem('rozum.progress.professional') ?? '{}').formToken as string);

/** A career sheet scored through the API: a new sitting, each statement answered as `yes` says. */
export async function scoreCareerSitting(request: APIRequestContext, lang: Lang, yes: (q: CareerQuestion) => boolean) {
  const form = await (await request.get(`/api/tests/professional/form?lang=${lang}`)).json();
  const answers = (form.questions as { id: number; text: string }[]).map((q) => ({
    questionId: q.id,
    selectedAnswer: yes(statementByText(q.text, lang)),
    timeSpent: 1500,
  }));
  return { formToken: form.formToken as string, answers, timeSpent: 120_000, lang };
}

/**
 * A careful IQ sheet of a new sitting, as a person who reads each item would send it: four in five items right (the
 * key is the test's, found by the option's text), 20 s an item. No caution applies, so it earns a certificate.
 */
export async function carefulIqSheet(request: APIRequestContext, lang: Lang) {
  return iqSheetFor(await iqForm(request, `lang=${lang}`), careful, 20_000);
}

/** Sets the consent and answers gtag.js with a stub; the events are what our gtag() queued in dataLayer. */
export async function recordEvents(page: Page, consent: 'accepted' | 'declined' | null) {
  await page.route('https://www.googletagmanager.com/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: '' }),
  );
  await page.addInitScript((value) => {
    if (value) localStorage.setItem('cookieConsent', value);
  }, consent);
}
export const events = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? [])
      .map((entry) => Array.from(entry))
      .filter((entry) => entry[0] === 'event'),
  ) as Promise<[string, string, Record<string, unknown>][]>;
