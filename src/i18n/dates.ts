/**
 * A long date the way each language writes one: "23 листопада 2026 р." / "23 November 2026". Pages, islands and
 * the certificate all use it. Stored instants (results, certificates, legal pages' `updated`) pass timeZone 'UTC'
 * so a server and every browser print the same day; a date shown to its viewer stays in the viewer's zone.
 */
import type { Lang } from './paths.ts';

const LOCALES: Record<Lang, string> = { uk: 'uk-UA', en: 'en-GB' };

export function longDate(lang: Lang, date: Date | string, timeZone?: string): string {
  return new Date(date).toLocaleDateString(LOCALES[lang], { day: 'numeric', month: 'long', year: 'numeric', timeZone });
}
