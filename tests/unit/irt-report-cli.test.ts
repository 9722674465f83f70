/**
 * `npm run items:report -- --params … --input …` as an operator runs it: the calibration `items:calibrate` wrote
 * and a response CSV in, a table and the documented JSON out; the sheets' language beside their answers or in a
 * file of its own; clear refusals. No database is touched (the DB mode is what runs without arguments).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'rozum-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const run = (script: string, args: string[]) =>
  spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', timeout: 60_000 });
const report = (args: string[]) => run('db/items-report.ts', args);

// difR's verbal aggression data with each sheet's group as a language: women 'uk' (reference), men 'en' (focal).
const [header, ...lines] = readFileSync('tests/fixtures/irt/verbal.csv', 'utf8').trim().split('\n');
const ids = header.split(',').slice(0, 24);
const answers = lines.map((l) => l.split(',').slice(0, 24).join(','));
const language = lines.map((l) => (l.endsWith(',1') ? 'en' : 'uk'));
const withLanguage = join(dir, 'verbal-lang.csv');
writeFileSync(
  withLanguage,
  [`lang,${ids.join(',')}`, ...answers.map((a, r) => `${language[r]},${a}`)].join('\n') + '\n',
);
const onlyAnswers = join(dir, 'verbal.csv');
writeFileSync(onlyAnswers, [ids.join(','), ...answers].join('\n') + '\n');
const languages = join(dir, 'lang.csv');
writeFileSync(languages, ['language', ...language].join('\n') + '\n');
const params = join(dir, 'params.json');

describe('items:report from files', { timeout: 60_000 }, () => {
  it('reports fit, local dependence and uk/en DIF per item, in a table and in JSON', () => {
    const calibrated = run('db/items-calibrate.ts', ['--input', onlyAnswers, '--model', '2pl', '--out', params]);
    expect(calibrated.status).toBe(0);
    const out = join(dir, 'report.json');
    const result = report(['--params', params, '--input', withLanguage, '--groups', 'lang', '--out', out]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('316 sheets, 316 complete; 2pl with 2 estimated parameters an item');
    expect(result.stdout).toContain('DIF uk (reference) against en (focal)');
    expect(result.stdout).toMatch(/^S2DoCurse .* 2\.67 +C +REWRITE: DIF class C: Δ 2\.67/m);

    const json = JSON.parse(readFileSync(out, 'utf8'));
    expect(Object.keys(json)).toEqual([
      'model',
      'parameters',
      'groups',
      'rules',
      'sheets',
      'completeSheets',
      'q3Mean',
      'dependentPairs',
      'items',
    ]);
    expect(json.groups).toEqual({ reference: 'uk', focal: 'en' });
    expect(json.items).toHaveLength(24);
    const item = json.items.find((i: { id: string }) => i.id === 'S2WantShout');
    expect(Object.keys(item)).toEqual(['id', 'a', 'b', 'c', 'seA', 'seB', 'fit', 'q3', 'dif', 'reasons', 'flag']);
    expect(Object.keys(item.fit)).toEqual(['sx2', 'df', 'p', 'pAdjusted']);
    // difR's difMH on these data: alphaMH 2.8804, deltaMH −2.4861, MH chi-square 9.6032.
    expect(item.dif).toMatchObject({ ets: 'C', reference: 243, focal: 73 });
    expect(item.dif.alpha).toBeCloseTo(2.8804, 4);
    expect(item.dif.delta).toBeCloseTo(-2.4861, 4);
    expect(item.dif.chiSquare).toBeCloseTo(9.6032, 4);
    expect(item.flag).toBe(true);

    // The same language from a file of its own gives the same report.
    const fromFile = report(['--params', params, '--input', onlyAnswers, '--groups', languages]);
    expect(fromFile.status).toBe(0);
    expect(fromFile.stdout).toBe(result.stdout.replace(`→ ${out}\n`, ''));
  });

  it('without groups it reports fit and local dependence, and no DIF', () => {
    const plain = report(['--params', params, '--input', onlyAnswers]);
    expect(plain.status).toBe(0);
    expect(plain.stdout).toContain('no groups: no DIF');
  });

  it('refuses what it cannot read, saying what', () => {
    expect(report(['--input', onlyAnswers]).stderr).toContain('--params <json> and --input <csv> are needed');
    expect(report(['--params', params, '--input', onlyAnswers, '--groups', 'nation']).stderr).toContain(
      'nation is neither a file nor a column',
    );
    const short = join(dir, 'short.csv');
    writeFileSync(short, 'language\nuk\nen\n');
    expect(report(['--params', params, '--input', onlyAnswers, '--groups', short]).stderr).toContain(
      '--groups has 2 values for 316 sheets',
    );
    expect(report(['--params', params, '--input', withLanguage, '--groups', 'lang', '--focal', 'ru']).stderr).toContain(
      '--groups: no sheet is ru (the values are en, uk; see --reference, --focal)',
    );
    const foreign = join(dir, 'foreign.csv');
    writeFileSync(foreign, 'S1wantCurse,Q99\n1,0\n');
    const refused = report(['--params', params, '--input', foreign]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('no parameters for Q99');
  });
});
