/**
 * The words of an IQ reading, for the results page and the certificate alike, so the two can never say different
 * things. Every figure comes from the one reading (src/domain/iq/reading.ts).
 */
import { BOUNDS, type IqReading } from '../domain/iq/reading.ts';

type T = (key: string, vars?: Record<string, string | number>) => string;
export type ShownReading = Pick<IqReading, 'iqEstimate' | 'iqBound' | 'iqInterval' | 'ratingLabel'> &
  Partial<Pick<IqReading, 'iqBoundAt' | 'iqMeasured'>>;

/** The figure a bounded reading names; a stored summary from before readings named it is read by the old bounds. */
const boundAt = (r: Pick<ShownReading, 'iqBound' | 'iqBoundAt'>): number =>
  r.iqBoundAt ?? (r.iqBound === 'below' ? BOUNDS.low : BOUNDS.high);

/** The IQ figure as every page shows it: the number, or "below Y" / "above X" where the form cannot place it. */
export const iqValueText = (t: T, r: Pick<ShownReading, 'iqEstimate' | 'iqBound' | 'iqBoundAt'>): string =>
  r.iqBound ? t(`iq.value.${r.iqBound}`, { n: boundAt(r) }) : String(r.iqEstimate);

/**
 * Whether a reading's band is said with "or higher" / "or lower": a bounded one's, unless its band is already the
 * last one that way ("low or lower" would name a band that does not exist).
 */
export const bandIsOpen = (
  r: Pick<ShownReading, 'iqBound' | 'ratingLabel'>,
): r is typeof r & { iqBound: 'above' | 'below' } =>
  r.iqBound !== null && r.ratingLabel !== (r.iqBound === 'above' ? 'genius' : 'low');

/**
 * The words of a reading: the figure, its interval as far as the form measures, and its band — a range of the
 * test's provisional scale, named with its figures ("Average, 90–109"), not a classification of the person. No
 * percentile: the scale's 100 and 15 are the model's assumptions, not a norm (issue 43).
 */
export function iqReadingTexts(t: T, r: ShownReading) {
  const value = iqValueText(t, r);
  // A bounded reading's band is that of its bound, "or higher" / "or lower" (bandIsOpen).
  // The interval is said as far as the form measures, whatever the reading (a perfect sheet's runs past the top); a
  // result saved before names no range, and keeps its whole interval.
  const label = t(`iq.label.${r.ratingLabel}`);
  const [bottom, top] = r.iqMeasured ?? [null, null];
  const pastTop = top !== null && r.iqInterval[1] > top;
  const pastBottom = bottom !== null && r.iqInterval[0] < bottom;
  return {
    value,
    band: bandIsOpen(r)
      ? t(`results.iq.band.${r.iqBound}`, { label })
      : t('results.iq.band', { label, range: t(`iq.range.${r.ratingLabel}`) }),
    interval:
      pastTop && pastBottom
        ? t('results.iq.interval.both', { bottom, top })
        : pastTop
          ? t('results.iq.interval.above', { low: r.iqInterval[0], top })
          : pastBottom
            ? t('results.iq.interval.below', { high: r.iqInterval[1], bottom })
            : t('results.iq.interval', { low: r.iqInterval[0], high: r.iqInterval[1] }),
  };
}
