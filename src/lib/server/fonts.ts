/**
 * The fonts images are drawn in, shipped in src/assets/fonts/ (netlify.toml includes them with the functions): Golos
 * Text for our own words, and the Noto fonts scripts/name-fonts.mjs makes for the scripts Golos Text lacks.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Beside this module when it runs from source (server, tests, functions); under the project root when the Astro
// build runs it bundled into dist/ to draw the social cards.
const FONT_DIRS = [
  fileURLToPath(new URL('../../assets/fonts/', import.meta.url)),
  join(process.cwd(), 'src/assets/fonts/'),
];
let dir: string | undefined;
/** Where a font shipped in src/assets/fonts/ is on this machine. */
export const fontFile = (name: string): string =>
  (dir ??= FONT_DIRS.find((candidate) => existsSync(candidate + 'GolosText-Regular.ttf')) ?? FONT_DIRS[0]) + name;

/** Fonts a name needs besides Golos Text and Noto Sans (Latin, Cyrillic, Greek, Devanagari), by its scripts. */
const FALLBACKS: [RegExp, string][] = [
  [/\p{Script=Arabic}/u, 'NotoSansArabic-Bold.ttf'],
  [/\p{Script=Hebrew}/u, 'NotoSansHebrew-Bold.ttf'],
  [/\p{Script=Georgian}/u, 'NotoSansGeorgian-Bold.ttf'],
  [/\p{Script=Armenian}/u, 'NotoSansArmenian-Bold.ttf'],
  [/\p{Script=Thai}/u, 'NotoSansThai-Bold.ttf'],
  [
    /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}\u3000-\u303f\uff00-\uffef]/u,
    'NotoSansSC-Bold-names.ttf',
  ],
  [/\p{Script=Hangul}/u, 'NotoSansKR-Bold-hangul.ttf'],
];
// Golos Text first, for the names the rest of the certificate is set in; resvg takes any other loaded font for a
// character these lack.
export const FAMILIES = "'Golos Text', 'Noto Sans', 'Noto Sans SC'";

/**
 * The font files a name needs, read from disk for each name (resvg takes paths), only those its scripts need: the
 * Chinese one is 3.9 MB. scripts/name-fonts.mjs makes them.
 */
export const nameFontFiles = (name: string): string[] =>
  [
    'GolosText-Bold.ttf',
    'NotoSans-Bold.ttf',
    ...FALLBACKS.filter(([script]) => script.test(name)).map(([, file]) => file),
  ].map(fontFile);

/**
 * What satori may fall back to (./png.ts): none for right-to-left or Indic scripts, since satori sets glyphs one by
 * one, unshaped, and would misdraw them (a holder's name goes through ./certificate-name.ts instead).
 */
export const SATORI_FALLBACKS = [
  'NotoSans-Bold.ttf',
  'NotoSansSC-Bold-names.ttf',
  'NotoSansKR-Bold-hangul.ttf',
  'NotoSansGeorgian-Bold.ttf',
  'NotoSansArmenian-Bold.ttf',
];
