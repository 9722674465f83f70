/** Shapes of the results the server returns (teaser or full) and of the sample content pages pass in. */
import type { T } from '../lib/client/texts.ts';
import type { Lang } from '../i18n/paths.ts';

/** Where a result page links to (built per language by the page). */
export interface ResultsLinks {
  home: string;
  profile: string;
  login: string;
  share: string;
  otherTest: string;
  /** This result's test, where "Start again" goes. */
  test: string;
  results: string;
  proResults: string;
  paymentResult: string;
  /** The career types' public pages, `${types}/<n>` (issue 32). */
  types: string;
}

/** What both result views receive besides the result itself. */
import type { SharedLink } from '../api/results.ts';

export interface ResultViewProps<R> {
  result: R;
  t: T;
  links: ResultsLinks;
  onRestart: () => void;
  resultId?: string;
  lang: Lang;
  premiumDays: number | null;
  signedIn: boolean;
  /** A visitor's result no account has: until when this device keeps it, and forgetting it here. */
  kept?: { until?: number; forget: () => void };
  /** A saved result's public link, when its owner shared it (issue 32). */
  share?: SharedLink | null;
  /** The result was saved to the account by the sign-in (or sign-up) this page came back from: said once. */
  justSaved?: boolean;
}
export type { CareerResultView, IqResultView } from '../domain/views.ts';
