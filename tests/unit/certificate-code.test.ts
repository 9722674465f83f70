/** Verification codes: printed in even groups for every length the verification page accepts, and read back as typed. */
import { randomBytes } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { describe, expect, it } from 'vitest';
import { CODE_LENGTH, cleanVerificationCode, printedCode, verifyPath } from '../../src/domain/certificate-code.ts';

const lengths = Array.from({ length: CODE_LENGTH.max - CODE_LENGTH.min + 1 }, (_, i) => CODE_LENGTH.min + i);
const codeOf = (length: number) => 'abcdefghijklmnopqrstuvwxyz234567'.repeat(2).slice(0, length);

describe('printed verification codes', () => {
  it('split the stored 26 letters into 5-5-4-4-4-4, not groups of five and a lone letter', () => {
    expect(printedCode('abcdefghijklmnopqrstuvwxyz')).toBe('ABCDE-FGHIJ-KLMN-OPQR-STUV-WXYZ');
    expect(encodeBase32LowerCaseNoPadding(randomBytes(16))).toHaveLength(26);
  });

  it.each(lengths)('of %i letters: groups of 4 or 5, sizes within one, longer first, nothing lost', (length) => {
    const code = codeOf(length);
    const groups = printedCode(code).split('-');
    const sizes = groups.map((g) => g.length);
    expect(groups.join('')).toBe(code.toUpperCase());
    for (const size of sizes) expect([4, 5]).toContain(size);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    expect(groups).toHaveLength(Math.ceil(length / 5));
  });

  it.each(lengths)('of %i letters are accepted back as printed, typed in lower case or with spaces', (length) => {
    const code = codeOf(length);
    expect(cleanVerificationCode(printedCode(code))).toBe(code);
    expect(cleanVerificationCode(printedCode(code).toLowerCase().replaceAll('-', ' '))).toBe(code);
  });

  it('outside the accepted lengths are refused', () => {
    expect(cleanVerificationCode(codeOf(CODE_LENGTH.min - 1))).toBeNull();
    expect(cleanVerificationCode(codeOf(CODE_LENGTH.max) + 'a')).toBeNull();
  });
});

describe('the verification page of a code', () => {
  it('is /verify in Ukrainian and /eng/verify in English', () => {
    expect(verifyPath('uk', 'abc')).toBe('/verify?code=abc');
    expect(verifyPath('en', 'abc')).toBe('/eng/verify?code=abc');
  });
});
