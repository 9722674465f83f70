/** Names and phone numbers: one rule for the browser's check and the server's schema (domain/contact.ts). */
import { describe, expect, it } from 'vitest';
import { isPersonName, isPhone } from '../../src/domain/contact.ts';
import { fullNameField, phoneField } from '../../src/lib/server/fields.ts';

const phones = [
  '+380 67 123 45 67',
  '(067) 123-45-67',
  '+1 415 555 0100',
  ' 0671234567 ',
  '12345678',
  '+3806712345678901234567',
  'phone',
  '+380-67-ABC',
  '',
];
const names = [
  'Олена Петренко',
  '  Jane Doe  ',
  '',
  '   ',
  'x'.repeat(100),
  'x'.repeat(101),
  'Eve\u202Eevil',
  'Tab\tName',
  'Zoë',
];

describe('contact fields', () => {
  it('accepts numbers of any country with the usual separators, and nothing else', () => {
    expect(phones.filter(isPhone)).toEqual(['+380 67 123 45 67', '(067) 123-45-67', '+1 415 555 0100', ' 0671234567 ']);
  });

  it('wants a name present, at most 100 characters, with no control or bidi override characters', () => {
    expect(names.filter(isPersonName)).toEqual(['Олена Петренко', '  Jane Doe  ', 'x'.repeat(100), 'Zoë']);
  });

  it('the server refuses exactly what the browser refuses', () => {
    for (const phone of phones) expect(phoneField.safeParse(phone).success).toBe(isPhone(phone));
    for (const name of names) expect(fullNameField.safeParse(name).success).toBe(isPersonName(name));
    expect(fullNameField.parse('  Jane Doe  ')).toBe('Jane Doe');
  });
});
