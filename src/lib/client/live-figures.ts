/**
 * Live counts on the static landings (src/components/LiveFigure.astro): each slot holds a true product fact, and
 * swaps it for a count from GET /api/stats only when the count is big enough to mean something. Without the
 * script, without the API, or below the threshold, the fact stays.
 */
import { call } from './call.ts';
import { formatNumber } from '../../i18n/numbers.ts';
import { isLang } from '../../i18n/paths.ts';
import { fill, lookup } from '../../i18n/plural.ts';
import type * as site from '../../api/site.ts';

/**
 * The smallest count a landing shows. A handful of saved results says nothing about the tests and reads as either
 * a failure or an invention; from a hundred a day (or a month) on, the figure describes real use.
 */
export const LIVE_FIGURE_MIN = 100;

export type LiveFigureName = 'iqToday' | 'professionalToday' | 'resultsThisMonth';

/** The text a slot shows for a count: its plural form in the page's language, the count in its number format. */
export function liveText(texts: Record<string, string>, key: string, lang: string, n: number): string | null {
  if (!isLang(lang) || !Number.isInteger(n) || n < LIVE_FIGURE_MIN) return null;
  const text = lookup(texts, key, lang, { n });
  return text === undefined ? null : fill(text, { count: formatNumber(lang, n) });
}

/** Asks once for the counts and shows each slot's, where it is big enough; a failed request leaves the facts. */
export async function showLiveFigures(): Promise<void> {
  const slots = [...document.querySelectorAll<HTMLElement>('[data-live-figure]')];
  if (!slots.length) return;
  const stats = await call<typeof site.stats>('GET /api/stats', { timeoutMs: 10_000 });
  if (!stats.ok) return;
  const lang = document.documentElement.lang;
  for (const slot of slots) {
    const name = slot.dataset.liveFigure as LiveFigureName;
    const text = liveText(JSON.parse(slot.dataset.liveTexts ?? '{}'), `live.${name}`, lang, stats.data[name]);
    const place = slot.querySelector('[data-live-text]');
    if (text === null || !place) continue;
    place.textContent = text;
    slot.dataset.live = 'on';
  }
}
