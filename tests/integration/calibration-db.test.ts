/**
 * Calibration from the kept responses (issue 29, point 2), against a database of this file's own: simulated sheets of
 * known item parameters are kept through the real insert (responses.ts), alongside sheets that must not count (rushed,
 * second attempts). The scheduled recalibration writes no scale while a form's items have fewer than 500 eligible
 * sheets, then one 3PL scale (c = 1/6) of that form's items over exactly its eligible sheets, and not again while
 * nothing is new; `npm run items:calibrate` without --input calibrates the same sheets from the database and exports
 * the matrix it used.
 */
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ownDatabase } from '../support/own-database.ts';
import { iqBank } from '../../src/domain/iq/bank.ts';
import { itemVersion } from '../../src/domain/iq/item-version.ts';
import { probability } from '../../src/domain/irt/model.ts';
import { seeded } from '../../src/domain/irt/simulate.ts';
import type { SheetToKeep } from '../../src/lib/server/responses.ts';
import type { ScaleItem } from '../../src/domain/irt/output.ts';

let m: {
  db: typeof import('../../src/lib/server/db.ts');
  scales: typeof import('../../src/lib/server/scales.ts');
  responses: typeof import('../../src/lib/server/responses.ts');
  calibration: typeof import('../../src/lib/server/calibration.ts');
  env: typeof import('../../src/lib/server/env.ts');
  jobs: typeof import('../../src/lib/server/jobs.ts');
};
ownDatabase();
beforeAll(async () => {
  m = {
    db: await import('../../src/lib/server/db.ts'),
    scales: await import('../../src/lib/server/scales.ts'),
    responses: await import('../../src/lib/server/responses.ts'),
    calibration: await import('../../src/lib/server/calibration.ts'),
    env: await import('../../src/lib/server/env.ts'),
    jobs: await import('../../src/lib/server/jobs.ts'),
  };
});
const dir = mkdtempSync(join(tmpdir(), 'rozum-calibration-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FORM = 4;
const OTHER = 5;
const { random, normal } = seeded(2029);
/** Each form's items as they are, with true parameters around a difficulty that rises through the form. */
const truthOf = (formId: number) =>
  iqBank(formId).map((item, j) => ({ item, a: Math.exp(0.25 * normal()), b: -1.5 + (3 * j) / 19, c: 1 / 6 }));
const truth: Record<number, ReturnType<typeof truthOf>> = { [FORM]: truthOf(FORM), [OTHER]: truthOf(OTHER) };
let browsers = 0;

/** A simulated taker's sheet of a form: each item right with the 3PL's probability, a wrong one any other option. */
function simulated(formId: number, extra: Partial<SheetToKeep> = {}): SheetToKeep {
  const theta = normal();
  return {
    sitting: `sim-${browsers}-${random()}`,
    seed: Math.floor(random() * 2 ** 31),
    visitorId: `browser-${browsers++}`,
    formId,
    lang: random() < 0.5 ? 'uk' : 'en',
    answers: truth[formId].map(({ item, ...p }) => ({
      questionId: item.id,
      selectedAnswer:
        random() < probability(theta, p) ? item.correctAnswer : (item.correctAnswer + 1 + Math.floor(random() * 5)) % 6,
      timeSpent: 25_000,
    })),
    timeMs: 500_000,
    reviewed: false,
    cautions: [],
    scale: null,
    ...extra,
  };
}

async function keep(sheets: SheetToKeep[]) {
  expect((await Promise.all(sheets.map((s) => m.responses.keepIqResponses(s)))).every(Boolean)).toBe(true);
}
const scales = async () =>
  (await m.db.db()).query<{
    id: string;
    model: string;
    items: unknown;
    log_lik: number;
    sheets: number;
    active: boolean;
  }>('SELECT id, model, items, log_lik, sheets, active FROM iq_scales ORDER BY created_at');

const versions = iqBank(FORM).map(itemVersion);

describe('the scheduled recalibration', () => {
  it("writes no scale while a form's items have fewer than 500 eligible sheets, whatever else is kept", async () => {
    const firsts = Array.from({ length: 499 }, () => simulated(FORM));
    await keep([
      ...firsts,
      ...Array.from({ length: 60 }, () => simulated(OTHER)),
      // Rushed sheets and second attempts are kept, and never counted.
      ...Array.from({ length: 40 }, () => simulated(FORM, { cautions: ['too_fast'] })),
    ]);
    await keep(firsts.slice(0, 30).map((first) => simulated(FORM, { visitorId: first.visitorId })));
    expect(await m.calibration.recalibrate()).toMatchObject({ calibrated: false });
    expect(await scales()).toEqual([]);
  });

  it('calibrates the form once its items have 500: 3PL, c = 1/6, over exactly its eligible sheets', async () => {
    await keep(Array.from({ length: 21 }, () => simulated(FORM)));
    const outcome = await m.calibration.recalibrate();
    expect(outcome).toMatchObject({ calibrated: true, forms: [FORM], items: 20, sheets: 520 });
    const [scale] = await scales();
    expect(scale).toMatchObject({ model: '3pl', sheets: 520, active: true });
    expect(scale.id).toMatch(/^c-\d{4}-\d{2}-\d{2}-1$/);
    expect(scale.id).toBe(outcome.calibrated && outcome.id);
    expect(scale.log_lik).toBeCloseTo(outcome.calibrated ? outcome.logLik : NaN, 6);
    const items = (typeof scale.items === 'string' ? JSON.parse(scale.items) : scale.items) as ScaleItem[];
    expect(items.map((i) => i.id)).toEqual(versions);
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual(['a', 'b', 'c', 'id', 'seA', 'seB']);
      expect(item.c).toBe(0.166667);
      expect(item.a).toBeGreaterThan(0);
      expect(item.seB).toBeGreaterThan(0);
    }
    // The simulated difficulties come back: their order and their spread.
    const b = items.map((i) => i.b);
    const trueB = truth[FORM].map((t) => t.b);
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    const [mb, mt] = [mean(b), mean(trueB)];
    const r =
      mean(b.map((x, j) => (x - mb) * (trueB[j] - mt))) /
      Math.sqrt(mean(b.map((x) => (x - mb) ** 2)) * mean(trueB.map((x) => (x - mt) ** 2)));
    expect(r).toBeGreaterThan(0.9);
    // Scoring reads the form on it from now on; the other form, not calibrated, stays provisional.
    await m.scales.refreshScales();
    expect((await m.scales.scaleInUse(FORM)).id).toBe(scale.id);
    expect((await m.scales.scaleInUse(OTHER)).provisional).toBe(true);
  });

  it('writes nothing more while there is nothing new, and runs daily: the scheduled function starts the background one', async () => {
    expect(await m.calibration.recalibrate()).toEqual({
      calibrated: false,
      reason: 'nothing new',
      forms: [FORM],
      sheets: 520,
    });
    // The site, as far as the scheduled function can tell: a real HTTP server whose one route is the background
    // function, at SITE_URL.
    const background = (await import('../../netlify/functions/iq-calibrate-background.mts')) as {
      default: (req: Request, context: unknown) => Promise<Response>;
      config: { path: string; method: string; background: boolean };
    };
    expect(background.config).toEqual({ path: '/api/jobs/iq-calibrate', method: 'POST', background: true });
    const asked: { method: string; url: string }[] = [];
    const site = createServer(async (incoming, outgoing) => {
      asked.push({ method: incoming.method!, url: incoming.url! });
      const headers = new Headers(Object.entries(incoming.headers).map(([k, v]): [string, string] => [k, String(v)]));
      const res = await background.default(
        new Request(`http://127.0.0.1${incoming.url}`, { method: incoming.method, headers }),
        { waitUntil: () => {} },
      );
      outgoing.writeHead(res.status, { 'content-type': 'application/json' }).end(await res.text());
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const { port } = site.address() as AddressInfo;
    process.env.SITE_URL = `http://127.0.0.1:${port}`;
    m.env.resetEnvForTests();
    const logged = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      const job = (await import('../../netlify/functions/iq-calibrate.mts')) as {
        default: () => Promise<Response>;
        config: { schedule: string };
      };
      expect(job.config.schedule).toBe('@daily');
      expect((await job.default()).status).toBe(204);
      expect(asked).toEqual([{ method: 'POST', url: '/api/jobs/iq-calibrate' }]);
      const lines = logged.mock.calls.map((call) => call.join(' '));
      expect(lines.find((l) => l.startsWith('[iq-calibrate-background]'))).toContain('nothing new');
      expect(lines.find((l) => l.startsWith('[iq-calibrate]'))).toContain(
        '"calibration":{"started":true,"status":200}',
      );
      // Without the job's token, with another job's, or with one made eleven minutes ago, nothing runs.
      const stale = m.jobs.jobToken('iq-calibrate', Date.now() - 11 * 60_000);
      for (const authorization of [
        undefined,
        'Bearer nope',
        `Bearer ${m.jobs.jobToken('outbox')}`,
        `Bearer ${stale}`,
      ]) {
        const res = await fetch(`http://127.0.0.1:${port}/api/jobs/iq-calibrate`, {
          method: 'POST',
          headers: authorization ? { authorization } : {},
        });
        expect(res.status).toBe(403);
        expect(await res.json()).toEqual({ error: 'api.error.job_forbidden' });
      }
      expect(logged.mock.calls.filter((call) => call[0] === '[iq-calibrate-background]')).toHaveLength(1);
    } finally {
      logged.mockRestore();
      site.close();
      delete process.env.SITE_URL;
      m.env.resetEnvForTests();
    }
    expect(await scales()).toHaveLength(1);
  });
});

describe('the item report of the stored forms', () => {
  it("tests each served form's items against the parameters it is read on, over its eligible sheets, by language", async () => {
    const reports = await m.calibration.storedItemReports();
    const form = reports.find((r) => r.formId === FORM)!;
    const [scale] = await scales();
    // The calibrated form against its calibration: a, b, c and their standard errors as stored.
    expect(form.scale).toEqual({ id: scale.id, provisional: false });
    expect(form.report.sheets).toBe(520);
    const stored = (typeof scale.items === 'string' ? JSON.parse(scale.items) : scale.items) as { id: string }[];
    expect(form.report.items.map((i) => i.id)).toEqual(stored.map((i) => i.id));
    expect(form.report.items.map(({ id, a, b, c, seA, seB }) => ({ id, a, b, c, seA, seB }))).toEqual(stored);
    for (const item of form.report.items) {
      expect(item.fit.df).toBeGreaterThan(0);
      expect(item.fit.pAdjusted).toBeGreaterThanOrEqual(0);
      // The simulated takers were uk or en at random: both groups are there, matched on number right.
      expect(item.dif!.reference + item.dif!.focal).toBe(520);
      expect(item.dif!.reference).toBeGreaterThan(150);
    }
    // Simulated from the model with no difference between the languages: hardly any item is a DIF class C.
    expect(form.report.items.filter((i) => i.dif!.ets === 'C').length).toBeLessThanOrEqual(1);
    // The other form is read on provisional parameters: tested against them, with no standard errors.
    const other = reports.find((r) => r.formId === OTHER);
    if (other) {
      expect(other.scale.provisional).toBe(true);
      expect(other.report.items.every((i) => Number.isNaN(i.seA))).toBe(true);
    }
  });
});

describe('npm run items:calibrate without --input', () => {
  // Not spawnSync: on the Neon project the driver's stand-in proxy lives in this process and must keep answering.
  const run = (args: string[]) =>
    new Promise<{ status: number | null; stderr: string }>((resolve) => {
      execFile(process.execPath, ['db/items-calibrate.ts', ...args], { timeout: 120_000 }, (err, _stdout, stderr) =>
        resolve({ status: err ? ((err as { code?: number }).code ?? null) : 0, stderr }),
      );
    });

  it("calibrates the database's eligible sheets of a form, and exports the matrix it used", async () => {
    // The embedded database has one owner at a time: this process lets go while the command runs.
    await m.db.closeDb();
    const out = join(dir, 'form.json');
    const csv = join(dir, 'form.csv');
    const args = ['--model', '3pl', '--guessing', String(1 / 6), '--form', String(FORM), '--out', out];
    const ran = await run([...args, '--export-csv', csv]);
    expect(ran.stderr).toBe('');
    expect(ran.status).toBe(0);
    const fit = JSON.parse(readFileSync(out, 'utf8'));
    expect(fit).toMatchObject({ model: '3pl', converged: true });
    expect(fit.items.map((i: { id: string }) => i.id)).toEqual(versions);
    // The same sheets and the same model as the scale the scheduled function wrote.
    const [scale] = await scales();
    const items = (typeof scale.items === 'string' ? JSON.parse(scale.items) : scale.items) as { b: number }[];
    await m.db.closeDb();
    fit.items.forEach((item: { b: number }, j: number) => expect(item.b).toBeCloseTo(items[j].b, 4));
    const [header, ...rows] = readFileSync(csv, 'utf8').trim().split('\n');
    expect(header.split(',')).toEqual(versions);
    expect(rows).toHaveLength(520);
    expect(rows.every((row) => /^[01](,[01]){19}$/.test(row))).toBe(true);
  });

  it('takes every form together without --form: one column per item version, empty where not presented', async () => {
    const csv = join(dir, 'all.csv');
    const ran = await run([
      '--model',
      '3pl',
      '--guessing',
      '0.1667',
      '--out',
      join(dir, 'all.json'),
      '--export-csv',
      csv,
    ]);
    expect(ran.status).toBe(0);
    const [header, ...rows] = readFileSync(csv, 'utf8').trim().split('\n');
    expect(header.split(',')).toEqual([...versions, ...iqBank(OTHER).map(itemVersion)]);
    expect(rows).toHaveLength(580);
    expect(rows.filter((row) => row.startsWith(',')).every((row) => /^,{20}[01](,[01]){19}$/.test(row))).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, 'all.json'), 'utf8')).items).toHaveLength(40);
  });
});

describe('the check that the groups randomly assigned to the served forms are equivalent (point 4)', () => {
  // The anchors are one item on every form: one true parameter set, form 4's, wherever they are presented.
  const anchorTruth = new Map(truth[FORM].map(({ item, ...p }) => [itemVersion(item), p]));
  for (const formId of [8, 9, 10])
    truth[formId] = truthOf(formId).map((t) => ({ ...t, ...anchorTruth.get(itemVersion(t.item)) }));
  const abler = (sheet: SheetToKeep, formId: number): SheetToKeep => {
    // Answers of a taker a whole standard deviation above the others, in English.
    const theta = 1 + normal();
    return {
      ...sheet,
      lang: 'en',
      answers: truth[formId].map(({ item, ...p }) => ({
        questionId: item.id,
        selectedAnswer: random() < probability(theta, p) ? item.correctAnswer : (item.correctAnswer + 1) % 6,
        timeSpent: 25_000,
      })),
    };
  };

  it('finds groups drawn alike equivalent, and flags a form given to a different group, more often', async () => {
    // Form 4 has 560 first attempts (rushed ones among them: the assignment made that group, not the eligibility).
    for (const formId of [8, 9, 10]) await keep(Array.from({ length: 560 }, () => simulated(formId)));
    const alike = await m.calibration.storedEquivalence();
    expect(alike.forms.map((f) => [f.formId, f.n])).toEqual([
      [4, 560],
      [8, 560],
      [9, 560],
      [10, 560],
    ]);
    // Second attempts are not in it (30 on form 4 above).
    expect(alike.flags).toEqual([]);
    expect(alike.largestDifference).toBeLessThan(0.2);
    for (const f of alike.forms) expect(f.anchorMean).toBeGreaterThan(1);

    await keep(Array.from({ length: 240 }, () => abler(simulated(9), 9)));
    const skewed = await m.calibration.storedEquivalence();
    expect(skewed.flags).toEqual(['size', 'language', 'anchors']);
    expect(skewed.forms.find((f) => f.formId === 9)!.n).toBe(800);
    expect(skewed.largestDifference).toBeGreaterThan(0.15);
  });

  it('is printed by npm run items:report, after the item report', async () => {
    await m.db.closeDb();
    const printed = await new Promise<string>((resolve) =>
      execFile(process.execPath, ['db/items-report.ts'], { timeout: 120_000 }, (_err, stdout) => resolve(stdout)),
    );
    expect(printed).toMatch(/Groups by form \(first attempts, assigned at random\)/);
    expect(printed).toMatch(/^ +9 +800 /m);
    expect(printed).toMatch(
      /anchors right \(Kruskal–Wallis\): H = [\d.]+, df 3, p (< \.001|\.00\d) {2}← not equivalent/,
    );
    expect(printed).toMatch(/largest difference of anchor means: 0\.\d\d pooled SD/);
    expect(printed).toContain('NOT EQUIVALENT (size, language, anchors)');
  });

  it('counts only the days every served form was being served', async () => {
    // Form 9's abler sheets moved to before forms 4, 8 and 10 had any: a month when form 9 was served alone.
    const database = await m.db.db();
    await database.query(
      `UPDATE iq_responses SET created_on = current_date - 30
       WHERE form_id = 9 AND sitting IN (SELECT sitting FROM iq_responses WHERE form_id = 9 AND lang = 'en'
         ORDER BY sitting LIMIT 300)`,
    );
    const report = await m.calibration.storedEquivalence();
    expect(report.forms.find((f) => f.formId === 9)!.n).toBe(500);
  });
});
