/**
 * Every route of the product, once. Pages, the sitemap and the metadata system all read this table, so a route
 * cannot exist in one place and be missing from another.
 */
import { LEGAL_TYPES } from './site.ts';

/** The page states of spec part 2 "Page metadata", plus the sign-in return step. */
export type PageState =
  | 'landing' | 'iq-test' | 'test' | 'prof' | 'professional-test' | 'results' | 'professional-results'
  | 'login' | 'auth-callback' | 'profile' | 'payment' | 'legal' | 'verify';

export type OgGroup = 'logo' | 'default';
export type StructuredKind = 'quiz-iq' | 'quiz-professional' | 'result' | 'profile' | 'none';

export interface PageDef {
  /** Locale-free path, no trailing slash ('/' for home). */
  path: string;
  state: PageState;
  /** Private or per-visitor pages stay out of search engines and the sitemap. */
  indexable: boolean;
  og: OgGroup;
  structured: StructuredKind;
}

const page = (path: string, state: PageState, indexable: boolean, og: OgGroup, structured: StructuredKind = 'none'): PageDef =>
  ({ path, state, indexable, og, structured });

export const PAGES: PageDef[] = [
  page('/', 'landing', true, 'default'),
  page('/iqtest', 'iq-test', true, 'logo', 'quiz-iq'),
  page('/iq', 'test', true, 'logo', 'quiz-iq'),
  page('/prof', 'prof', true, 'logo', 'quiz-professional'),
  page('/professional-test', 'professional-test', true, 'logo', 'quiz-professional'),
  page('/results', 'results', false, 'logo', 'result'),
  page('/professional-results', 'professional-results', false, 'logo', 'result'),
  page('/login', 'login', true, 'logo'),
  page('/auth/callback', 'auth-callback', false, 'logo'),
  page('/profile', 'profile', false, 'logo', 'profile'),
  page('/payment-result', 'payment', false, 'default'),
  page('/verify', 'verify', false, 'logo'),
  ...LEGAL_TYPES.map((type) => page(`/legal/${type}`, 'legal', true, 'default')),
];

export function pageByPath(path: string): PageDef {
  const found = PAGES.find((p) => p.path === path);
  if (!found) throw new Error(`No page is registered for ${path} (src/config/pages.ts)`);
  return found;
}
