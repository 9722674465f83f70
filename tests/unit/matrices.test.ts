import { describe, expect, it } from 'vitest';
import { generateMatrixItem, TEMPLATES } from '../../src/domain/matrices/generate.ts';
import { samePanel, type Panel } from '../../src/domain/matrices/model.ts';
import { FEATURE_COUNT, features, shortcutOdds, STRATEGIES } from '../../src/domain/matrices/shortcuts.ts';
import { defensibleOptions, isUnambiguous, predictMissing } from '../../src/domain/matrices/solve.ts';
import { describeMatrix, describePanel, explainMatrix } from '../../src/domain/matrices/describe.ts';
import { renderMatrix, renderOption } from '../../src/domain/matrices/render.ts';

const templates = Object.keys(TEMPLATES) as (keyof typeof TEMPLATES)[];
const seeds = Array.from({ length: 25 }, (_, i) => 1 + i * 977);

describe.each(templates)('generated %s matrices', (template) => {
  it('have exactly one option that satisfies the rules, and it is the answer', () => {
    for (const seed of seeds) {
      const item = generateMatrixItem(template, seed);
      expect(isUnambiguous(item.matrix.panels), `seed ${seed}`).toBe(true);
      expect(defensibleOptions(item.matrix.panels, item.options), `seed ${seed}`).toEqual([item.correctAnswer]);
      expect(samePanel(item.options[item.correctAnswer], item.matrix.panels[2][2])).toBe(true);
    }
  });

  it('have six distinct options in which every value of every attribute appears equally often', () => {
    for (const seed of seeds) {
      const item = generateMatrixItem(template, seed);
      expect(new Set(item.options.map((o) => features(o).join())).size, `seed ${seed}`).toBe(6);
      for (let f = 0; f < FEATURE_COUNT; f++) {
        const counts = new Map<number, number>();
        for (const o of item.options) counts.set(features(o)[f], (counts.get(features(o)[f]) ?? 0) + 1);
        // 6 (constant), 3 + 3 (a cube dimension) or 2 + 2 + 2 (the three-valued side of a 3×2 factorial).
        expect([[6], [3, 3], [2, 2, 2]], `seed ${seed}, feature ${f}`).toContainEqual([...counts.values()]);
      }
    }
  });

  it('are the same for the same seed and differ between seeds', () => {
    expect(generateMatrixItem(template, 42)).toEqual(generateMatrixItem(template, 42));
    const descriptions = new Set(seeds.map((s) => describeMatrix('en', generateMatrixItem(template, s).matrix)));
    expect(descriptions.size).toBeGreaterThan(seeds.length / 2);
  });

  it('describe every panel in both languages and explain the rule', () => {
    const item = generateMatrixItem(template, 7);
    for (const lang of ['uk', 'en'] as const) {
      expect(new Set(item.options.map((o) => describePanel(lang, item.matrix, o))).size).toBe(6);
      expect(explainMatrix(lang, item.matrix, item.options[item.correctAnswer]).length).toBeGreaterThan(40);
    }
    expect(renderMatrix(item.matrix.panels, item.matrix.family)).toMatch(
      /^<svg [^>]*viewBox="0 0 316 316"[\s\S]*>\?<\/text>/,
    );
    expect(renderOption(item.options[0], item.matrix.family)).toMatch(/^<svg [^>]*viewBox="0 0 100 100"/);
  });
});

describe('the independent reader', () => {
  const base: Panel = { shape: 0, count: 1, size: 1, fill: 0, rotation: 0, position: 8, lines: 0 };
  const grid = (lines: number[][]) => lines.map((row) => row.map((l) => ({ ...base, lines: l })));

  it('sees two rules where two fit, so a matrix like that is rejected', () => {
    // Rows 1–2 are disjoint unions, so "add" and "exclusive or" both fit; row 3 overlaps, so they disagree.
    const panels = grid([
      [0b0001, 0b0010, 0b0011],
      [0b0100, 0b1000, 0b1100],
      [0b0011, 0b0110, 0],
    ]);
    expect(predictMissing(panels).lines).toEqual(new Set([0b0111, 0b0101]));
    expect(isUnambiguous(panels)).toBe(false);
  });

  it('refuses an option that breaks a rule', () => {
    const panels = [1, 2, 3].map((r) => [1, 2, 3].map((count) => ({ ...base, shape: r, count })));
    const wrong = { ...panels[2][2], count: 2 };
    expect(defensibleOptions(panels, [wrong, panels[2][2]])).toEqual([1]);
  });
});

// The full cue battery (every reader, both sides of chance, 10,000 items per template) is in tests/unit/cues/.
describe('the shortcut strategies the generator guards against', () => {
  const odds = (item: ReturnType<typeof generateMatrixItem>) =>
    shortcutOdds(item.matrix.panels.flat().slice(0, 8), item.options, item.correctAnswer);

  it.each(templates)('never keep the answer alone on a %s item', (template) => {
    for (const seed of seeds) {
      const o = odds(generateMatrixItem(template, seed));
      for (const s of STRATEGIES) expect(o[s], `${s}, seed ${seed}`).toBeLessThan(1);
    }
  });

  it('catches the old design, where each distractor changed one attribute of the answer', () => {
    const item = generateMatrixItem('shape-fill-count', 11);
    const answer = item.options[item.correctAnswer];
    const old = [
      answer,
      { ...answer, shape: (answer.shape + 1) % 6 },
      { ...answer, shape: (answer.shape + 2) % 6 },
      { ...answer, fill: (answer.fill + 1) % 3 },
      { ...answer, fill: (answer.fill + 2) % 3 },
      { ...answer, count: answer.count === 1 ? 2 : 1 },
    ];
    expect(odds({ ...item, options: old, correctAnswer: 0 }).mode).toBe(1);
  });
});
