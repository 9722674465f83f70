/** Achievements and profile statistics (spec part 2 §3), derived from saved results, never stored. */

export interface IqRecord {
  iqScore: number;
  correctAnswers: number;
  totalQuestions: number;
  /** Milliseconds. */
  timeSpent: number;
  createdAt: Date | string;
}

export const ACHIEVEMENTS = ['firstTest', 'genius', 'gifted', 'speed', 'perfect', 'dedicated'] as const;
export type Achievement = (typeof ACHIEVEMENTS)[number];

const RULES: Record<Achievement, (iq: IqRecord[], professionalCount: number) => boolean> = {
  firstTest: (iq, pro) => iq.length + pro > 0,
  genius: (iq) => iq.some((r) => r.iqScore >= 140),
  gifted: (iq) => iq.some((r) => r.iqScore >= 130),
  speed: (iq) => iq.some((r) => r.timeSpent < 600_000),
  perfect: (iq) => iq.some((r) => r.totalQuestions > 0 && r.correctAnswers === r.totalQuestions),
  dedicated: (iq) => iq.length >= 5,
};

export function achievementsOf(
  iq: IqRecord[],
  professionalCount: number,
): { unlocked: Achievement[]; locked: Achievement[] } {
  const unlocked = ACHIEVEMENTS.filter((a) => RULES[a](iq, professionalCount));
  return { unlocked, locked: ACHIEVEMENTS.filter((a) => !unlocked.includes(a)) };
}

/** The IQ figures of a history; null where the history has none to give (no test yet; a trend needs two). */
export interface ProfileStats {
  totalTests: number;
  bestIQ: number | null;
  averageIQ: number | null;
  /** Percent, 0–100. */
  averageAccuracy: number | null;
  /** Newest minus oldest IQ. */
  improvementTrend: number | null;
}

export function profileStats(iq: IqRecord[]): ProfileStats {
  if (iq.length === 0)
    return { totalTests: 0, bestIQ: null, averageIQ: null, averageAccuracy: null, improvementTrend: null };
  const byDate = [...iq].sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime());
  const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;
  return {
    totalTests: iq.length,
    bestIQ: Math.max(...iq.map((r) => r.iqScore)),
    averageIQ: Math.round(mean(iq.map((r) => r.iqScore))),
    averageAccuracy: Math.round(
      mean(iq.map((r) => (r.totalQuestions ? (r.correctAnswers / r.totalQuestions) * 100 : 0))),
    ),
    improvementTrend: iq.length < 2 ? null : byDate[byDate.length - 1].iqScore - byDate[0].iqScore,
  };
}
