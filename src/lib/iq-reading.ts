/**
 * The words of an IQ reading, for the results page and the certificate alike, so the two can never say different
 * things. Every figure comes from the one reading (src/domain/iq/reading.ts).
 */
import { BOUNDS, type IqReading } from '../domain/iq/reading.ts';

type T = (key: string, vars?: Record<string, string | number>) => string;
export type ShownReading = Pick<
  IqReading,
  'iqEstimate' | 'iqBound' | 'iqInterval' | 'percentile' | 'percentileInterval' | 'ratingLabel'
>;

/** The IQ figure as every page shows it: the number, or "below 80" / "above 130" beyond the reading's bounds. */
export const iqValueText = (t: T, r: Pick<ShownReading, 'iqEstimate' | 'iqBound'>): string =>
  r.iqBound
    ? t(`iq.value.${r.iqBound}`, { n: r.iqBound === 'below' ? BOUNDS.low : BOUNDS.high })
    : String(r.iqEstimate);

export function iqReadingTexts(t: T, r: ShownReading) {
  const value = iqValueText(t, r);
  const percentile =
    r.iqBound === 'below'
      ? t('iq.percentile.below', { p: r.percentile })
      : r.iqBound === 'above'
        ? t('iq.percentile.above', { p: 100 - r.percentile })
        : t('iq.percentile.point', { p: r.percentile, low: r.percentileInterval[0], high: r.percentileInterval[1] });
  return {
    value,
    band: t('results.iq.band', { label: t(`iq.label.${r.ratingLabel}`) }),
    interval: t('results.iq.interval', { low: r.iqInterval[0], high: r.iqInterval[1] }),
    percentile,
  };
}
