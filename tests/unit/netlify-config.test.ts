/**
 * netlify.toml's redirect rules: an unknown address under /eng gets the English not-found page with status 404.
 * Netlify reads rules top down and takes the first match, _redirects before netlify.toml, so no earlier rule may
 * take /eng addresses; the rule is not forced, so the pages that exist under /eng are still served.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { notFoundFile } from '../../src/i18n/paths.ts';

/** The [[redirects]] tables of netlify.toml in file order, each as its key = value pairs (quotes dropped). */
function redirects(toml: string): Record<string, string>[] {
  return toml
    .split(/^\[\[redirects\]\]\s*$/m)
    .slice(1)
    .map((block) => {
      const rule: Record<string, string> = {};
      for (const line of block.split('\n')) {
        if (/^\s*\[/.test(line)) break;
        const pair = /^\s*(\w+)\s*=\s*"?([^"]*?)"?\s*$/.exec(line);
        if (pair) rule[pair[1]] = pair[2];
      }
      return rule;
    });
}

/** Would a rule's `from` take the address? Enough of Netlify's matching for literal paths and a trailing splat. */
const takes = (from: string, path: string) =>
  from.endsWith('/*') ? path === from.slice(0, -2) || path.startsWith(from.slice(0, -1)) : from === path;

describe('netlify.toml redirects', () => {
  const rules = redirects(readFileSync('netlify.toml', 'utf8'));
  const english = rules.findIndex((rule) => rule.from === '/eng/*');

  it('answers an unknown /eng address with the English not-found page and status 404, not forced', () => {
    expect(english).toBeGreaterThanOrEqual(0);
    expect(rules[english]).toEqual({ from: '/eng/*', to: notFoundFile('en'), status: '404' });
  });

  it('comes before any other rule that would take an /eng address', () => {
    for (const [i, rule] of rules.entries()) {
      if (i < english) expect(takes(rule.from, '/eng/nope-xyz'), rule.from).toBe(false);
    }
    const lines = existsSync('public/_redirects') ? readFileSync('public/_redirects', 'utf8').split('\n') : [];
    for (const line of lines.map((l) => l.trim()).filter((l) => l && !l.startsWith('#'))) {
      expect(takes(line.split(/\s+/)[0], '/eng/nope-xyz'), line).toBe(false);
    }
  });
});
