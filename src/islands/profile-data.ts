/**
 * What the profile reads from the server, derived from the server's own answers so a changed answer fails the
 * type check here too. Type-only imports: nothing of the server reaches the island's bundle.
 */
import type { Lang } from '../i18n/paths.ts';
import type { meOf } from '../lib/server/auth.ts';
import type { achievementsOf, ProfileStats } from '../domain/achievements.ts';
import type { CareerResultView, IqResultView } from '../domain/views.ts';
import type { T } from '../lib/client/texts.ts';
import type { NumberStyle } from '../i18n/numbers.ts';

/** GET /api/me. */
export type Me = Awaited<ReturnType<typeof meOf>>;

/** GET /api/me/stats: counts and achievements for everyone; the other figures are null without premium. */
export type Stats = ProfileStats & {
  /** Without premium the average, accuracy and trend are locked (null, shown "?"). */
  statsLocked: boolean;
  professionalTests: number;
  achievements: ReturnType<typeof achievementsOf>;
};

/** One entry of GET /api/results: the summary for everyone, the details (optional here) with premium. */
type Listed = { id: string; createdAt: string };
export type IqEntry = Listed &
  Pick<IqResultView, 'iqEstimate' | 'iqBound' | 'ratingLabel' | 'cautions'> &
  Partial<Pick<IqResultView, 'score' | 'accuracy' | 'timeSpent' | 'correctAnswers' | 'totalQuestions' | 'breakdown'>>;
export type CareerEntry = Listed &
  Pick<CareerResultView, 'personalityType' | 'primaryType'> &
  Partial<Pick<CareerResultView, 'totalQuestions' | 'timeSpent' | 'recommendedProfessions'>>;

/** Everything the profile shows once loaded; `empty` is "no result of either test yet". */
export interface ProfileData {
  me: Me;
  stats: Stats;
  iq: IqEntry[];
  pro: CareerEntry[];
  /** Where the next page of each history starts (GET /api/results cursor), or null when all are here. */
  next: { iq: string | null; professional: string | null };
  premium: boolean;
  empty: boolean;
}

/** Where the profile links to (built per language by the page). */
export interface ProfileLinks {
  home: string;
  login: string;
  iqTest: string;
  proTest: string;
  results: string;
  proResults: string;
  profile: string;
  paymentResult: string;
}

/** What every part of the profile receives from the shell besides the data. */
export interface ProfileParts {
  t: T;
  lang: Lang;
  /** A long date in the page's language, ready to sit mid-sentence. */
  date: (iso: string) => string;
  /** A figure in the page's language (src/i18n/numbers.ts). */
  figure: (value: number, style?: NumberStyle) => string;
  links: ProfileLinks;
}
