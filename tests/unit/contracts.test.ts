/**
 * The browser–API seam is one contract (src/api/): every HTTP function is built by the endpoint wrapper from the
 * contracts it serves, at the path and methods its Netlify `config` declares; the browser's code reaches the API only
 * through the call layer and the stores, and imports contracts as types only (no zod in a page).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Contract } from '../../src/api/contract.ts';

const FUNCTIONS = 'netlify/functions';
const modules = readdirSync(FUNCTIONS).filter((f) => f.endsWith('.mts'));

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : /\.(ts|tsx|astro)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
/** Code that runs in the browser: islands, stores, the client library, components and pages' scripts. */
const BROWSER = ['src/islands', 'src/stores', 'src/lib/client', 'src/components'].flatMap(walk);

describe('contracts', () => {
  it.each(modules)('%s is served by the endpoint wrapper at its contracts’ path and methods', async (file) => {
    const mod = await import(pathToFileURL(join(process.cwd(), FUNCTIONS, file)).href);
    if (mod.config.schedule) {
      expect(mod.default.contracts, 'a scheduled function has no contract').toBeUndefined();
      return;
    }
    const contracts: Contract[] = mod.default.contracts;
    expect(contracts?.length, `${file} is not built with endpoint()`).toBeGreaterThan(0);
    expect(new Set(contracts.map((c) => c.path))).toEqual(new Set([mod.config.path]));
    const methods = [mod.config.method].flat().map((m: string) => m.toUpperCase());
    expect(contracts.map((c) => c.method).sort()).toEqual(methods.sort());
  });

  it('every contract is served, and no two claim the same method and path', async () => {
    const seen = new Map<string, string>();
    for (const file of readdirSync('src/api').filter((f) => f !== 'contract.ts' && f !== 'fields.ts')) {
      const mod = await import(pathToFileURL(join(process.cwd(), 'src/api', file)).href);
      for (const [name, value] of Object.entries(mod)) {
        const c = value as Partial<Contract>;
        if (!c || typeof c !== 'object' || typeof c.path !== 'string' || !c.method) continue;
        const key = `${c.method} ${c.path}`;
        expect(seen.get(key), `${key}: ${file} ${name}`).toBeUndefined();
        seen.set(key, `${file} ${name}`);
      }
    }
    const served = new Set<string>();
    for (const file of modules) {
      const mod = await import(pathToFileURL(join(process.cwd(), FUNCTIONS, file)).href);
      for (const c of (mod.default.contracts ?? []) as Contract[]) served.add(`${c.method} ${c.path}`);
    }
    expect(new Set(seen.keys())).toEqual(served);
  });

  it('browser code imports contracts and zod as types only', () => {
    // Any way a module's values are brought in: import … from, export … from, a side-effect import, import().
    const VALUE_IMPORTS = [
      /^\s*import\s+(?!type\b)(?:[^;'"]*?\bfrom\s+)?['"]([^'"]+)['"]/gm,
      /^\s*export\s+(?!type\b)[^;'"]*?\bfrom\s+['"]([^'"]+)['"]/gm,
      /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
    ];
    const forbidden = (from: string) => /^zod(\/|$)/.test(from) || /(^|\/)api\/[^/]+?(\.ts)?$/.test(from);
    const offenders = BROWSER.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return VALUE_IMPORTS.flatMap((pattern) =>
        [...text.matchAll(pattern)].filter(([, from]) => forbidden(from)).map(([line]) => `${file}: ${line.trim()}`),
      );
    });
    expect(offenders).toEqual([]);
    // The check itself: each way of bringing values in is caught, and a type-only import is not.
    const caught = (text: string) =>
      VALUE_IMPORTS.some((p) => [...text.matchAll(p)].some(([, from]) => forbidden(from)));
    for (const bad of [
      "import { list } from '../api/results.ts';",
      "import * as results from '../api/results';",
      "export { list } from '../../api/results.ts';",
      "import '../api/results.ts';",
      "const m = await import('../api/results.ts');",
      "import { z } from 'zod';",
      "import { z } from 'zod/v4';",
    ])
      expect(caught(bad), bad).toBe(true);
    expect(caught("import type * as results from '../api/results.ts';")).toBe(false);
    expect(caught("import { call } from '../lib/client/call.ts';")).toBe(false);
  });

  it('only the call layer and the stores talk to the API (no island calls fetch)', () => {
    const callers = BROWSER.filter((file) =>
      /\bfetch\(|XMLHttpRequest|sendBeacon|new EventSource/.test(readFileSync(file, 'utf8')),
    );
    expect(callers.sort()).toEqual(['src/lib/client/call.ts', 'src/stores/certificates.ts']);
  });

  it('islands keep no data of their own in the browser: sessionStorage is the stores’ (through lib/client/session.ts)', () => {
    const islands = walk('src/islands');
    const offenders = islands.filter((file) => {
      const text = readFileSync(file, 'utf8');
      return /\bsessionStorage\b|^\s*import\s+(?!type\b)[^;]*?from\s+'[^']*lib\/client\/session\.ts'/m.test(text);
    });
    expect(offenders).toEqual([]);
  });
});
