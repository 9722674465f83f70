/**
 * Verification codes of certificates: stored as 26 lower-case base32 letters (128 random bits, results-saving.ts);
 * accepted as typed or linked, separators and case ignored; printed upper-case in groups of four or five letters,
 * never a lone one; and the address of the verification page that checks one, in a language.
 */
import { localizedPath, type Lang } from '../i18n/paths.ts';

/** The lengths the verification page accepts (the stored codes are 26 long). */
export const CODE_LENGTH = { min: 16, max: 64 } as const;

/** A verification code as typed or linked: lower-case base32 letters only (anything else, NUL included, dropped). */
export const cleanVerificationCode = (raw: string): string | null => {
  const code = raw.toLowerCase().replace(/[^a-z2-7]/g, '');
  return code.length >= CODE_LENGTH.min && code.length <= CODE_LENGTH.max ? code : null;
};

const GROUP = 5;

/**
 * The code as printed: as few groups of at most five as its length needs, their sizes differing by one at most
 * (longer groups first), so 26 letters read ABCDE-FGHIJ-KLMN-OPQR-STUV-WXYZ rather than ending in a lone letter.
 */
export function printedCode(code: string): string {
  const letters = code.toUpperCase();
  const groups = Math.ceil(letters.length / GROUP);
  const short = Math.floor(letters.length / groups);
  const longer = letters.length % groups;
  const parts: string[] = [];
  for (let i = 0, at = 0; i < groups; i++) {
    const size = short + (i < longer ? 1 : 0);
    parts.push(letters.slice(at, at + size));
    at += size;
  }
  return parts.join('-');
}

/** The verification page of a code in a language, as a path ('/eng/verify?code=…'); the site's address goes before it. */
export const verifyPath = (lang: Lang, code: string): string => localizedPath(lang, `/verify?code=${code}`);
