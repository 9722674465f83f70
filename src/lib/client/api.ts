/** JSON calls to our API, and scoring that keeps trying until the server has answered. */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; error: string; message?: string };

export async function postJson<T>(path: string, body: unknown, timeoutMs = 15_000): Promise<ApiResult<T>> {
  return request<T>(
    path,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    timeoutMs,
  );
}

export async function getJson<T>(path: string, timeoutMs = 15_000): Promise<ApiResult<T>> {
  return request<T>(path, { method: 'GET' }, timeoutMs);
}

async function request<T>(path: string, init: RequestInit, timeoutMs: number): Promise<ApiResult<T>> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    // Answers (results, messages) come in the page's language, not the browser's: a call that names no ?lang is
    // read by the server in the language the page says it is in.
    const headers = new Headers(init.headers);
    if (typeof document !== 'undefined' && document.documentElement.lang)
      headers.set('Accept-Language', document.documentElement.lang);
    const res = await fetch(path, { ...init, headers, credentials: 'same-origin', signal: controller.signal });
    const data = await res.json().catch(() => null);
    if (res.ok) return { ok: true, data: data as T };
    return { ok: false, status: res.status, error: data?.error ?? 'api.error.server', message: data?.message };
  } catch {
    return { ok: false, status: 0, error: 'network' };
  } finally {
    clearTimeout(timer);
  }
}

/** A 4xx means the request itself is wrong and retrying will not help; anything else is worth another try. */
export const isRetryable = (result: { ok: false; status: number }) =>
  result.status === 0 || result.status >= 500 || result.status === 429;

/**
 * Calls `attempt` until it succeeds or fails for good, waiting 1, 2, 4 … up to 15 s between tries, and sooner
 * when the browser says it is back online. `onRetry` lets the page say what is happening.
 */
export async function withRetry<T>(
  attempt: () => Promise<ApiResult<T>>,
  onRetry: (n: number, result: ApiResult<T>) => void,
  signal?: AbortSignal,
): Promise<ApiResult<T>> {
  for (let n = 1; ; n++) {
    const result = await attempt();
    if (result.ok || !isRetryable(result) || signal?.aborted) return result;
    onRetry(n, result);
    const delay = Math.min(15_000, 1000 * 2 ** (n - 1));
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        window.removeEventListener('online', done);
        resolve();
      };
      const timer = setTimeout(done, delay);
      window.addEventListener('online', done);
    });
  }
}
