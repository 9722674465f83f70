/**
 * The career statements the test runner needs, per language, without scoring rules. (IQ questions come from
 * GET /api/tests/iq/form, which picks the form.)
 */
import type { APIRoute } from 'astro';
import { publicCareerQuestions } from '../../../domain/career/questions.ts';
import type { Lang } from '../../../i18n/paths.ts';

export function getStaticPaths() {
  return ['uk', 'en'].map((lang) => ({ params: { test: 'professional', lang } }));
}

export const GET: APIRoute = ({ params }) => {
  const lang = params.lang as Lang;
  return Response.json({ test: params.test, lang, questions: publicCareerQuestions(lang) });
};
