/**
 * The static graph of relative imports (type-only ones included) between the project's modules, as the import
 * checks read it (tests/unit/import-cycles.test.ts, tests/unit/payment-client-reach.test.ts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
const SOURCE = /\.(ts|tsx|mts|astro)$/;
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : SOURCE.test(name) ? [path] : [];
  });
}

/** Each module under `roots` (folders relative to the project) → the absolute paths of the modules it imports. */
export function importGraph(roots: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of roots.flatMap((r) => files(join(ROOT, r)))) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(IMPORT)]
      .map((m) => resolve(dirname(file), m[1] ?? m[2]))
      .filter((target) => SOURCE.test(target));
    graph.set(file, targets);
  }
  return graph;
}
