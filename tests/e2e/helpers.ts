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

export async function questions(
  request: APIRequestContext,
  kind: 'iq' | 'professional',
  lang: Lang,
  formId = 0,
): Promise<PublicQuestion[]> {
  const url = kind === 'iq' ? `/api/tests/iq/form?lang=${lang}&formId=${formId}` : `/data/${kind}/${lang}.json`;
  return (await (await request.get(url)).json()).questions;
}

/** The IQ form the page is running: it is kept with the progress in sessionStorage. */
export async function formOf(page: Page): Promise<number> {
  await expect
    .poll(() => page.evaluate(() => JSON.parse(sessionStorage.getItem('rozum.progress.iq') ?? '{}').formId))
    .toBeGreaterThanOrEqual(0);
  return page.evaluate(() => JSON.parse(sessionStorage.getItem('rozum.progress.iq')!).formId as number);
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
  formId?: number,
) {
  const res = await request.post(`/api/tests/${kind}/score`, {
    data: { formId, answers: answers.map((a) => ({ ...a, timeSpent: 1000 })), timeSpent: 60_000, lang },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).result;
}
