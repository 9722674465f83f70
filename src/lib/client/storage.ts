/** sessionStorage as JSON, never throwing (private windows and full quotas just mean "not kept"). */
export function readSession<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeSession(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Nothing to do: the in-memory state still carries the test.
  }
}

export function removeSession(...keys: string[]): void {
  try {
    for (const key of keys) sessionStorage.removeItem(key);
  } catch {
    // ignore
  }
}

/** The spec's session keys (part 1 §3), shared with the sign-in and payment flows. */
export const SESSION_KEYS = {
  tempResult: { iq: 'tempTestResult', professional: 'tempProfessionalTestResult' },
  currentResultId: { iq: 'currentTestResultId', professional: 'currentProfessionalTestResultId' },
  progress: { iq: 'rozum.progress.iq', professional: 'rozum.progress.professional' },
  pending: { iq: 'rozum.pending.iq', professional: 'rozum.pending.professional' },
  /** The IQ forms finished in this browser session, oldest first, so a retake is served another one. */
  iqFormsTaken: 'rozum.iq.formsTaken',
} as const;

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
