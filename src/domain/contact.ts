/**
 * What a person types about themselves — a name, a phone number — checked by the same rule in the browser (before
 * sending) and on the server (the body schemas in lib/server/fields.ts), so the two never disagree.
 */
import { isPlainText } from './text.ts';

export const NAME_MAX_LENGTH = 100;

/**
 * A phone number as it is stored and sent to WayForPay: international, + and up to 15 digits (E.164, a country code
 * never starting with 0). Typed with the usual separators (spaces, hyphens, dots, brackets); a Ukrainian number may
 * be typed as at home — 0XXXXXXXXX or 380XXXXXXXXX — and gets +38 / +. Any other number without + is refused: its
 * country cannot be told (issue 31: "0501234567" was stored as typed, without a country code).
 */
export function phoneNumber(raw: string): string | null {
  if (raw.length > 40) return null;
  const compact = raw.trim().replace(/[\s().-]/g, '');
  if (/^\+[1-9][0-9]{7,14}$/.test(compact)) return compact;
  if (/^380[0-9]{9}$/.test(compact)) return `+${compact}`;
  if (/^0[0-9]{9}$/.test(compact)) return `+38${compact}`;
  return null;
}

export const isPhone = (raw: string): boolean => phoneNumber(raw) !== null;

// Characters that draw nothing: spaces, the default-ignorable ones (zero-width space and joiners, word joiner, soft
// hyphen, variation selectors, tag characters U+E0000–E007F, and the Hangul fillers U+115F, U+1160, U+3164, U+FFA0,
// which Unicode counts as letters) and the blank braille pattern U+2800.
const BLANK = '[\\p{White_Space}\\p{Default_Ignorable_Code_Point}\\u2800]';
const BLANK_EDGES = new RegExp(`^${BLANK}+|${BLANK}+$`, 'gu');
/** A letter or digit of any script that draws something. */
const VISIBLE = /(?!\p{Default_Ignorable_Code_Point})[\p{L}\p{N}]/u;

export type PersonName =
  { ok: true; name: string } | { ok: false; error: 'empty' | 'invisible' | 'too_long' | 'unsafe' };

/**
 * A holder's name as it is stored and printed on a certificate (the one rule for sign-up, Google's profile name,
 * profile changes and the payment form): NFC, nothing that draws nothing at either end, any run of spaces one
 * space, and at least one visible letter or digit of any script — so a name of zero-width or filler characters is
 * refused ('invisible') instead of certifying a blank holder. 'empty' is nothing typed but spaces.
 */
export function personName(raw: string): PersonName {
  if (!/\S/u.test(raw)) return { ok: false, error: 'empty' };
  // Far past any name (and the ends' trim is quadratic in a run of spaces inside one): refused before it is read.
  if (raw.length > 4 * NAME_MAX_LENGTH) return { ok: false, error: 'too_long' };
  if (!isPlainText(raw)) return { ok: false, error: 'unsafe' };
  const name = raw
    .normalize('NFC')
    .replace(BLANK_EDGES, '')
    .replace(/\p{White_Space}+/gu, ' ');
  if (!VISIBLE.test(name)) return { ok: false, error: 'invisible' };
  if (name.length > NAME_MAX_LENGTH) return { ok: false, error: 'too_long' };
  return { ok: true, name };
}

/** A name someone must give (on an order, a profile): present, visible, not too long, nothing that rewrites it. */
export const isPersonName = (raw: string): boolean => personName(raw).ok;

/**
 * The first word of a holder's name — all a shared result's page shows when its owner chooses to show a name (issue
 * 32), and what the share dialog says it will show, so the owner sees it before it is public. Words are split at
 * anything that draws nothing (a zero-width space between two words must not let the whole name through); null for
 * no usable name.
 */
export function firstNameOf(fullName: string | null): string | null {
  const checked = personName(fullName ?? '');
  if (!checked.ok) return null;
  return checked.name.split(new RegExp(`${BLANK}+`, 'u')).find((word) => VISIBLE.test(word)) ?? null;
}
