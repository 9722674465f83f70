import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emojiIn } from '../support/emoji.ts';

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
