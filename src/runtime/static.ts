/**
 * Serves the built site from dist/: clean URLs with or without a trailing slash, brotli/gzip compressed once (in the
 * background) and kept in memory (dist does not change while we run), ETags, and cache headers — hashed assets are immutable,
 * HTML revalidates. Unknown paths get the not-found page of their language (/eng/… the English one).
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { langFromPath, notFoundFile } from '../i18n/paths.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.map': 'application/json',
};
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.svg',
  '.xml',
  '.txt',
  '.webmanifest',
  '.map',
  '.ico',
  '.ttf',
]);

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/**
 * Brotli at quality 11 and gzip at 9, once per file, on libuv's threads and in the background: the body goes as it
 * is until they are ready. Brotli of the 213 KB React chunk took 318–465 ms here; on the event loop every request
 * waited behind it, and awaited on the threads, a page's first requests queued behind four such jobs (with every
 * file read, which shares those threads), and pages of the end-to-end suite came up late.
 */
async function compress(file: StaticFile): Promise<void> {
  try {
    [file.br, file.gzip] = await Promise.all([
      compressBrotli(file.body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: file.body.length },
      }),
      compressGzip(file.body, { level: 9 }),
    ]);
  } catch (err) {
    console.error('[static] could not compress a file:', (err as Error).message);
  }
}

export interface StaticFile {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  /** Settles once br and gzip are ready; until then the body goes uncompressed. */
  compressed?: Promise<void>;
  type: string;
  etag: string;
  cacheControl: string;
}

export interface StaticResult {
  status: 200 | 404;
  file: StaticFile;
}

export function createStaticServer(distDir: string) {
  const root = normalize(distDir + sep);
  const cache = new Map<string, Promise<StaticFile | null>>();

  async function load(absolute: string): Promise<StaticFile | null> {
    const info = await stat(absolute).catch(() => null);
    if (!info?.isFile()) return null;
    const body = await readFile(absolute);
    const ext = extname(absolute).toLowerCase();
    const file: StaticFile = {
      body,
      type: TYPES[ext] ?? 'application/octet-stream',
      etag: `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
      cacheControl: absolute.startsWith(join(root, '_astro') + sep)
        ? 'public, max-age=31536000, immutable'
        : ext === '.html'
          ? 'public, max-age=0, must-revalidate'
          : 'public, max-age=3600',
    };
    if (COMPRESSIBLE.has(ext) && body.length > 256) file.compressed = compress(file);
    return file;
  }

  /**
   * Only files that exist are kept, keyed by their absolute path: the cache is bounded by dist/ itself, however
   * many distinct paths (unknown ones, or "/a/../iq" spellings of known ones) clients ask for.
   */
  function cached(relative: string): Promise<StaticFile | null> {
    const absolute = normalize(join(root, relative));
    if (!absolute.startsWith(root)) return Promise.resolve(null);
    const hit = cache.get(absolute);
    if (hit) return hit;
    const entry = load(absolute);
    cache.set(absolute, entry);
    void entry.then(
      (file) => {
        if (!file) cache.delete(absolute);
      },
      () => cache.delete(absolute),
    );
    return entry;
  }

  /** How many files are held in memory (tests prove it stays bounded). */
  const size = () => cache.size;

  /** The file for a URL path: '/iq', '/iq/', '/iq/index.html' and '/iq.html' all mean the same page. */
  async function resolve(pathname: string): Promise<StaticResult> {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      decoded = '/__invalid__';
    }
    if (decoded.includes('\0')) decoded = '/__invalid__';
    const trimmed = decoded.length > 1 ? decoded.replace(/\/+$/, '') : decoded;
    const candidates = trimmed === '/' ? ['/index.html'] : [trimmed, `${trimmed}/index.html`, `${trimmed}.html`];
    for (const candidate of candidates) {
      const file = await cached(candidate);
      if (file) return { status: 200, file };
    }
    const notFound = await cached(notFoundFile(langFromPath(decoded)));
    return {
      status: 404,
      file: notFound ?? {
        body: Buffer.from('Not found'),
        type: 'text/plain; charset=utf-8',
        etag: '"404"',
        cacheControl: 'no-store',
      },
    };
  }

  return { resolve, size };
}

/** Picks the body for the client's Accept-Encoding: brotli, then gzip, then identity. */
export function negotiate(
  file: StaticFile,
  acceptEncoding: string | undefined,
): { body: Buffer; encoding?: 'br' | 'gzip' } {
  const accept = (acceptEncoding ?? '').toLowerCase();
  if (file.br && /\bbr\b/.test(accept)) return { body: file.br, encoding: 'br' };
  if (file.gzip && /\bgzip\b/.test(accept)) return { body: file.gzip, encoding: 'gzip' };
  return { body: file.body };
}
