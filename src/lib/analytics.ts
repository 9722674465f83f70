/**
 * One `track()` for every analytics event of both spec parts, and the Google Analytics 4 loader. Nothing is
 * loaded or sent until the visitor accepts cookies (localStorage.cookieConsent = "accepted") and a measurement id
 * exists (PUBLIC_GA_ID at build time). Declining, or no id, means no request to Google at all; declining after
 * accepting stops it on the spot (stopAnalytics), not at the next page.
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

/** Our gtag(): queues its arguments for gtag.js, which reads the arguments object itself. */
function queue() {
  // gtag.js reads the arguments object itself.
  window.dataLayer!.push(arguments);
}
const silent = () => undefined;
const disableFlag = (measurementId: string) => `ga-disable-${measurementId}` as const;

let loaded: string | null = null;
/** Loads gtag.js once, only with consent and an id. */
export function loadAnalytics(measurementId: string | undefined): void {
  if (!measurementId || !hasAnalyticsConsent()) return;
  if (loaded) {
    // Declined, then accepted again on the same page: gtag.js is here already, only switched off.
    Reflect.set(window, disableFlag(loaded), false);
    window.gtag = queue;
    return;
  }
  loaded = measurementId;
  window.dataLayer = window.dataLayer ?? [];
  window.gtag = queue;
  window.gtag('js', new Date());
  window.gtag('config', measurementId, { anonymize_ip: true });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
  document.head.appendChild(script);
}

/** Google Analytics' own cookies (_ga, _ga_<id>, and the older _gid, _gat). */
const isAnalyticsCookie = (name: string) => /^_(ga|gid|gat)(_|$)/.test(name);

/** Deletes the analytics cookies on this host and on each domain above it (gtag.js sets them on the highest it can). */
function removeAnalyticsCookies(): void {
  const names = document.cookie
    .split(';')
    .map((pair) => pair.split('=')[0].trim())
    .filter(isAnalyticsCookie);
  const labels = location.hostname.split('.');
  const domains = [undefined, ...labels.map((_, i) => labels.slice(i).join('.'))];
  for (const name of names)
    for (const domain of domains) document.cookie = `${name}=; Max-Age=0; path=/${domain ? `; domain=${domain}` : ''}`;
}

/**
 * Switches analytics off on this page at once: gtag.js's own opt-out flag (it sends nothing more, not even its
 * automatic events), our gtag() dropping whatever is still called, and Google's cookies deleted.
 */
export function stopAnalytics(): void {
  if (loaded) {
    Reflect.set(window, disableFlag(loaded), true);
    window.gtag = silent;
  }
  removeAnalyticsCookies();
}

/** Stores the visitor's choice and switches analytics on, or off at once. */
export function setConsent(choice: Consent, measurementId: string | undefined): void {
  try {
    localStorage.setItem(CONSENT_KEY, choice);
  } catch {
    // A browser that refuses storage simply keeps analytics off.
  }
  applyConsent(choice, measurementId);
}

/** Follows a choice made here or in another tab: analytics on with consent, off at once without. */
export function applyConsent(choice: Consent | null, measurementId: string | undefined): void {
  if (choice === 'accepted') loadAnalytics(measurementId);
  else stopAnalytics();
}
