/**
 * What a person types about themselves — a name, a phone number — checked by the same rule in the browser (before
 * sending) and on the server (the body schemas in lib/server/fields.ts), so the two never disagree.
 */
import { isPlainText } from './text.ts';

export const NAME_MAX_LENGTH = 100;

/** Digits with the usual separators and an optional leading +, 9–20 characters: any country's number. */
const PHONE = /^\+?[0-9 ()-]{9,20}$/;

export const isPhone = (raw: string): boolean => PHONE.test(raw.trim());

/** A name someone must give (on an order, a profile): present, not too long, nothing that rewrites how it reads. */
export const isPersonName = (raw: string): boolean => {
  const name = raw.trim();
  return name.length >= 1 && name.length <= NAME_MAX_LENGTH && isPlainText(name);
};
