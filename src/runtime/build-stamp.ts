/**
 * Is dist/ the build of the current sources? `npm start` rebuilds only when it is not, so a second start is
 * fast (DESIGN.md §7: first 200 within 3 s when already built). The stamp covers every input of the build and
 * the environment variables that are baked into pages.
 */
import './dotenv.ts';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { env, siteUrl, type Env } from '../lib/server/env.ts';

const INPUTS = ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];
const BAKED_ENV: (keyof Env)[] = [
  'CONTACT_EMAIL',
  'PUBLIC_GA_ID',
  'OPERATOR_NAME',
  'OPERATOR_ADDRESS',
  'OPERATOR_CODE',
];

function walk(path: string, out: string[]): void {
  if (!existsSync(path)) return;
  const info = statSync(path);
  if (info.isDirectory()) for (const name of readdirSync(path).sort()) walk(join(path, name), out);
  else out.push(`${path}:${info.size}:${info.mtimeMs}`);
}

export function currentStamp(root: string): string {
  const lines: string[] = [];
  for (const input of INPUTS) walk(join(root, input), lines);
  for (const name of BAKED_ENV) lines.push(`${name}=${env()[name] ?? ''}`);
  // The site address pages are built for (PORT matters only while SITE_URL is unset).
  lines.push(`site=${siteUrl()}`);
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

const stampFile = (root: string) => join(root, 'dist', '.build-stamp');

export function isBuildFresh(root: string): boolean {
  const file = stampFile(root);
  return existsSync(file) && readFileSync(file, 'utf8').trim() === currentStamp(root);
}

export function writeStamp(root: string): void {
  writeFileSync(stampFile(root), currentStamp(root) + '\n');
}

// `node src/runtime/build-stamp.ts write` — the last step of `npm run build`.
if (import.meta.main && process.argv[2] === 'write') writeStamp(process.cwd());
