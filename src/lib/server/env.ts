/**
 * Configuration, read lazily and in one place (DESIGN.md §8). Every getter has the local default;
 * on a hosted deploy the variables that must not default fail loudly, naming themselves.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const memo = new Map<string, unknown>();
function once<T>(key: string, read: () => T): T {
  if (!memo.has(key)) memo.set(key, read());
  return memo.get(key) as T;
}

/** Netlify runs functions on AWS Lambda; locally we never are. */
export const isHosted = (): boolean => Boolean(process.env.AWS_LAMBDA_FUNCTION_NAME || process.env.NETLIFY === 'true');

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: it is required on a hosted deploy (see README, Configuration).`);
  return value;
}

export const port = (): number => once('PORT', () => Number(process.env.PORT ?? 8888));
export const siteUrl = (): string =>
  once('SITE_URL', () => (process.env.SITE_URL ?? `http://localhost:${port()}`).replace(/\/+$/, ''));
export const databaseUrl = (): string | undefined => once('DATABASE_URL', () => process.env.DATABASE_URL || undefined);
export const dataDir = (): string => once('DATA_DIR', () => resolve(process.env.DATA_DIR ?? '.data'));

/**
 * The local server's own address when SITE_URL is not set (PORT=0 picks a free port). Callback and redirect URLs
 * are built from siteUrl() alone, never from a request's Host header, which a client can spoof.
 */
export function adoptListeningUrl(url: string): void {
  if (process.env.SITE_URL) return;
  process.env.SITE_URL = url;
  memo.delete('SITE_URL');
}

/** HMAC key. Locally generated once into DATA_DIR so tokens survive restarts; never generated on a host. */
export const appSecret = (): string =>
  once('APP_SECRET', () => {
    if (process.env.APP_SECRET) return process.env.APP_SECRET;
    if (isHosted()) return required('APP_SECRET');
    const file = join(dataDir(), 'app-secret');
    if (existsSync(file)) return readFileSync(file, 'utf8').trim();
    mkdirSync(dataDir(), { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  });

/** Forget memoised values; tests that change process.env call this. */
export function resetEnvForTests(): void {
  memo.clear();
}
