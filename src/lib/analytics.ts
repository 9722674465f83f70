/**
 * One `track()` for every analytics event of both spec parts. It sends nothing until the visitor has accepted
 * cookies (localStorage.cookieConsent = "accepted") and Google Analytics is loaded; the consent banner and the
 * loader live in the pages (issue 5).
 */
declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
  }
}

export function hasAnalyticsConsent(): boolean {
  try {
    return localStorage.getItem('cookieConsent') === 'accepted';
  } catch {
    return false;
  }
}

export function track(name: string, params: Record<string, unknown> = {}): void {
  if (typeof window === 'undefined' || !hasAnalyticsConsent() || typeof window.gtag !== 'function') return;
  window.gtag('event', name, params);
}
