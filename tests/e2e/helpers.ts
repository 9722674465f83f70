import { expect, type APIRequestContext, type Page } from '@playwright/test';

export type Lang = 'uk' | 'en';
export const prefix = (lang: Lang) => (lang === 'en' ? '/eng' : '');

export const TEXT = {
  uk: { start: 'Почати тест', question: (n: number, total: number) => `Запитання ${n} з ${total}`, yes: 'Так', no: 'Ні' },
  en: { start: 'Start the test', question: (n: number, total: number) => `Question ${n} of ${total}`, yes: 'Yes', no: 'No' },
} as const;

export interface PublicQuestion {
  id: number;
  type: string | number;
  options: string[];
  isAdditional?: boolean;
}

export async function questions(request: APIRequestContext, kind: 'iq' | 'professional', lang: Lang): Promise<PublicQuestion[]> {
  return (await (await request.get(`/data/${kind}/${lang}.json`)).json()).questions;
}

/** Clicks option `choice(i)` of each question in turn, waiting for the runner to move on. */
export async function answerQuestions(page: Page, lang: Lang, total: number, choice: (i: number) => number, from = 0, to = total) {
  for (let i = from; i < to; i++) {
    await expect(page.getByRole('heading', { name: TEXT[lang].question(i + 1, total) })).toBeVisible();
    await page.getByRole('radio').nth(choice(i)).click();
  }
}

/** What the server says the same answers are worth. */
export async function serverScore(request: APIRequestContext, kind: 'iq' | 'professional', answers: { questionId: number; selectedAnswer: number | boolean }[], lang: Lang) {
  const res = await request.post(`/api/tests/${kind}/score`, {
    data: { answers: answers.map((a) => ({ ...a, timeSpent: 1000 })), timeSpent: 60_000, lang },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).result;
}
