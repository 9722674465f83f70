/**
 * Every route of the product, once. Pages, the sitemap and the metadata system all read this table, so a route
 * cannot exist in one place and be missing from another.
 */
import { LEGAL_TYPES } from './site.ts';

/** The page states of spec part 2 "Page metadata", plus the sign-in return step. */
export type PageState =
  | 'landing'
  | 'iq-test'
  | 'test'
  | 'prof'
  | 'professional-test'
  | 'results'
  | 'professional-results'
  | 'login'
  | 'auth-callback'
  | 'profile'
  | 'payment'
  | 'legal'
  | 'verify'
  | 'confirm-email'
  | 'reset-password'
  | 'career-type'
  | 'not-found';

/**
 * The social card of a screen group (spec: IQ, career, profile and login show the logo, the rest a default), one
 * 1200×630 image per group and language, drawn at build time (src/pages/og/[lang]/[card].png.ts).
 */
export const GROUP_CARDS = ['default', 'iq', 'career', 'account'] as const;
/** The nine career types' public pages (issue 32): one card each, in the type's colour, naming the type. */
export const TYPE_NUMBERS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export type TypeCard = `type-${(typeof TYPE_NUMBERS)[number]}`;
export const TYPE_CARDS = TYPE_NUMBERS.map((n): TypeCard => `type-${n}`);
export type OgCard = (typeof GROUP_CARDS)[number] | TypeCard;
export const OG_CARDS: OgCard[] = [...GROUP_CARDS, ...TYPE_CARDS];
/** The number of the type a type card shows, or null for a screen group's card. */
export const typeOfCard = (card: OgCard): number | null => (card.startsWith('type-') ? Number(card.slice(5)) : null);
export type StructuredKind = 'quiz-iq' | 'quiz-professional' | 'result' | 'profile' | 'career-type' | 'none';

export interface PageDef {
  /** Locale-free path, no trailing slash ('/' for home). */
  path: string;
  state: PageState;
  /** Private or per-visitor pages stay out of search engines and the sitemap. */
  indexable: boolean;
  /**
   * False only for the not-found page: it answers at whatever unknown address was asked for, so it has no address
   * of its own — no canonical, alternates or og:url — and no same page in the other language.
   */
  addressable: boolean;
  og: OgCard;
  structured: StructuredKind;
}

const page = (
  path: string,
  state: PageState,
  indexable: boolean,
  og: OgCard,
  structured: StructuredKind = 'none',
): PageDef => ({ path, state, indexable, addressable: true, og, structured });

export const PAGES: PageDef[] = [
  page('/', 'landing', true, 'default'),
  page('/iqtest', 'iq-test', true, 'iq', 'quiz-iq'),
  page('/iq', 'test', true, 'iq', 'quiz-iq'),
  page('/prof', 'prof', true, 'career', 'quiz-professional'),
  page('/professional-test', 'professional-test', true, 'career', 'quiz-professional'),
  page('/results', 'results', false, 'iq', 'result'),
  page('/professional-results', 'professional-results', false, 'career', 'result'),
  page('/login', 'login', true, 'account'),
  page('/auth/callback', 'auth-callback', false, 'account'),
  page('/profile', 'profile', false, 'account', 'profile'),
  page('/payment-result', 'payment', false, 'default'),
  page('/verify', 'verify', false, 'default'),
  page('/confirm-email', 'confirm-email', false, 'account'),
  page('/reset-password', 'reset-password', false, 'account'),
  ...LEGAL_TYPES.map((type) => page(`/legal/${type}`, 'legal', true, 'default')),
  ...TYPE_NUMBERS.map((n) => page(`/types/${n}`, 'career-type', true, `type-${n}`, 'career-type')),
];

/** The not-found page (src/pages/[...locale]/404.astro); not in PAGES, which are the addresses the site has. */
export const NOT_FOUND: PageDef = { ...page('/404', 'not-found', false, 'default'), addressable: false };

export function pageByPath(path: string): PageDef {
  const found = [...PAGES, NOT_FOUND].find((p) => p.path === path);
  if (!found) throw new Error(`No page is registered for ${path} (src/config/pages.ts)`);
  return found;
}
