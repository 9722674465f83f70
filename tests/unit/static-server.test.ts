/**
 * The local static server's memory, not-found pages and log: only files that exist are cached (bounded by dist/,
 * whatever paths clients invent), an unknown address gets the not-found page of its language, and a request's log
 * line is short, query-free and cannot forge a second line.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createStaticServer, negotiate } from '../../src/runtime/static.ts';
import { lineWriter, requestLogLine } from '../../src/runtime/server.ts';

function site() {
  const dir = mkdtempSync(join(tmpdir(), 'rozum-static-'));
  mkdirSync(join(dir, 'iq'));
  mkdirSync(join(dir, '_astro'));
  mkdirSync(join(dir, 'eng'));
  writeFileSync(join(dir, 'index.html'), '<h1>home</h1>');
  writeFileSync(join(dir, 'iq', 'index.html'), '<h1>iq</h1>');
  writeFileSync(join(dir, '_astro', 'app.1234.js'), 'console.log(1)');
  writeFileSync(join(dir, '404.html'), '<h1>404</h1>');
  writeFileSync(join(dir, 'eng', 'index.html'), '<h1>home en</h1>');
  writeFileSync(join(dir, 'eng', '404.html'), '<h1>404 en</h1>');
  return dir;
}

describe('static file cache', () => {
  it('keeps only files that exist, however many unknown paths are asked for', async () => {
    const files = createStaticServer(site());
    for (let i = 0; i < 2000; i++) expect((await files.resolve(`/missing-${i}`)).status).toBe(404);
    expect(files.size()).toBe(1); // the 404 page
    expect((await files.resolve('/iq')).status).toBe(200);
    expect(files.size()).toBe(2);
  });

  it('holds one entry per file, whichever spelling of its path is used', async () => {
    const files = createStaticServer(site());
    for (const path of ['/iq', '/iq/', '/iq/index.html', '/x/../iq', '/iq//', '/./iq/index.html']) {
      const { status, file } = await files.resolve(path);
      expect(status).toBe(200);
      expect(file.body.toString()).toBe('<h1>iq</h1>');
    }
    expect(files.size()).toBe(1);
  });

  it('never leaves dist/ and marks only hashed assets immutable', async () => {
    const files = createStaticServer(site());
    expect((await files.resolve('/../../etc/passwd')).status).toBe(404);
    expect((await files.resolve('/%2e%2e/%2e%2e/etc/passwd')).status).toBe(404);
    expect((await files.resolve('/_astro/app.1234.js')).file.cacheControl).toContain('immutable');
    expect((await files.resolve('/iq')).file.cacheControl).toBe('public, max-age=0, must-revalidate');
  });
});

describe('compression', () => {
  it('compresses a file in the background, off the event loop: the first request gets the body at once', async () => {
    const dir = site();
    const big = Array.from({ length: 30_000 }, (_, i) => `export const v${i} = ${(i * 7919) % 10007};`).join('\n');
    writeFileSync(join(dir, '_astro', 'big.js'), big);
    // What blocking would cost: the same compression on this thread.
    const t0 = performance.now();
    brotliCompressSync(big, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    const blocking = performance.now() - t0;
    // The longest the event loop went without a turn while the file was loaded and compressed.
    let longest = 0;
    let last = performance.now();
    let turning = true;
    const turn = () => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      if (turning) setTimeout(turn, 1);
    };
    setTimeout(turn, 1);
    const { file } = await createStaticServer(dir).resolve('/_astro/big.js');
    // The first request does not wait: nothing compressed yet, the body as it is.
    expect(negotiate(file, 'br, gzip')).toEqual({ body: file.body });
    await file.compressed;
    await new Promise((r) => setTimeout(r, 5)); // the turn after the work records the gap before it
    turning = false;
    expect(longest).toBeLessThan(blocking / 2);
    expect(negotiate(file, 'br, gzip').encoding).toBe('br');
    expect(file.br!.length).toBeLessThan(file.body.length / 3);
    expect(file.gzip!.length).toBeLessThan(file.body.length / 3);
  }, 20_000);
});

describe('not-found pages', () => {
  it('answers an unknown address under /eng with the English page, any other with the Ukrainian one', async () => {
    const files = createStaticServer(site());
    const page = async (path: string) => {
      const { status, file } = await files.resolve(path);
      return [status, file.body.toString()];
    };
    for (const path of ['/eng/nope-xyz', '/eng/nope-xyz/', '/eng/a/b', '/eng%2Fnope', '/eng/iq.html'])
      expect(await page(path), path).toEqual([404, '<h1>404 en</h1>']);
    for (const path of ['/nope-xyz', '/english', '/engx/nope', '/iq/nope', '/%E0%A4%A'])
      expect(await page(path), path).toEqual([404, '<h1>404</h1>']);
    expect(await page('/eng')).toEqual([200, '<h1>home en</h1>']);
  });
});

describe('request log line', () => {
  it('cuts long paths and drops the query string, which may carry a token', () => {
    const line = requestLogLine('GET', `/api/${'a'.repeat(1_000_000)}?token=v1.secret.mac`, 404, 1.23);
    expect(line.length).toBeLessThan(300);
    expect(line).toContain('…(1000005 chars)');
    expect(line).not.toContain('secret');
    expect(requestLogLine('POST', '/api/tests/iq/score?x=1', 200, 12.345)).toBe('POST /api/tests/iq/score 200 12.3ms');
    // A code that opens a shared result or a certificate is a secret: the log keeps its first four characters only.
    const share = 'AbCdEfGhIjKlMnOpQrStUv';
    expect(requestLogLine('GET', `/r/${share}`, 200, 1)).toBe('GET /r/AbCd… 200 1.0ms');
    expect(requestLogLine('GET', `/eng/r/${share}?from=x`, 200, 1)).toBe('GET /eng/r/AbCd… 200 1.0ms');
    expect(requestLogLine('GET', `/api/shares/${share}/card`, 200, 1)).toBe('GET /api/shares/AbCd…/card 200 1.0ms');
    expect(requestLogLine('GET', '/api/certificates/verify/ABCDEFGHIJKLMNOPQRSTUVWXYZ', 200, 1)).toBe(
      'GET /api/certificates/verify/ABCD… 200 1.0ms',
    );
    for (const line of [
      requestLogLine('GET', `/r/${share}`, 404, 1),
      requestLogLine('GET', `/api/shares/${share}/card`, 200, 1),
    ])
      expect(line).not.toContain(share);
  });

  it('escapes control characters, so a URL cannot write a forged line', () => {
    const line = requestLogLine('GET', '/a\r\nGET /admin 200 1.0ms\u0000', 404, 1);
    expect(line).not.toMatch(/[\r\n\u0000]/);
    expect(line).toContain('\\x0d\\x0a');
  });
});

describe('log writer', () => {
  it('writes the lines of one turn of the event loop at once, in order, and what is left on flush', async () => {
    const writes: string[] = [];
    const lines = lineWriter({ write: (text: string) => writes.push(text) });
    lines.log('GET / 200 1.0ms');
    lines.log('GET /eng 200 1.1ms');
    expect(writes).toEqual([]);
    await new Promise((r) => setImmediate(r));
    expect(writes).toEqual(['GET / 200 1.0ms\nGET /eng 200 1.1ms\n']);
    lines.log('[start] stopping');
    lines.flush();
    expect(writes).toEqual(['GET / 200 1.0ms\nGET /eng 200 1.1ms\n', '[start] stopping\n']);
    await new Promise((r) => setImmediate(r));
    expect(writes).toHaveLength(2);
  });
});
