/** `npm run items:calibrate` and `npm run items:score` as an operator runs them: files in, files out, clear refusals. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'rozum-irt-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const run = (script: string, args: string[]) =>
  spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', timeout: 60_000 });

// LSAT7 (mirt), one row per examinee, as the CSV the commands read.
const [header, ...patterns] = readFileSync('tests/fixtures/irt/LSAT7_patterns.csv', 'utf8').trim().split('\n');
const people = patterns.flatMap((line) => {
  const cells = line.split(',');
  return Array.from({ length: Number(cells.at(-1)) }, () => cells.slice(0, -1).join(','));
});
const csv = join(dir, 'lsat7.csv');
writeFileSync(csv, [header.split(',').slice(0, -1).join(','), ...people].join('\n') + '\n');

describe('items:calibrate and items:score', () => {
  it('calibrate a CSV of people into the documented JSON, then score each person by EAP', () => {
    const params = join(dir, 'params.json');
    const calibrated = run('db/items-calibrate.ts', ['--input', csv, '--model', '2pl', '--out', params]);
    expect(calibrated.stderr).toBe('');
    expect(calibrated.status).toBe(0);
    const fit = JSON.parse(readFileSync(params, 'utf8'));
    expect(Object.keys(fit)).toEqual(['model', 'logLik', 'quadraturePoints', 'converged', 'items']);
    expect(fit.model).toBe('2pl');
    // 21 Gauss–Hermite points: the same maximum as mirt's rectangular 61 to three decimals on these data.
    expect(fit.logLik).toBeCloseTo(-2658.805, 3);
    expect(fit.items.map((i: { id: string }) => i.id)).toEqual(['i1', 'i2', 'i3', 'i4', 'i5']);
    for (const item of fit.items) expect(Object.keys(item)).toEqual(['id', 'a', 'b', 'c', 'seA', 'seB']);

    const scores = join(dir, 'scores.json');
    const scored = run('db/items-score.ts', ['--params', params, '--input', csv, '--out', scores]);
    expect(scored.status).toBe(0);
    const readings = JSON.parse(readFileSync(scores, 'utf8')) as { theta: number; sd: number }[];
    expect(readings).toHaveLength(1000);
    for (const r of readings) {
      expect(Object.keys(r)).toEqual(['theta', 'sd']);
      expect(r.sd).toBeGreaterThan(0);
      expect(r.sd).toBeLessThan(1);
    }
    // Five right reads higher than none right; the EAPs of a calibration sample average near the prior's 0.
    const allRight = readings[people.indexOf('1,1,1,1,1')];
    const noneRight = readings[people.indexOf('0,0,0,0,0')];
    expect(allRight.theta).toBeGreaterThan(noneRight.theta);
    expect(Math.abs(readings.reduce((s, r) => s + r.theta, 0) / readings.length)).toBeLessThan(0.05);
  });

  it('refuse what they cannot read, saying where', () => {
    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, 'i1,i2\n1,0\n1,x\n');
    const refused = run('db/items-calibrate.ts', ['--input', bad, '--model', '2pl', '--out', join(dir, 'x.json')]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('line 3, column 2 (i2): "x" is not 1, 0 or empty');
    expect(
      run('db/items-calibrate.ts', ['--input', csv, '--model', '4pl', '--out', join(dir, 'x.json')]).stderr,
    ).toContain('--model is 2pl or 3pl');
    // Without --input it reads the database (tests/integration/calibration-db.test.ts); not both.
    expect(
      run('db/items-calibrate.ts', ['--input', csv, '--form', '4', '--model', '2pl', '--out', join(dir, 'x.json')])
        .stderr,
    ).toContain('--form reads the database, --input a CSV: one of them');
    expect(
      run('db/items-calibrate.ts', ['--input', csv, '--model', '3pl', '--out', join(dir, 'x.json')]).stderr,
    ).toContain('3pl needs --guessing g (c fixed), --prior k');
    const free = run('db/items-calibrate.ts', [
      '--input',
      csv,
      '--model',
      '3pl',
      '--prior',
      '6',
      '--out',
      join(dir, 'p.json'),
    ]);
    expect(free.status).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'p.json'), 'utf8')).seConditionalOnC).toBe(true);
    const foreign = join(dir, 'foreign.csv');
    writeFileSync(foreign, 'i1,q9\n1,0\n');
    const params = join(dir, 'params.json');
    const unscored = run('db/items-score.ts', ['--params', params, '--input', foreign, '--out', join(dir, 'y.json')]);
    expect(unscored.status).toBe(2);
    expect(unscored.stderr).toContain('no parameters for q9');
  });
});
