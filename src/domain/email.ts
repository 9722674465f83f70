/**
 * Email addresses as people type them: NFKC (so full-width letters are plain ones), no zero-width or
 * bidirectional control characters, trimmed, the domain in lower case — and then only the practical subset of
 * RFC 5321 that mail providers accept: an ASCII dot-atom local part of at most 64 characters, and a domain of
 * letter-digit-hyphen labels with an alphabetic top level. Anything else (a quoted local part, a Cyrillic letter
 * that looks Latin, `a@b..c`) is refused rather than creating an account that looks like another.
 */
const INVISIBLE = /[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
const LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/** The address to store and show, or null when it is not one mail providers accept. */
export function cleanEmail(raw: string): string | null {
  const text = raw.normalize('NFKC').replace(INVISIBLE, '').trim();
  const at = text.lastIndexOf('@');
  if (at < 1 || text.length > 254) return null;
  const local = text.slice(0, at);
  const domain = text.slice(at + 1).toLowerCase();
  if (local.length > 64 || !LOCAL.test(local)) return null;
  const labels = domain.split('.');
  if (
    domain.length > 253 ||
    labels.length < 2 ||
    !labels.every((l) => LABEL.test(l)) ||
    !/^[a-z]{2,63}$/.test(labels[labels.length - 1])
  )
    return null;
  return `${local}@${domain}`;
}

/** The key accounts are unique on: the clean address in lower case (or, for an unusable one, its trimmed lower case). */
export const emailKey = (raw: string): string => (cleanEmail(raw) ?? raw.trim()).toLowerCase();
