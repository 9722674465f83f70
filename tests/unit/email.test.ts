import { describe, expect, it } from 'vitest';
import { cleanEmail, emailKey } from '../../src/domain/email.ts';

describe('email addresses', () => {
  it('keep an ordinary address, with the domain in lower case', () => {
    expect(cleanEmail('Olena.Koval+tests@Example.COM')).toBe('Olena.Koval+tests@example.com');
    expect(cleanEmail('  a_b-c@mail.example.org ')).toBe('a_b-c@mail.example.org');
  });

  it('fold look-alike forms into one account: zero-width, bidi controls, full-width letters, NFD', () => {
    const plain = 'olena@example.com';
    for (const variant of [
      'ole\u200bna@example.com',
      'olena@example.com\u202e',
      '\ufeffolena@example.com',
      'ｏｌｅｎａ@ｅｘａｍｐｌｅ.ｃｏｍ',
      'OLENA@EXAMPLE.COM',
    ]) {
      expect(emailKey(variant), JSON.stringify(variant)).toBe(plain);
    }
    expect(cleanEmail('cafe\u0301@example.com')).toBeNull(); // NFKC makes é, which is not ASCII
  });

  it('refuse what mail providers do not accept', () => {
    for (const bad of [
      '"<script>"@x.yz',
      'a@b..c',
      'a@b',
      'a@-b.com',
      'a@b-.com',
      'a..b@example.com',
      '.a@example.com',
      'a.@example.com',
      'а@example.com',
      'a@exаmple.com',
      'a@example.c0m',
      'a@example.c',
      `${'x'.repeat(65)}@example.com`,
      'no-at.example.com',
      '@example.com',
      'a b@example.com',
    ]) {
      expect(cleanEmail(bad), bad).toBeNull();
    }
  });
});
