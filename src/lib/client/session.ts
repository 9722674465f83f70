/**
 * Everything the site keeps in the browser's sessionStorage, in one place: each key (the spec's names where it
 * names them, part 1 §3), the shape stored under it, and the groups that are cleared together. sessionStorage:
 * a test in progress and a purchase under way belong to this tab's visit. The one thing kept beyond the tab is a
 * visitor's latest result not yet saved to an account: in localStorage too, on this device, until it is saved or
 * KEEP_DAYS pass (issue 31), so closing the tab does not lose it. Values are JSON; nothing here throws (private
 * windows and full quotas just mean "not kept").
 */
import type { ResultView, TestKind } from '../../domain/views.ts';
import type { Lang } from '../../i18n/paths.ts';
import { KEPT_DEVICE_KEYS } from '../kept-hint.ts';
import { LOGIN_HINT_KEYS } from '../login-hint.ts';

export type AnswerValue = number | boolean;

/** A test being taken: where the visitor is, what they answered and when (stores/test-session.ts). */
export interface Progress {
  phase: 'intro' | 'running' | 'calculating';
  mode: 'main' | 'additional';
  index: number;
  answers: Record<string, { selectedAnswer: AnswerValue; timeSpent: number }>;
  /**
   * Milliseconds each question was on screen in the visits that ended (the one under way is since `shownAt`): an
   * item's time is all of them added up, so going back to re-check an answer adds to it, never replaces it.
   */
  spent?: Record<string, number>;
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
  /** Until when (ms) this device keeps it, while no account has it. */
  keptUntil?: number;
  /** A saved result's public link, as its owner's account holds it (issue 32). */
  share?: { code: string; lang: 'uk' | 'en'; showName: boolean } | null;
}

/** How long a device keeps a visitor's result that no account has (said on the result page). */
export const KEEP_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

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

function slot<T>(key: string, storage: () => Storage = () => sessionStorage): Slot<T> {
  return {
    read() {
      try {
        const raw = storage().getItem(key);
        return raw ? (JSON.parse(raw) as T) : null;
      } catch {
        return null;
      }
    },
    write(value) {
      try {
        storage().setItem(key, JSON.stringify(value));
      } catch {
        // Nothing to do: the page's own state still carries it.
      }
    },
    clear() {
      try {
        storage().removeItem(key);
      } catch {
        // Nothing was kept, so nothing is left.
      }
    },
  };
}

/** Whether a stored result is one no account has yet (a visitor's, or a signed-in user's whose saving failed). */
const unsaved = (stored: StoredResult) => Boolean(stored.token && !stored.id);

/**
 * The tab's result (sessionStorage, under the spec's key), backed for an unsaved one by this device's copy
 * (localStorage): a new tab, or the browser reopened, reads it from there until it is saved or its time is up.
 */
function keptResult(key: string, deviceKey: string): Slot<StoredResult> {
  const tab = slot<StoredResult>(key);
  const device = slot<StoredResult>(deviceKey, () => localStorage);
  const fromDevice = (now: number) => {
    const kept = device.read();
    if (!kept) return null;
    if (!kept.keptUntil || kept.keptUntil <= now || !unsaved(kept)) {
      device.clear();
      return null;
    }
    return kept;
  };
  const self: Slot<StoredResult> = {
    read() {
      const here = tab.read();
      // Kept in this tab before the device kept results (or put there by hand): kept on the device from now.
      if (here && unsaved(here) && !here.keptUntil) {
        self.write(here);
        return tab.read() ?? here;
      }
      if (here) return here;
      const kept = fromDevice(Date.now());
      if (kept) tab.write(kept);
      return kept;
    },
    write(value) {
      if (!unsaved(value)) {
        device.clear();
        return tab.write({ ...value, keptUntil: undefined });
      }
      // The same result again (another language, say) keeps its first date; a new one starts its own days.
      const kept = fromDevice(Date.now());
      const keptUntil =
        value.keptUntil ??
        (kept && kept.token === value.token ? kept.keptUntil : undefined) ??
        Date.now() + KEEP_DAYS * DAY_MS;
      const stored = { ...value, keptUntil };
      tab.write(stored);
      device.write(stored);
    },
    clear() {
      tab.clear();
      device.clear();
    },
  };
  return self;
}

const perKind = <T>(keys: Record<TestKind, string>) => {
  const slots = { iq: slot<T>(keys.iq), professional: slot<T>(keys.professional) };
  return (kind: TestKind): Slot<T> => slots[kind];
};

const keptResults = {
  iq: keptResult('tempTestResult', KEPT_DEVICE_KEYS.iq),
  professional: keptResult('tempProfessionalTestResult', KEPT_DEVICE_KEYS.professional),
};
export const tempResult = (kind: TestKind): Slot<StoredResult> => keptResults[kind];
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
  returnUrl: slot<string>(LOGIN_HINT_KEYS.returnUrl),
  testType: slot<TestKind>(LOGIN_HINT_KEYS.testType),
  resultId: slot<string>('testResultIdBeforeAuth'),
};

export const purchase = {
  testType: slot<TestKind | null>('paymentTestType'),
  context: slot<PurchaseContext>('testContext'),
  /**
   * A purchase to take up again where it started: on a result (started as a visitor, then signing in; or declined and
   * retried), or on the profile (declined and retried).
   */
  resume: slot<TestKind | 'profile'>(LOGIN_HINT_KEYS.resume),
  /** The name and phone of the order this tab placed, so "Try again" after a decline does not ask them again. */
  payer: slot<{ fullName: string; phone: string }>('rozum.purchase.payer'),
};

/** Closing the cookie banner without choosing hides it for this visit only. */
export const cookieBannerClosed = slot<1>('cookieBannerClosed');

export const clearAll = (...slots: Slot<unknown>[]) => slots.forEach((s) => s.clear());
