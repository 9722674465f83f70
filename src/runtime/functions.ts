/** Finds the function modules in netlify/functions and turns their `config` into routes. */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from '@netlify/functions';
import { sortRoutes, type Route } from './routes.ts';

export type Handler = (req: Request, context: Context) => Response | Promise<Response>;

const ENTRY = /\.(mts|ts|mjs|js)$/;

function entries(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) {
      const index = readdirSync(full).find(
        (f) => /^(index|[^.]+)\.(mts|ts|mjs|js)$/.test(f) && (f.startsWith('index.') || f.startsWith(name + '.')),
      );
      return index ? [join(full, index)] : [];
    }
    return ENTRY.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Scheduled functions (config.schedule) found while loading; the local server runs them on a timer. */
export const scheduled: { name: string; handler: Handler }[] = [];

export async function loadFunctionRoutes(dir: string): Promise<Route<Handler>[]> {
  const routes: Route<Handler>[] = [];
  scheduled.length = 0;
  for (const file of entries(dir)) {
    const mod = await import(pathToFileURL(file).href);
    const name = file.slice(dir.length + 1);
    if (typeof mod.default !== 'function') throw new Error(`${name}: a function module must export a default handler`);
    if (mod.config?.schedule) {
      scheduled.push({ name, handler: mod.default });
      continue;
    }
    const paths = mod.config?.path;
    if (!paths)
      throw new Error(
        `${name}: config.path is missing (Netlify would serve it at /.netlify/functions/…; we route by path only)`,
      );
    const method = mod.config?.method;
    const methods = method ? (Array.isArray(method) ? method : [method]).map((m: string) => m.toUpperCase()) : null;
    for (const pattern of Array.isArray(paths) ? paths : [paths])
      routes.push({ pattern, methods, handler: mod.default, name });
  }
  return sortRoutes(routes);
}
