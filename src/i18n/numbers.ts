/**
 * Every figure the site shows goes through here, written the way its language writes numbers (Intl.NumberFormat
 * for the page's <html lang>): 8 341 in Ukrainian (grouped with a no-break space, so it never splits across
 * lines), 8,341 in English. Pages and islands both use it, so a counter reads the same wherever it appears.
 */
import { htmlLang, type Lang } from './paths.ts';

/** count: 8 341 · signed: +3, -3 · percent: 25% (per cent, 25, not a fraction). */
export type NumberStyle = 'count' | 'signed' | 'percent';

const OPTIONS: Record<NumberStyle, Intl.NumberFormatOptions> = {
  count: { maximumFractionDigits: 1 },
  signed: { maximumFractionDigits: 1, signDisplay: 'exceptZero' },
  percent: { style: 'percent', maximumFractionDigits: 1 },
};
const formats = new Map<string, Intl.NumberFormat>();

export function formatNumber(lang: Lang, value: number, style: NumberStyle = 'count'): string {
  const key = `${lang} ${style}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(htmlLang(lang), OPTIONS[style])));
  return format.format(style === 'percent' ? value / 100 : value);
}
