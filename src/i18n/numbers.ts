/**
 * Every figure the site shows goes through here, written the way its language writes numbers (Intl.NumberFormat
 * for the page's <html lang>): 8 341 in Ukrainian (grouped with a no-break space, so it never splits across
 * lines), 8,341 in English. Pages and islands both use it, so a counter reads the same wherever it appears.
 */
import { htmlLang, type Lang } from './paths.ts';

/**
 * count: 8 341 · signed: +3, -3 · compact: 150 тис. / 150K, 5,9 млн / 5.9M · percent: 87% · signed-percent: +35%.
 * The percent styles take per cent (87), not fractions.
 */
export const NUMBER_STYLES = ['count', 'signed', 'compact', 'percent', 'signed-percent'] as const;
export type NumberStyle = (typeof NUMBER_STYLES)[number];

const OPTIONS: Record<NumberStyle, Intl.NumberFormatOptions> = {
  count: { maximumFractionDigits: 1 },
  signed: { maximumFractionDigits: 1, signDisplay: 'exceptZero' },
  compact: { notation: 'compact', maximumFractionDigits: 1 },
  percent: { style: 'percent', maximumFractionDigits: 1 },
  'signed-percent': { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' },
};
const formats = new Map<string, Intl.NumberFormat>();

export function formatNumber(lang: Lang, value: number, style: NumberStyle = 'count'): string {
  const key = `${lang} ${style}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(htmlLang(lang), OPTIONS[style])));
  return format.format(style === 'percent' || style === 'signed-percent' ? value / 100 : value);
}

export const isNumberStyle = (style: string): style is NumberStyle =>
  (NUMBER_STYLES as readonly string[]).includes(style);
