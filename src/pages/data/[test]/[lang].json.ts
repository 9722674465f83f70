/** The questions the test runner needs, per test and language, without answers or explanations. */
import type { APIRoute } from 'astro';
import { publicIqQuestions } from '../../../domain/iq/bank.ts';
import { publicCareerQuestions } from '../../../domain/career/questions.ts';

export function getStaticPaths() {
  return ['iq', 'professional'].flatMap((test) => ['uk', 'en'].map((lang) => ({ params: { test, lang } })));
}

export const GET: APIRoute = ({ params }) => {
  const lang = params.lang as 'uk' | 'en';
  const questions = params.test === 'iq' ? publicIqQuestions(lang) : publicCareerQuestions(lang);
  return Response.json({ test: params.test, lang, questions });
};
