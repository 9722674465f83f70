/** Names and phone numbers: one rule for the browser's check and the server's schema (domain/contact.ts). */
import { describe, expect, it } from 'vitest';
import { firstNameOf, isPersonName, isPhone, personName, phoneNumber } from '../../src/domain/contact.ts';
import { fullNameField, nameRefusal, optionalNameField, phoneField } from '../../src/lib/server/fields.ts';

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
  '671234567',
  '4155550100',
  '+0 44 20 7946 0958',
  '380 67 123 45 67',
  '+38 (067) 123-45-67',
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
    expect(phones.filter(isPhone)).toEqual([
      '+380 67 123 45 67',
      '(067) 123-45-67',
      '+1 415 555 0100',
      ' 0671234567 ',
      '380 67 123 45 67',
      '+38 (067) 123-45-67',
    ]);
  });

  it('keeps every number international: a Ukrainian one typed as at home gets +38, any other needs its +', () => {
    expect(phones.filter(isPhone).map(phoneNumber)).toEqual([
      '+380671234567',
      '+380671234567',
      '+14155550100',
      '+380671234567',
      '+380671234567',
      '+380671234567',
    ]);
    // Without a +, a number of another country cannot be told from a mistyped one: refused, not guessed.
    expect(phoneNumber('4155550100')).toBeNull();
    expect(phoneNumber('671234567')).toBeNull();
  });

  it('wants a name present, at most 100 characters, with no control or bidi override characters', () => {
    expect(names.filter(isPersonName)).toEqual(['Олена Петренко', '  Jane Doe  ', 'x'.repeat(100), 'Zoë']);
  });

  it('the server refuses exactly what the browser refuses', () => {
    for (const phone of phones) {
      expect(phoneField.safeParse(phone).success).toBe(isPhone(phone));
      // What the server keeps is what the browser shows after the field is left.
      if (isPhone(phone)) expect(phoneField.parse(phone)).toBe(phoneNumber(phone));
    }
    for (const name of names) expect(fullNameField.safeParse(name).success).toBe(isPersonName(name));
    expect(fullNameField.parse('  Jane Doe  ')).toBe('Jane Doe');
  });

  it('accept a name in any script a person may have, kept as typed (NFC)', () => {
    const everyScript = [
      'Zoë Saldaña',
      'Олена Ґудзь-Їжакевич',
      'Γιώργος Παπαδόπουλος',
      '王小明',
      '歐陽娜娜',
      '佐々木 さくら',
      'カタカナ・タロウ',
      '김민준',
      'محمد عبد الله',
      'علی‌رضا',
      'דוד כהן',
      'अनुष्का शर्मा',
      'ნინო ბერიძე',
      'Արամ Խաչատրյան',
      'สมชาย ใจดี',
      'Nguyễn Thị Minh Khai',
      'X Æ A-12',
      '007',
    ];
    for (const name of everyScript) expect(personName(name), name).toEqual({ ok: true, name });
  });

  it('take off what draws nothing at the ends, make each run of spaces one space, and compose (NFC)', () => {
    expect(personName('\u200b\ufeff Jane\u00a0\u3000 Doe\u3164\u2800')).toEqual({ ok: true, name: 'Jane Doe' });
    expect(personName('Zoe\u0308')).toEqual({ ok: true, name: 'Zo\u00eb' });
  });

  it.each([
    ['zero-width space', '\u200b'],
    ['zero-width joiner and non-joiner', '\u200d\u200c\u200d'],
    ['Hangul filler', '\u3164\u3164'],
    ['Hangul choseong and jungseong fillers', '\u115f\u1160'],
    ['halfwidth Hangul filler', '\uffa0'],
    ['tag characters', '\u{e0001}\u{e0041}\u{e007f}'],
    ['blank braille pattern', '\u2800\u2800\u2800'],
    ['byte order mark, word joiner, soft hyphen', '\ufeff\u2060\u00ad'],
    ['variation selectors', '\ufe0f\u{e0100}'],
    ['a combining mark alone', '\u0301'],
    ['punctuation alone', '-- . --'],
    ['all of them with spaces between', ' \u200b \u3164 \u2800 \u{e0041} '],
  ])('refuse a name with no visible letter or digit: %s', (_, raw) => {
    expect(personName(raw)).toEqual({ ok: false, error: 'invisible' });
    expect(isPersonName(raw)).toBe(false);
    expect(fullNameField.safeParse(raw).success).toBe(false);
    expect(optionalNameField.safeParse(raw).success).toBe(false);
  });

  it('leave an optional name out when only spaces are typed, and answer an invisible one with its own message', async () => {
    expect(optionalNameField.parse('   ')).toBeUndefined();
    expect(optionalNameField.parse(undefined)).toBeUndefined();
    expect(optionalNameField.parse(' Олена  Коваль ')).toBe('Олена Коваль');
    const issues = fullNameField.safeParse('\u200b').error!.issues;
    for (const lang of ['uk', 'en'] as const) {
      const res = nameRefusal(issues, lang);
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.error).toBe('name.error.invisible');
      expect(body.message).toMatch(lang === 'uk' ? /видиму літеру/ : /visible letter/);
    }
    expect((await nameRefusal(fullNameField.safeParse('x'.repeat(101)).error!.issues, 'en').json()).error).toBe(
      'api.error.invalid_body',
    );
  });
});

describe('the first name a shared result shows', () => {
  it('is the first word, split at anything that draws nothing, or none', () => {
    expect(firstNameOf('Олена Коваль')).toBe('Олена');
    expect(firstNameOf('  Olena   Koval ')).toBe('Olena');
    // A zero-width space, a braille blank or a no-break space between the words does not let the whole name through.
    expect(firstNameOf('Олена\u200bКоваль')).toBe('Олена');
    expect(firstNameOf('Олена\u2800Коваль')).toBe('Олена');
    expect(firstNameOf('Олена\u00a0Коваль')).toBe('Олена');
    expect(firstNameOf('Мао')).toBe('Мао');
    expect(firstNameOf('')).toBeNull();
    expect(firstNameOf(null)).toBeNull();
    expect(firstNameOf('\u200b\u3164')).toBeNull();
  });
});
