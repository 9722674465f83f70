/** Saved results: one page of the history, one result, a visitor's result again, and claiming visitors' results. */
import { z } from 'zod';
import { contract } from './contract.ts';
import { langField, langQuery, testKindField, uuidParam } from './fields.ts';
import type { CareerResultView, IqResultView, ResultView, TestKind } from '../domain/views.ts';
import type { Access } from '../domain/access.ts';

export const HISTORY_PAGE_DEFAULT = 20;
export const HISTORY_PAGE_MAX = 50;

/** One entry of the history: the summary for everyone, the details with premium. */
type Listed = { id: string; createdAt: string };
export const IQ_SUMMARY = [
  'iqEstimate',
  'iqBound',
  'iqBoundAt',
  'iqInterval',
  'ratingLabel',
  'cautions',
  'nearChance',
] as const;
export const IQ_DETAILS = [
  'score',
  'maxScore',
  'accuracy',
  'timeSpent',
  'correctAnswers',
  'totalQuestions',
  'breakdown',
  'subscores',
  'scale',
] as const;
export const CAREER_SUMMARY = [
  'personalityType',
  'primaryType',
  'color',
  'tiedProfiles',
  'noClearType',
  'cautions',
  'lead',
] as const;
export const CAREER_DETAILS = ['totalQuestions', 'timeSpent', 'recommendedProfessions', 'developmentAreas'] as const;
export type IqEntry = Listed & { kind: 'iq' } & Pick<IqResultView, (typeof IQ_SUMMARY)[number]> &
  Partial<Pick<IqResultView, (typeof IQ_DETAILS)[number]>>;
export type CareerEntry = Listed & { kind: 'professional' } & Pick<CareerResultView, (typeof CAREER_SUMMARY)[number]> &
  Partial<Pick<CareerResultView, (typeof CAREER_DETAILS)[number]>> & {
    /** With premium, a result between two types: each one's first professions and areas to develop, equally. */
    tiedDetails?: TiedDetail[];
  };
export interface TiedDetail {
  type: number;
  title: string;
  recommendedProfessions: string[];
  developmentAreas: string[];
}

export interface HistoryPage<E = IqEntry | CareerEntry> {
  type: TestKind;
  access: Access;
  items: E[];
  /** Where the next page starts; null on the last. */
  nextCursor: string | null;
}

/** A saved result for its owner. */
export interface Saved {
  id: string;
  createdAt: string;
  verificationCode: string | null;
  certificates: { uk: string | null; en: string | null };
  /** Its public link, when its owner shared it (issue 32): the code, the page's language, whether it shows the first name. */
  share: SharedLink | null;
  result: ResultView;
}
export interface SharedLink {
  code: string;
  lang: 'uk' | 'en';
  showName: boolean;
}

/** A scored sheet as a scoring call answers it: a visitor's with its token, a signed-in user's saved, with its id. */
export interface ScoredAnswer {
  result: ResultView;
  /** A visitor's: claims the result once signed in (POST /api/results/claim), or shows it again (from-token). */
  token?: string;
  id?: string;
  saved?: boolean;
}

export const list = contract<HistoryPage>()({
  path: '/api/results',
  method: 'GET',
  auth: 'required',
  query: z.object({
    type: testKindField,
    limit: z
      .string()
      .regex(/^\d{1,3}$/)
      .transform(Number)
      .pipe(z.number().min(1).max(HISTORY_PAGE_MAX))
      .optional(),
    /** The `nextCursor` of the page before (decoded and checked by the server: results.ts decodeCursor). */
    cursor: z.string().max(200).optional(),
    lang: langQuery,
  }),
  invalidQuery: { type: 'results.error.type', '*': 'results.error.page' },
});

export const get = contract<Saved>()({
  path: '/api/results/:kind/:id',
  method: 'GET',
  auth: 'required',
  params: z.object({ kind: testKindField, id: uuidParam }),
  query: z.object({ lang: langQuery }),
  notFound: 'results.error.not_found',
});

export const fromToken = contract<{ result: ResultView; token: string }>()({
  path: '/api/results/from-token',
  method: 'POST',
  auth: 'optional',
  body: z.object({ token: z.string().min(1).max(8192), lang: langField }),
  maxBytes: 16 * 1024,
});

export type ClaimOutcome = { kind: TestKind; id: string } | { error: string };
export const claim = contract<{ claimed: ClaimOutcome[] }>()({
  path: '/api/results/claim',
  method: 'POST',
  auth: 'required',
  body: z.object({ tokens: z.array(z.string().min(1).max(8192)).min(1).max(10), lang: langField }),
  maxBytes: 64 * 1024,
});

/** A shared result's public address (issue 32): `/r/<code>` or `/eng/r/<code>`, absolute. */
export interface Share {
  url: string;
  code: string;
}
const shareParams = z.object({ kind: testKindField, id: uuidParam });

/** Publishes the owner's saved result (again: the same link, its language and name choice updated). */
export const share = contract<Share>()({
  path: '/api/results/:kind/:id/share',
  method: 'POST',
  auth: 'required',
  params: shareParams,
  body: z.object({ lang: langField, showName: z.boolean().optional() }),
  notFound: 'share.error.not_found',
});

/** Takes the owner's link down: its page answers 404 from then on. */
export const unshare = contract<{ revoked: true }>()({
  path: '/api/results/:kind/:id/share',
  method: 'DELETE',
  auth: 'required',
  params: shareParams,
  notFound: 'share.error.not_found',
});

/** Checked by the handler (shares.ts SHARE_CODE), so a mistyped link gets the page's own 404, not a JSON one. */
const shareCode = z.object({ code: z.string().max(200) });
/** A shared result's public page (HTML, for people and for crawlers), in Ukrainian and under /eng in English. */
export const sharePage = contract<never>()({
  path: '/r/:code',
  method: 'GET',
  auth: 'none',
  params: shareCode,
  notFound: 'share.error.gone',
  raw: true,
});
export const sharePageEn = contract<never>()({
  path: '/eng/r/:code',
  method: 'GET',
  auth: 'none',
  params: shareCode,
  notFound: 'share.error.gone',
  raw: true,
});
/** A shared result's 1200×630 card (the page's og:image), in ?lang. */
export const shareCard = contract<never>()({
  path: '/api/shares/:code/card',
  method: 'GET',
  auth: 'none',
  params: shareCode,
  query: z.object({ lang: langQuery }),
  notFound: 'share.error.gone',
  raw: true,
});
