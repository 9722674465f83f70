import { CAREER_QUESTIONS, type CareerQuestion } from '../../src/domain/career/questions.ts';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export type Lang = 'uk' | 'en';
export const prefix = (lang: Lang) => (lang === 'en' ? '/eng' : '');

export const TEXT = {
  uk: {
    start: 'Почати тест',
    question: (n: number, total: number) => `Запитання ${n} з ${total}`,
    yes: 'Так',
    no: 'Ні',
  },
  en: {
    start: 'Start the test',
    question: (n: number, total: number) => `Question ${n} of ${total}`,
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

/** A form's questions: a sitting's (its token: options in that sitting's order), or a retired form's by its id. */
export async function questions(
  request: APIRequestContext,
  kind: 'iq' | 'professional',
  lang: Lang,
  sitting: string | number = 0,
): Promise<PublicQuestion[]> {
  const form = typeof sitting === 'string' ? `formToken=${encodeURIComponent(sitting)}` : `formId=${sitting}`;
  const url = kind === 'iq' ? `/api/tests/iq/form?lang=${lang}&${form}` : `/api/tests/${kind}/form?lang=${lang}`;
  return (await (await request.get(url)).json()).questions;
}

/** The IQ sitting the page is running (its token, kept with the progress in sessionStorage). */
export async function formOf(page: Page): Promise<string> {
  const token = () =>
    page.evaluate(() => JSON.parse(sessionStorage.getItem('rozum.progress.iq') ?? '{}').formToken as string);
  await expect.poll(token).toMatch(/^s1\./);
  return token();
}

/** The IQ figure as the results page shows it: the number, or "below 80" / "above 130". */
export function shownIq(result: { iqEstimate: number; iqBound: 'below' | 'above' | null }, lang: Lang): string {
  if (!result.iqBound) return String(result.iqEstimate);
  const words = { uk: { below: 'нижче 80', above: 'понад 130' }, en: { below: 'below 80', above: 'above 130' } };
  return words[lang][result.iqBound];
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

/** What the server says the same answers are worth. */
export async function serverScore(
  request: APIRequestContext,
  kind: 'iq' | 'professional',
  answers: { questionId: number; selectedAnswer: number | boolean }[],
  lang: Lang,
  sitting?: string | number,
) {
  const form = typeof sitting === 'string' ? { formToken: sitting } : { formId: sitting };
  const res = await request.post(`/api/tests/${kind}/score`, {
    data: { ...form, answers: answers.map((a) => ({ ...a, timeSpent: 1000 })), timeSpent: 60_000, lang },
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
    await expect(page.getByRole('heading', { name: TEXT[lang].question(i + 1, total) })).toBeVisible();
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
