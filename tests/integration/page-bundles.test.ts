/**
 * The browser gets the contracts as types only (src/api/): no schema library in any script a built page loads.
 * Reads the build `npm test` makes before the suites.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

it('no page script carries zod', () => {
  const dir = 'dist/_astro';
  const scripts = readdirSync(dir).filter((f) => f.endsWith('.js'));
  expect(scripts.length, 'the built site has scripts').toBeGreaterThan(5);
  const withZod = scripts.filter((f) => /\$ZodType|ZodError|zod\.dev/.test(readFileSync(join(dir, f), 'utf8')));
  expect(withZod).toEqual([]);
  // The call layer is there, and typed calls name their routes: the check looks at the right files.
  const all = scripts.map((f) => readFileSync(join(dir, f), 'utf8')).join('\n');
  expect(all).toContain('/api/tests/iq/score');
});
