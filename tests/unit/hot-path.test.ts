/**
 * Pieces of the scoring request's hot path that were made cheaper (issue 16, "cheap wins"): each still does exactly
 * what it did — the session id is the token's SHA-256, pooled random bytes are fresh and never handed out twice, and
 * the body walk refuses the same text as before.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sessionIdOf } from '../../src/lib/server/session.ts';
import { pooledRandomBytes } from '../../src/lib/server/random.ts';
import { hasUnstorableText } from '../../src/lib/server/http.ts';

describe('the session id', () => {
  it('is the SHA-256 of the token in lower-case hex (a published vector, and Node’s streaming hash)', () => {
    expect(sessionIdOf('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    for (const token of ['', 'abcdefghijklmnopqrstuvwxyz234567', 'ключ-з-юнікодом']) {
      expect(sessionIdOf(token)).toBe(createHash('sha256').update(token, 'utf8').digest('hex'));
    }
  });
});

describe('pooled random bytes', () => {
  it('hands out each byte once: a thousand 16-byte draws across several refills are all different', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const bytes = pooledRandomBytes(16);
      expect(bytes).toHaveLength(16);
      seen.add(Buffer.from(bytes).toString('hex'));
    }
    expect(seen.size).toBe(1000);
  });

  it('gives a copy: a code drawn before the pool refills stays what it was', () => {
    const code = pooledRandomBytes(16);
    const before = Buffer.from(code).toString('hex');
    for (let i = 0; i < 300; i++) pooledRandomBytes(16);
    expect(Buffer.from(code).toString('hex')).toBe(before);
  });

  it('draws uniform bytes: over 64 KiB each value turns up about 256 times', () => {
    const counts = new Array(256).fill(0);
    for (let i = 0; i < 16; i++) for (const b of pooledRandomBytes(4096)) counts[b]++;
    expect(Math.min(...counts)).toBeGreaterThan(150);
    expect(Math.max(...counts)).toBeLessThan(380);
  });

  it('refuses a size it cannot serve from one pool', () => {
    expect(pooledRandomBytes(0)).toHaveLength(0);
    expect(() => pooledRandomBytes(4097)).toThrow(RangeError);
    expect(() => pooledRandomBytes(-1)).toThrow(RangeError);
    expect(() => pooledRandomBytes(1.5)).toThrow(RangeError);
  });
});

describe('text PostgreSQL cannot store, anywhere in a parsed body', () => {
  const sheet = { formId: 0, answers: [{ questionId: 1, selectedAnswer: 2 }], submissionId: 'a' };

  it('passes an ordinary body', () => {
    expect(hasUnstorableText(sheet)).toBe(false);
    expect(hasUnstorableText(JSON.parse('{"__proto__":{"a":"b"},"x":[null,true,1.5,"ok"]}'))).toBe(false);
  });

  it.each([
    ['a NUL in a nested string', { ...sheet, answers: [{ questionId: 1, note: 'a\u0000b' }] }],
    ['a NUL in a key', JSON.parse('{"ok":{"a\\u0000":1}}')],
    ['a lone surrogate in an array', { list: ['fine', ['\ud800']] }],
    ['a lone surrogate in a key', JSON.parse('{"\\udc00":1}')],
    ['a key named __proto__ holding a NUL', JSON.parse('{"__proto__":"\\u0000"}')],
  ])('refuses %s', (_name, value) => {
    expect(hasUnstorableText(value)).toBe(true);
  });

  it('refuses nesting deeper than any body of ours, and allows it up to there', () => {
    const nest = (depth: number): unknown => (depth === 0 ? 'leaf' : [nest(depth - 1)]);
    expect(hasUnstorableText(nest(32))).toBe(false);
    expect(hasUnstorableText(nest(34))).toBe(true);
  });
});
