import type { Config } from '@netlify/functions';
import * as me from '../../src/api/me.ts';
import { endpoint } from '../../src/lib/server/endpoint.ts';
import { achievementsOf, profileStats } from '../../src/domain/achievements.ts';
import { statsInputs } from '../../src/lib/server/results.ts';
import { highestServedReading } from '../../src/lib/server/scales.ts';
import { accessOf } from '../../src/domain/access.ts';

/**
 * Profile statistics and achievements. Without premium the statistics (average, accuracy, trend) are locked: null,
 * with `statsLocked`, shown as "?". Counts, achievements and the best IQ are everyone's — the best is the highest of
 * the IQs the history already lists to everyone, so hiding it would only contradict the list below it. A figure the
 * history cannot give yet (no IQ test; a trend before the second) is null without the lock, shown as "—". A result
 * whose answers carry a caution counts as a test taken and for nothing else: no figure, no achievement (issue 31).
 * An achievement for a level no form served today can read is said to be out of reach, not "still ahead".
 */
export default endpoint(me.stats, async ({ user }) => {
  const { iq, professionalCount, professionalUncautioned } = await statsInputs(user.id);
  const stats = profileStats(iq);
  const premium = accessOf(user) === 'full';
  return {
    totalTests: stats.totalTests,
    cautionedTests: stats.cautionedTests,
    professionalTests: professionalCount,
    bestIQ: stats.bestIQ,
    statsLocked: !premium,
    averageIQ: premium ? stats.averageIQ : null,
    averageAccuracy: premium ? stats.averageAccuracy : null,
    improvementTrend: premium ? stats.improvementTrend : null,
    achievements: achievementsOf(iq, professionalUncautioned, await highestServedReading()),
  };
});

export const config: Config = { path: '/api/me/stats', method: 'GET' };
