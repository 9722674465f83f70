/** The IRT fixtures (tests/fixtures/irt/) as the domain reads them. */
import { readFileSync } from 'node:fs';
import type { ResponseData } from '../../src/domain/irt/calibrate.ts';
import type { DifGroup } from '../../src/domain/irt/dif.ts';

const lines = (file: string) => readFileSync(`tests/fixtures/irt/${file}`, 'utf8').trim().split('\n');

/** Bock & Lieberman's LSAT sections 6 and 7 (R's ltm and mirt): each response pattern once, with its frequency. */
export function lsatPatterns(file: 'LSAT6_patterns.csv' | 'LSAT7_patterns.csv'): ResponseData & { weights: number[] } {
  const [header, ...patterns] = lines(file).map((line) => line.split(','));
  return {
    items: header.slice(0, -1),
    rows: patterns.map((cells) => cells.slice(0, -1).map((x) => (x === '1' ? 1 : 0))),
    weights: patterns.map((cells) => Number(cells.at(-1))),
  };
}

/** difR's verbal aggression data: 316 sheets of 24 items; Gender 1 (men) is difR's focal group, 0 the reference. */
export function verbalAggression(): { data: ResponseData; groups: DifGroup[] } {
  const [header, ...sheets] = lines('verbal.csv').map((line) => line.split(','));
  return {
    data: {
      items: header.slice(0, 24),
      rows: sheets.map((cells) => cells.slice(0, 24).map((x) => (x === '1' ? 1 : 0))),
    },
    groups: sheets.map((cells) => (cells[24] === '1' ? 'focal' : 'reference')),
  };
}
