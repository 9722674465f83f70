import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emojiIn } from '../support/emoji.ts';
import { checkedContent, siteContent } from '../../src/lib/site-content.ts';
import { FLAG_CODES } from '../../src/components/Icon.tsx';
import uk from '../../src/content/site/uk.json' with { type: 'json' };

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(json|md)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));

describe('texts and content carry no emoji (icons are SVG: src/components/Icon.tsx)', () => {
  it.each([...filesUnder('src/content'), ...filesUnder('src/i18n')])('%s', (file) => {
    expect(emojiIn(readFileSync(file, 'utf8'))).toEqual([]);
  });

  it('the check itself finds pictographs and flags, and lets © pass', () => {
    expect(emojiIn('🔒 Premium · 🇺🇦 Україна · ⚠ · © 2026 · ✓ right')).toEqual(['🔒', '🇺', '🇦', '⚠']);
  });
});

describe('the countries of the site content', () => {
  it('name a flag we draw, in both languages', () => {
    for (const lang of ['uk', 'en'] as const)
      for (const { code } of siteContent(lang).countries) expect(FLAG_CODES, `${lang} ${code}`).toContain(code);
  });

  it('stop the build at a country without a flag', () => {
    const countries = [{ ...uk.countries[0], code: 'FR' }];
    expect(() => checkedContent({ ...uk, countries }, 'uk')).toThrow(/"FR" has no flag; use one of UA, JP, GB, DE, US/);
  });
});
