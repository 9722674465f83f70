/** Response helpers shared by every function: JSON bodies and errors carrying a message key and its text. */
import { isLang, t, type Lang } from '../../i18n/index.ts';

/** The request's language: an explicit `lang` wins, then Accept-Language, then Ukrainian. */
export function requestLang(req: Request, explicit?: unknown): Lang {
  if (isLang(explicit)) return explicit;
  const fromQuery = new URL(req.url).searchParams.get('lang');
  if (isLang(fromQuery)) return fromQuery;
  const accept = req.headers.get('accept-language') ?? '';
  const first = accept.split(',')[0]?.trim().slice(0, 2).toLowerCase();
  return first === 'en' ? 'en' : 'uk';
}

export function json(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
  return Response.json(data, { ...init, headers });
}

/** `{ error: key, message }` in the request's language, with a 4xx/5xx status. */
export function jsonError(status: number, key: string, lang: Lang, extra: Record<string, unknown> = {}, init: ResponseInit = {}): Response {
  return json({ error: key, message: t(lang, key), ...extra }, { ...init, status });
}
