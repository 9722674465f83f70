/**
 * Everything the site keeps in the browser's sessionStorage, in one place: each key (the spec's names where it
 * names them, part 1 §3), the shape stored under it, and the groups that are cleared together. sessionStorage,
 * not localStorage: a test in progress, a visitor's unsaved result and a purchase under way belong to this tab's
 * visit. Values are JSON; nothing here throws (private windows and full quotas just mean "not kept").
 */
import type { ResultView, TestKind } from '../../domain/views.ts';
import type { Lang } from '../../i18n/paths.ts';

export type AnswerValue = number | boolean;

/** A test being taken: where the visitor is, what they answered and when (stores/test-session.ts). */
export interface Progress {
  phase: 'intro' | 'running' | 'calculating';
  mode: 'main' | 'additional';
  index: number;
  answers: Record<string, { selectedAnswer: AnswerValue; timeSpent: number }>;
  tiedTypes: number[];
  /** IQ: the form being taken (GET /api/tests/iq/form), kept so a reload or language switch asks for the same one. */
  formId?: number;
  /** The sitting's signed token: names the form and its option order, so a reload gets the same order. */
  formToken?: string;
  startedAt: number;
  shownAt: number;
  completedAt: number | null;
}

/** A finished test waiting to be scored; scoring retries until the server answers (stores/results.ts). */
export interface PendingSheet {
  kind: TestKind;
  /** Names this finished test, so however often it is sent it is saved once. */
  submissionId: string;
  formId?: number;
  formToken?: string;
  answers: { questionId: number; selectedAnswer: AnswerValue; timeSpent: number }[];
  timeSpent: number;
  lang: Lang;
  /**
   * The server's last limit on scoring it (429): what it said and when (ms) it may be tried again. Until then the
   * sheet is not sent, on this page or the next, so a limit is never retried by itself.
   */
  limited?: { message?: string; error: string; retryAt: number };
}

/** A scored result as the browser holds it: a visitor's until they sign in, a user's once saved. */
export interface StoredResult {
  result: ResultView;
  token?: string;
  /** Set once the result is saved in the signed-in user's account. */
  id?: string;
  /** False when the user was signed in but saving failed (the token can still claim it). */
  saved?: boolean;
}

/** Where a purchase started, so the payment result page can return there. */
export interface PurchaseContext {
  testType: TestKind | null;
  testResultId: string | null;
  timestamp: number;
  url: string;
}

export interface Slot<T> {
  read(): T | null;
  write(value: T): void;
  clear(): void;
}

function slot<T>(key: string): Slot<T> {
  return {
    read() {
      try {
        const raw = sessionStorage.getItem(key);
        return raw ? (JSON.parse(raw) as T) : null;
      } catch {
        return null;
      }
    },
    write(value) {
      try {
        sessionStorage.setItem(key, JSON.stringify(value));
      } catch {
        // Nothing to do: the page's own state still carries it.
      }
    },
    clear() {
      try {
        sessionStorage.removeItem(key);
      } catch {
        // Nothing was kept, so nothing is left.
      }
    },
  };
}

const perKind = <T>(keys: Record<TestKind, string>) => {
  const slots = { iq: slot<T>(keys.iq), professional: slot<T>(keys.professional) };
  return (kind: TestKind): Slot<T> => slots[kind];
};

export const tempResult = perKind<StoredResult>({ iq: 'tempTestResult', professional: 'tempProfessionalTestResult' });
export const currentResultId = perKind<string>({
  iq: 'currentTestResultId',
  professional: 'currentProfessionalTestResultId',
});
export const progress = perKind<Progress>({ iq: 'rozum.progress.iq', professional: 'rozum.progress.professional' });
export const pendingSheet = perKind<PendingSheet>({
  iq: 'rozum.pending.iq',
  professional: 'rozum.pending.professional',
});
/** The IQ forms finished in this browser session, oldest first, so a retake is served another one. */
export const iqFormsTaken = slot<number[]>('rozum.iq.formsTaken');
/** The test whose results were saved by the last sign-in (spec: iq or professional). */
export const savedAfterAuth = slot<TestKind>('savedAfterAuth');

/** The way back after signing in ("Get all results" as a visitor, spec part 2). */
export const preAuth = {
  returnUrl: slot<string>('returnUrlAfterAuth'),
  testType: slot<TestKind>('testTypeBeforeAuth'),
  resultId: slot<string>('testResultIdBeforeAuth'),
};

export const purchase = {
  testType: slot<TestKind | null>('paymentTestType'),
  context: slot<PurchaseContext>('testContext'),
  /** A purchase to take up again on the result: started as a visitor (then signing in), or declined and retried. */
  resume: slot<TestKind>('rozum.purchase.resume'),
};

/** Closing the cookie banner without choosing hides it for this visit only. */
export const cookieBannerClosed = slot<1>('cookieBannerClosed');

export const clearAll = (...slots: Slot<unknown>[]) => slots.forEach((s) => s.clear());
