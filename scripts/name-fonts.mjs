// `npm run fonts:names`: writes the fallback fonts certificates draw holders' names in (src/assets/fonts/, committed;
// src/lib/server/fonts.ts picks them by the scripts in a name), all bold, all under the SIL Open Font
// License. They come from the npm registry, fetched with `npm pack` so they never enter node_modules (the Chinese
// package alone is 92 MB over nine weights): Google Fonts' TTFs as the @expo-google-fonts packages ship them, and
// for Hebrew, Georgian, Armenian and Thai the script's slice of a @fontsource package (WOFF, turned into TrueType:
// resvg reads no WOFF). Noto Sans (Latin, Greek, Cyrillic, Devanagari) and Noto Sans Arabic are copied whole; the CJK
// ones are cut with hb-subset (subset-font) to the characters of the national character sets people's names are
// written in, to keep the certificate function's bundle small:
//   Han: GB 2312 (6,763), Big5 level 1 (5,401), JIS X 0208 (6,355 kanji), KS X 1001 hanja (4,888) → 10,831 distinct
//        (10,657 of them in the font), plus the kana, the ideographic iteration mark 々, CJK punctuation and
//        full-width forms (Noto Sans SC);
//   Hangul: the 2,350 syllables of KS X 1001 and the compatibility jamo (Noto Sans KR).
// A rarer Han character (outside all four sets) is not in the subset and draws as a blank box: README, "Departures".
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import subsetFont from 'subset-font';

const OUT = new URL('../src/assets/fonts/', import.meta.url).pathname;
const PACKAGES = {
  'noto-sans': ['@expo-google-fonts/noto-sans@0.4.2', '700Bold/NotoSans_700Bold.ttf'],
  'noto-sans-arabic': ['@expo-google-fonts/noto-sans-arabic@0.4.3', '700Bold/NotoSansArabic_700Bold.ttf'],
  'noto-sans-sc': ['@expo-google-fonts/noto-sans-sc@0.4.3', '700Bold/NotoSansSC_700Bold.ttf'],
  'noto-sans-kr': ['@expo-google-fonts/noto-sans-kr@0.4.3', '700Bold/NotoSansKR_700Bold.ttf'],
};
/** Fontsource's packages: the script's own slice, and the range of characters it has. */
const SLICES = {
  Hebrew: ['@fontsource/noto-sans-hebrew@5.3.0', 'files/noto-sans-hebrew-hebrew-700-normal.woff', 0x0590, 0x05ff],
  Georgian: [
    '@fontsource/noto-sans-georgian@5.3.0',
    'files/noto-sans-georgian-georgian-700-normal.woff',
    0x10a0,
    0x10ff,
  ],
  Armenian: [
    '@fontsource/noto-sans-armenian@5.3.0',
    'files/noto-sans-armenian-armenian-700-normal.woff',
    0x0530,
    0x058f,
  ],
  Thai: ['@fontsource/noto-sans-thai@5.3.0', 'files/noto-sans-thai-thai-700-normal.woff', 0x0e00, 0x0e7f],
};

/** Every character a double-byte legacy encoding maps the given lead and trail byte ranges to. */
function charset(encoding, leads, trails) {
  const decoder = new TextDecoder(encoding);
  const chars = new Set();
  for (const [l0, l1] of leads)
    for (let lead = l0; lead <= l1; lead++)
      for (const [t0, t1] of trails)
        for (let trail = t0; trail <= t1; trail++) {
          const text = decoder.decode(new Uint8Array([lead, trail]));
          if ([...text].length === 1 && text !== '\ufffd') chars.add(text);
        }
  return chars;
}
const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i));
const han = (chars) => [...chars].filter((c) => /\p{Script=Han}/u.test(c));

const HAN = new Set([
  ...han(charset('gbk', [[0xb0, 0xf7]], [[0xa1, 0xfe]])),
  ...han(
    charset(
      'big5',
      [[0xa4, 0xc6]],
      [
        [0x40, 0x7e],
        [0xa1, 0xfe],
      ],
    ),
  ),
  ...han(
    charset(
      'shift_jis',
      [
        [0x88, 0x9f],
        [0xe0, 0xea],
      ],
      [
        [0x40, 0x7e],
        [0x80, 0xfc],
      ],
    ),
  ),
  ...han(charset('euc-kr', [[0xca, 0xfd]], [[0xa1, 0xfe]])),
]);
const CJK_MARKS = [...range(0x3000, 0x30ff), ...range(0x31f0, 0x31ff), ...range(0xff01, 0xff9f)];
const HANGUL = [...charset('euc-kr', [[0xb0, 0xc8]], [[0xa1, 0xfe]]), ...range(0x3131, 0x318e)];

const work = mkdtempSync(join(tmpdir(), 'rozum-fonts-'));
try {
  /** A file of an npm package; its font licence (the SIL OFL 1.1, like Golos Text's OFL.txt) ships beside the font. */
  const unpack = (spec, file, license, name) => {
    const tarball = execFileSync('npm', ['pack', spec, '--silent'], { cwd: work, encoding: 'utf8' }).trim();
    execFileSync('tar', ['-xzf', join(work, tarball), '-C', work, `package/${file}`, `package/${license}`]);
    copyFileSync(join(work, 'package', license), `${OUT}OFL-${name}.txt`);
    return readFileSync(join(work, 'package', file));
  };
  const ttf = (name) => unpack(...PACKAGES[name], 'LICENSE_FONT', name);
  for (const [script, [spec, file, from, to]] of Object.entries(SLICES)) {
    const woff = unpack(spec, file, 'LICENSE', `noto-sans-${script.toLowerCase()}`);
    const text = range(from, to).join('') + range(0x20, 0x7e).join('');
    writeFileSync(`${OUT}NotoSans${script}-Bold.ttf`, await subsetFont(woff, text, { targetFormat: 'truetype' }));
  }
  writeFileSync(OUT + 'NotoSans-Bold.ttf', ttf('noto-sans'));
  writeFileSync(OUT + 'NotoSansArabic-Bold.ttf', ttf('noto-sans-arabic'));
  const sc = ttf('noto-sans-sc');
  writeFileSync(
    OUT + 'NotoSansSC-Bold-names.ttf',
    await subsetFont(sc, [...HAN, ...CJK_MARKS].join(''), { targetFormat: 'truetype' }),
  );
  const kr = ttf('noto-sans-kr');
  writeFileSync(
    OUT + 'NotoSansKR-Bold-hangul.ttf',
    await subsetFont(kr, HANGUL.join(''), { targetFormat: 'truetype' }),
  );
  console.log(`Han characters: ${HAN.size}; Hangul syllables and jamo: ${HANGUL.length}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
