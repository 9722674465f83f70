/**
 * One `track()` for every analytics event of both spec parts, and the Google Analytics 4 loader. Nothing is
 * loaded or sent until the visitor accepts cookies (localStorage.cookieConsent = "accepted") and a measurement id
 * exists (PUBLIC_GA_ID at build time). Declining, or no id, means no request to Google at all.
 */
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

export const CONSENT_KEY = 'cookieConsent';
export type Consent = 'accepted' | 'declined';

export function readConsent(): Consent | null {
  try {
    const value = localStorage.getItem(CONSENT_KEY);
    return value === 'accepted' || value === 'declined' ? value : null;
  } catch {
    return null;
  }
}
export const hasAnalyticsConsent = (): boolean => readConsent() === 'accepted';

export function track(name: string, params: Record<string, unknown> = {}): void {
  if (typeof window === 'undefined' || !hasAnalyticsConsent() || typeof window.gtag !== 'function') return;
  window.gtag('event', name, params);
}

let loaded = false;
/** Loads gtag.js once, only with consent and an id. */
export function loadAnalytics(measurementId: string | undefined): void {
  if (loaded || !measurementId || !hasAnalyticsConsent()) return;
  loaded = true;
  window.dataLayer = window.dataLayer ?? [];
  window.gtag = function gtag() {
    // gtag.js reads the arguments object itself.
    window.dataLayer!.push(arguments);
  };
  window.gtag('js', new Date());
  window.gtag('config', measurementId, { anonymize_ip: true });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
  document.head.appendChild(script);
}

/** Stores the visitor's choice and switches analytics on (or leaves it off). */
export function setConsent(choice: Consent, measurementId: string | undefined): void {
  try {
    localStorage.setItem(CONSENT_KEY, choice);
  } catch {
    // A browser that refuses storage simply keeps analytics off.
  }
  if (choice === 'accepted') loadAnalytics(measurementId);
}
