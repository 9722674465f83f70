/** What a failed call says to the person: the server's message, and for a limit, when to try again. */
import type { Failure } from './call.ts';
import type { T } from './texts.ts';
import type { Lang } from '../../i18n/paths.ts';

/** "in 5 minutes" / "через 5 хвилин": when `at` comes, in the page's language, to the nearest sensible unit. */
export function retryWhen(lang: Lang, at: number, now = Date.now()): string {
  const seconds = Math.max(1, Math.ceil((at - now) / 1000));
  const format = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
  if (seconds < 90) return format.format(seconds, 'second');
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return format.format(minutes, 'minute');
  return format.format(Math.ceil(minutes / 60), 'hour');
}

/**
 * The words for a failure: a refusal's own message; a limit's message and when to try again; the server out of
 * reach (`fallback`, or call.unavailable) — with the server's message when it sent one (a 503's "could not save").
 */
export function failureText(failure: Failure, t: T, lang: Lang, fallback = 'call.unavailable'): string {
  if (failure.kind === 'limited')
    return `${failure.message} ${t('call.retry.when', { when: retryWhen(lang, failure.retryAt) })}`;
  if (failure.kind === 'refused') return failure.message;
  return failure.message ?? t(fallback);
}
