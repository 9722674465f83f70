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
 * The words for a failure: the server's message (a refusal's, a limit's, a 503's "could not save"), else `fallback`
 * (call.unavailable unless said) — never a bare message key; for a limit, also when to try again.
 */
export function failureText(failure: Failure, t: T, lang: Lang, fallback = 'call.unavailable'): string {
  const said = failure.message ?? t(fallback);
  if (failure.kind === 'limited') return `${said} ${t('call.retry.when', { when: retryWhen(lang, failure.retryAt) })}`;
  return said;
}
