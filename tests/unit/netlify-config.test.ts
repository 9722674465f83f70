/**
 * netlify.toml. Its build commands: only a production deploy migrates the database, never a deploy preview or branch
 * deploy (tests/unit/migrate-contexts.test.ts: the script refuses there too). Its redirect rules: an unknown address
 * under /eng gets the English not-found page with status 404. Netlify reads rules top down and takes the first
 * match, _redirects before netlify.toml, so no earlier rule may take /eng addresses; the rule is not forced, so the
 * pages that exist under /eng are still served.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { notFoundFile } from '../../src/i18n/paths.ts';

/** A table's key = value pairs (quotes dropped), from the text after its header up to the next header. */
function pairs(block: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const line of block.split('\n')) {
    if (/^\s*\[/.test(line)) break;
    const pair = /^\s*(\w+)\s*=\s*"?([^"]*?)"?\s*$/.exec(line);
    if (pair) found[pair[1]] = pair[2];
  }
  return found;
}

/** The [[redirects]] tables of netlify.toml in file order. */
const redirects = (toml: string) =>
  toml
    .split(/^\[\[redirects\]\]\s*$/m)
    .slice(1)
    .map(pairs);

/** Every [name] table of netlify.toml by name, as written ("context.production", 'context."feature/x"'). */
const tables = (toml: string): Map<string, Record<string, string>> =>
  new Map([...toml.matchAll(/^\[([^[\]]+)\]\s*$/gm)].map((m) => [m[1], pairs(toml.slice(m.index + m[0].length + 1))]));

const migrates = (command: string | undefined) => /\bdb:migrate\b/.test(command ?? '');

describe('netlify.toml build commands', () => {
  const all = tables(readFileSync('netlify.toml', 'utf8'));

  it('build without migrating by default, so deploy previews and branch deploys never touch the schema', () => {
    expect(all.get('build')?.command).toBe('npm run build');
    for (const [name, table] of all) {
      if (name.startsWith('context.') && name !== 'context.production')
        expect(migrates(table.command), name).toBe(false);
    }
  });

  it('migrate on a production deploy, before the pages are built', () => {
    expect(all.get('context.production')?.command).toBe('npm run db:migrate && npm run build');
  });
});

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
