/** Achievements and profile statistics (spec part 2 §3), derived from saved results, never stored. */

export interface IqRecord {
  /** The reading's estimate, and its bound when it is said as "above X" / "below Y" (reading.ts). */
  iqScore: number;
  iqBound?: 'above' | 'below' | null;
  iqBoundAt?: number | null;
  /** The reading's 95 % interval and standard error (IQ points): a trend is news only beyond both readings' error. */
  iqInterval?: [number, number];
  iqSe?: number;
  correctAnswers: number;
  totalQuestions: number;
  /** Milliseconds. */
  timeSpent: number;
  createdAt: Date | string;
  /**
   * The reading carries a caution (guessing, a pattern, too fast, worked answers seen…): it does not show its
   * holder's ability, so no achievement and no statistic but the count of tests is taken from it (issue 31).
   */
  cautioned?: boolean;
}

export const ACHIEVEMENTS = ['firstTest', 'genius', 'gifted', 'speed', 'perfect', 'dedicated'] as const;
export type Achievement = (typeof ACHIEVEMENTS)[number];

/** The achievements for a level of IQ: the least figure a reading must support (supportedIq). */
export const IQ_LEVELS: Partial<Record<Achievement, number>> = { genius: 140, gifted: 130 };

/** "Quick and accurate": under ten minutes with at least this share right — never speed alone. */
export const QUICK_MS = 600_000;
export const QUICK_ACCURACY = 0.8;

/** Each rule is given only the readings without a caution, and the career results without one. */
const RULES: Record<Achievement, (iq: IqRecord[], professionalCount: number) => boolean> = {
  firstTest: (iq, pro) => iq.length + pro > 0,
  genius: (iq) => iq.some((r) => supportedIq(r) >= IQ_LEVELS.genius!),
  gifted: (iq) => iq.some((r) => supportedIq(r) >= IQ_LEVELS.gifted!),
  speed: (iq) =>
    iq.some(
      (r) => r.timeSpent < QUICK_MS && r.totalQuestions > 0 && r.correctAnswers >= QUICK_ACCURACY * r.totalQuestions,
    ),
  perfect: (iq) => iq.some((r) => r.totalQuestions > 0 && r.correctAnswers === r.totalQuestions),
  dedicated: (iq) => iq.length >= 5,
};

const fair = (iq: IqRecord[]) => iq.filter((r) => !r.cautioned);

/**
 * The least IQ a reading says its holder has: the number, or X of "above X"; a reading "below Y" says none. What
 * an achievement for a level of IQ asks, so none is awarded on a figure the result page does not state.
 */
export const supportedIq = (r: Pick<IqRecord, 'iqScore' | 'iqBound' | 'iqBoundAt'>): number =>
  r.iqBound === 'below' ? -Infinity : r.iqBound === 'above' ? (r.iqBoundAt ?? r.iqScore) : r.iqScore;

/**
 * `professionalCount`: the career results without a caution. `highestReading`: the highest figure any form served
 * today can show (src/domain/iq/scale.ts highestReading) — an achievement for a level above it is not "still ahead"
 * but out of reach, and said so (a perfect 20-item sheet reads about 134: "Genius, 140+" cannot be earned on it).
 */
export function achievementsOf(
  iq: IqRecord[],
  professionalCount: number,
  highestReading: number | null = null,
): { unlocked: Achievement[]; locked: Achievement[]; outOfReach: Achievement[]; highestReading: number | null } {
  const unlocked = ACHIEVEMENTS.filter((a) => RULES[a](fair(iq), professionalCount));
  const reachable = (a: Achievement) => highestReading === null || (IQ_LEVELS[a] ?? -Infinity) <= highestReading;
  const notYet = ACHIEVEMENTS.filter((a) => !unlocked.includes(a));
  return {
    unlocked,
    locked: notYet.filter(reachable),
    outOfReach: notYet.filter((a) => !reachable(a)),
    highestReading,
  };
}

/** The IQ figures of a history; null where the history has none to give (no test yet; a trend needs two). */
export interface ProfileStats {
  /** Every IQ test saved, cautioned or not. */
  totalTests: number;
  /** Of them, those whose reading carries a caution: left out of every figure below. */
  cautionedTests: number;
  /**
   * The highest reading, as its result page says it (a number, or "above X" / "below Y"), with its interval — the best
   * of several sheets is flattered by chance, which the page says.
   */
  bestIQ: {
    iqEstimate: number;
    iqBound: 'above' | 'below' | null;
    iqBoundAt: number | null;
    iqInterval: [number, number] | null;
  } | null;
  /** Of the readings that are numbers. */
  averageIQ: number | null;
  /** Percent, 0–100. */
  averageAccuracy: number | null;
  /**
   * Newest minus oldest IQ, of the readings that are numbers, and whether that change is reliable: beyond the
   * reliable-change threshold of the two readings, 1.96 × the standard error of their difference (RELIABLE_Z).
   */
  improvementTrend: { change: number; reliable: boolean } | null;
}

/**
 * The reliable change of two readings (Jacobson & Truax 1991, with each reading's own standard error): the change
 * is news only when |change| > 1.96 · √(SE₁² + SE₂²). Two readings of an unchanged person differ by about 9–10 points
 * (SD) on these forms, so a smaller change is what a retake gives by itself. A reading that names no error (a stored
 * summary from before readings carried one) makes no change reliable.
 */
export const RELIABLE_Z = 1.96;
export function reliableChange(
  first: Pick<IqRecord, 'iqScore' | 'iqSe'>,
  last: Pick<IqRecord, 'iqScore' | 'iqSe'>,
): { change: number; reliable: boolean } {
  const change = last.iqScore - first.iqScore;
  const se = first.iqSe !== undefined && last.iqSe !== undefined ? Math.hypot(first.iqSe, last.iqSe) : Infinity;
  return { change, reliable: Math.abs(change) > RELIABLE_Z * se };
}

export function profileStats(all: IqRecord[]): ProfileStats {
  // The figures are of readings that show ability: a cautioned one (a "−29 points" trend from a rushed retake) is
  // counted as a test taken and nothing more.
  const iq = fair(all);
  const counts = { totalTests: all.length, cautionedTests: all.length - iq.length };
  if (iq.length === 0)
    return { ...counts, bestIQ: null, averageIQ: null, averageAccuracy: null, improvementTrend: null };
  // Averages and trends are of readings that are numbers: a reading "above X" or "below Y" has no figure to add, and
  // its estimate is one its page does not state (the profile would contradict the result).
  const numbers = iq
    .filter((r) => !r.iqBound)
    .sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime());
  const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;
  return {
    ...counts,
    bestIQ: bestOf(iq),
    averageIQ: numbers.length ? Math.round(mean(numbers.map((r) => r.iqScore))) : null,
    averageAccuracy: Math.round(
      mean(iq.map((r) => (r.totalQuestions ? (r.correctAnswers / r.totalQuestions) * 100 : 0))),
    ),
    improvementTrend: numbers.length < 2 ? null : reliableChange(numbers[0], numbers[numbers.length - 1]),
  };
}

/** The highest reading: by what it supports (supportedIq), then by its estimate. */
function bestOf(iq: IqRecord[]): ProfileStats['bestIQ'] {
  const best = iq.reduce((a, b) =>
    supportedIq(b) > supportedIq(a) || (supportedIq(b) === supportedIq(a) && b.iqScore > a.iqScore) ? b : a,
  );
  return {
    iqEstimate: best.iqScore,
    iqBound: best.iqBound ?? null,
    iqBoundAt: best.iqBoundAt ?? null,
    iqInterval: best.iqInterval ?? null,
  };
}
