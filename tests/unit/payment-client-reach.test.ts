/**
 * Asking whether someone is premium does not load the WayForPay client: scoring, sign-in and the session, and the
 * functions that score, sign in or read results, reach no module under src/lib/server/payments/wayforpay/ through
 * their static imports, not even for a type. Cancelling a subscription (payments/cancel.ts) is what talks to it.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph, ROOT } from '../support/import-graph.ts';

const WAYFORPAY = join(ROOT, 'src/lib/server/payments/wayforpay/');

/** The first import path (breadth first) from `entry` to a module under `dir`, as project paths; null for none. */
function pathInto(graph: Map<string, string[]>, entry: string, dir: string): string[] | null {
  const cameFrom = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  while (queue.length) {
    const module = queue.shift()!;
    if (module.startsWith(dir)) {
      const path = [];
      for (let at: string | null = module; at; at = cameFrom.get(at)!) path.unshift(relative(ROOT, at));
      return path;
    }
    for (const to of graph.get(module) ?? [])
      if (!cameFrom.has(to)) {
        cameFrom.set(to, module);
        queue.push(to);
      }
  }
  return null;
}

const graph = importGraph(['src', 'netlify']);
const FUNCTIONS = readdirSync(join(ROOT, 'netlify/functions'))
  .filter((name) => /^(auth|tests|results|me)\b.*\.mts$/.test(name))
  .map((name) => `netlify/functions/${name}`);

describe('the WayForPay client', () => {
  it('is found by the walk where it is imported: cancelling a subscription reaches it', () => {
    // Directly: turning renewal back on resumes the schedule at WayForPay (issue 31).
    expect(pathInto(graph, join(ROOT, 'src/lib/server/payments/cancel.ts'), WAYFORPAY)).toEqual([
      'src/lib/server/payments/cancel.ts',
      'src/lib/server/payments/wayforpay/index.ts',
    ]);
    expect(pathInto(graph, join(ROOT, 'src/lib/server/payments/stop-renewal.ts'), WAYFORPAY)).toEqual([
      'src/lib/server/payments/stop-renewal.ts',
      'src/lib/server/payments/wayforpay/index.ts',
    ]);
  });

  it.each(['src/lib/server/scoring.ts', 'src/lib/server/session.ts', 'src/lib/server/auth.ts'])(
    'is not reached from %s',
    (entry) => {
      expect(graph.has(join(ROOT, entry))).toBe(true);
      expect(pathInto(graph, join(ROOT, entry), WAYFORPAY)).toBeNull();
    },
  );

  it('is not reached from the functions that score, sign in, or read results and the profile', () => {
    expect(FUNCTIONS).toEqual(
      expect.arrayContaining([
        'netlify/functions/auth-signin.mts',
        'netlify/functions/tests-iq-score.mts',
        'netlify/functions/results-get.mts',
        'netlify/functions/me.mts',
      ]),
    );
    const reached = FUNCTIONS.map((entry) => pathInto(graph, join(ROOT, entry), WAYFORPAY)).filter(Boolean);
    expect(reached).toEqual([]);
  });
});
