/**
 * The one reading of a sheet (DESIGN.md §3.5; issue 29), from which every figure and text on a result page,
 * certificate and profile is taken, so none can contradict another. Two ways of reading, and a result keeps the one
 * it was scored with:
 *
 * - readTheta (every sheet since item response theory): the EAP ability on its form's scale (./scale.ts) as
 *   IQ = 100 + 15·θ, with the person's own 95 % interval; bounded where the estimate leaves what the form measures.
 * - readIq (results saved before, read as then): raw → percentile → observed IQ through the spec's tables (part 1
 *   §9); then the estimated true score 100 + r·(X − 100) (Kelley's formula), with the 95 % interval
 *   ±1.96 · 15 · √(r(1 − r)), r the form's reliability in use; outside 80–130 "below 80" / "above 130".
 *
 * No percentile: the scale's 100 and 15 are the model's assumptions (θ ~ N(0, 1)), not a norm measured on people, so no
 * reading places a person among people until a norm exists (issue 43). The rating band describes a range of the scale.
 */
/** raw score → percentile */
export const RAW_TO_PERCENTILE: [number, number][] = [
  [0, 1],
  [5, 5],
  [10, 15],
  [15, 30],
  [22, 50],
  [28, 70],
  [34, 85],
  [39, 95],
  [43, 99],
];
/** percentile → IQ */
export const PERCENTILE_TO_IQ: [number, number][] = [
  [2, 70],
  [16, 85],
  [50, 100],
  [84, 115],
  [95, 125],
  [98, 130],
  [99.9, 145],
];

/** Linear interpolation over a table of [x, y] points, clamped to its ends. */
export function interpolate(table: [number, number][], x: number): number {
  if (x <= table[0][0]) return table[0][1];
  for (let i = 1; i < table.length; i++) {
    const [x1, y1] = table[i];
    if (x <= x1) {
      const [x0, y0] = table[i - 1];
      return y0 + ((x - x0) * (y1 - y0)) / (x1 - x0);
    }
  }
  return table[table.length - 1][1];
}

export const percentileFromRawScore = (raw: number): number =>
  Math.round(interpolate(RAW_TO_PERCENTILE, raw) * 10) / 10;
export const iqFromPercentile = (percentile: number): number => Math.round(interpolate(PERCENTILE_TO_IQ, percentile));
/** The observed IQ of a raw score through the spec's two tables, before any correction for unreliability. */
export const observedIq = (raw: number): number => interpolate(PERCENTILE_TO_IQ, percentileFromRawScore(raw));

export type RatingLabel = 'genius' | 'gifted' | 'superior' | 'aboveAverage' | 'average' | 'belowAverage' | 'low';
export function ratingLabel(iq: number): RatingLabel {
  if (iq >= 140) return 'genius';
  if (iq >= 130) return 'gifted';
  if (iq >= 120) return 'superior';
  if (iq >= 110) return 'aboveAverage';
  if (iq >= 90) return 'average';
  if (iq >= 80) return 'belowAverage';
  return 'low';
}

/** The stated reliability of a form until it has enough sheets for a measured one (KR-20). */
export const STATED_RELIABILITY = 0.75;
export const MEASURED_RELIABILITY_MIN_SHEETS = 300;
/** Whether a form's measured KR-20 replaces the stated reliability: enough sheets, and a figure that is a reliability. */
export const measuredReliabilityApplies = (sheets: number, kr20: number | null): kr20 is number =>
  sheets >= MEASURED_RELIABILITY_MIN_SHEETS && kr20 !== null && kr20 > 0 && kr20 < 1;
export const BOUNDS = { low: 80, high: 130 } as const;

/** The standard normal distribution function (Abramowitz & Stegun 26.2.17, error below 1e-7). */
export function normalCdf(z: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(z));
  const d = 0.3989422804014327 * Math.exp((-z * z) / 2);
  const tail = d * t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  return z >= 0 ? 1 - tail : tail;
}

/**
 * The share (whole percent, 1–99) of the model's N(100, 15) below an IQ: what the scale *assumes*, not a norm — no
 * page shows it as a place among people (issue 43).
 */
export const percentileOfIq = (iq: number): number =>
  Math.min(99, Math.max(1, Math.round(normalCdf((iq - 100) / 15) * 100)));

export interface IqReading {
  /** The provisional IQ-equivalent, rounded: the estimated true score. */
  iqEstimate: number;
  /** Set when the reading lies outside what the form can place: it is then shown as "below Y" / "above X". */
  iqBound: 'below' | 'above' | null;
  /** The Y or X a bounded reading names (null when it is a number). */
  iqBoundAt: number | null;
  /** The IQ range the form measures: where a reading can be a number. */
  iqMeasured: [number, number];
  /** The 95 % interval of the estimate. */
  iqInterval: [number, number];
  /**
   * The reading's standard error in IQ points (15 × the posterior SD; for a classical reading 15·√(r(1 − r))),
   * unrounded: what a comparison of two readings needs (achievements.ts, the reliable change).
   */
  iqSe: number;
  /** The spec's rating band of the estimate (of iqBoundAt when bounded: "or higher" / "or lower"), shown as provisional. */
  ratingLabel: RatingLabel;
  reliability: number;
}

/** Whether an IQ lies beyond what the reading states as a number: shown as "below 80" / "above 130". */
export const boundOf = (iq: number): IqReading['iqBound'] =>
  iq < BOUNDS.low ? 'below' : iq > BOUNDS.high ? 'above' : null;

export function readIq(raw: number, reliability: number): IqReading {
  const observed = observedIq(raw);
  const estimate = 100 + reliability * (observed - 100);
  const se = 15 * Math.sqrt(reliability * (1 - reliability));
  const half = 1.96 * se;
  const iqEstimate = Math.round(estimate);
  const iqBound = boundOf(iqEstimate);
  const iqInterval: [number, number] = [Math.round(estimate - half), Math.round(estimate + half)];
  const shown = iqBound === 'below' ? BOUNDS.low : iqBound === 'above' ? BOUNDS.high : iqEstimate;
  return {
    iqEstimate,
    iqBound,
    iqBoundAt: iqBound ? shown : null,
    iqMeasured: [BOUNDS.low, BOUNDS.high],
    iqInterval,
    iqSe: se,
    ratingLabel: ratingLabel(iqEstimate),
    reliability,
  };
}

/** The IQ scale: mean 100, standard deviation 15, on the θ of the N(0, 1) population the items are calibrated in. */
export const iqOfTheta = (theta: number): number => 100 + 15 * theta;
/** The 95 % interval: the EAP ± 1.96 posterior standard deviations. */
export const Z95 = 1.96;

/**
 * The reading of an EAP ability (issue 29): IQ = 100 + 15·θ with the person's own 95 % interval from the posterior
 * SD, so its width differs from person to person. The estimate is shown as a number where it lies inside the range
 * the form measures; past the top it reads "above X", past the bottom "below Y", X and Y the ends of that range (from
 * the form's information). The interval is said as far as the form measures (src/lib/iq-reading.ts).
 *
 * Why the estimate and not the interval decides (issue 31, a departure from issue 29's wording): bounding every
 * reading whose interval leaves the range, at that interval's own end, made the reading fall as a sheet got better —
 * a perfect sheet (134, interval 115–152) read "above 115" below the 124 of a sheet with two mistakes, and a sheet
 * with three right read "below 95", above the 88 of a better one. Bounded at the range's ends, a reading never goes
 * down when an answer goes from wrong to right (tests/unit/iq-irt-reading.test.ts), and a number is still shown only
 * where the form measures.
 */
export function readTheta(
  { theta, sd }: { theta: number; sd: number },
  measured: [number, number],
  reliability: number,
): IqReading {
  const estimate = iqOfTheta(theta);
  const iqInterval: [number, number] = [
    Math.round(iqOfTheta(theta - Z95 * sd)),
    Math.round(iqOfTheta(theta + Z95 * sd)),
  ];
  const iqMeasured = measured.map((t) => Math.round(iqOfTheta(t))) as [number, number];
  const iqEstimate = Math.round(estimate);
  const iqBound: IqReading['iqBound'] =
    iqEstimate > iqMeasured[1] ? 'above' : iqEstimate < iqMeasured[0] ? 'below' : null;
  const iqBoundAt = iqBound === 'above' ? iqMeasured[1] : iqBound === 'below' ? iqMeasured[0] : null;
  const shown = iqBoundAt ?? iqEstimate;
  return {
    iqEstimate,
    iqBound,
    iqBoundAt,
    iqMeasured,
    iqInterval,
    iqSe: 15 * sd,
    ratingLabel: ratingLabel(shown),
    reliability,
  };
}
