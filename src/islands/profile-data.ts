/** What the profile reads from the server: the contracts' types (src/api/), and the profile store's shape. */
import type { Lang } from '../i18n/paths.ts';
import type { T } from '../lib/client/texts.ts';
import type { NumberStyle } from '../i18n/numbers.ts';

export type { Me, Stats } from '../api/me.ts';
export type { CareerEntry, IqEntry } from '../api/results.ts';
export type { ProfileData } from '../stores/profile.ts';

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
  /** Google sign-in (again, to confirm deleting an account without a password). */
  google: string;
  refund: string;
  /** The profile opened at "Delete account": where a fresh Google sign-in comes back to. */
  deleteAccount: string;
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
