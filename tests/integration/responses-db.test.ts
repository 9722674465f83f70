/**
 * Every scored IQ sheet is kept item by item for calibration (issue 29), through the scoring function itself: a
 * visitor's and a signed-in user's sheet each once, with each item's version, place, option order, choice, time and
 * the sheet's language, attempt number, review and cautions — and nothing that names the taker. A retry stores
 * nothing more, a second sheet in the same browser or account is attempt 2, rushed and reviewed sheets are kept but
 * not eligible, a refused sheet stores nothing, a failed write is logged and the taker still gets their result, and
 * what is past its retention is deleted. The functions run in this process against a database of this file's own,
 * and every background write is awaited through the platform's waitUntil.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Context } from '@netlify/functions';
import { ownDatabase } from '../support/own-database.ts';
import { careful, iqSheetFor, takeSitting, type ServedSitting } from '../support/sittings.ts';
import { iqBank, SERVED_FORM_IDS } from '../../src/domain/iq/bank.ts';
import { itemVersion } from '../../src/domain/iq/item-version.ts';
import { PROVISIONAL_SCALE } from '../../src/domain/iq/scale.ts';
import type { Browser } from '../support/browser.ts';
import type { Database } from '../../src/lib/server/db.ts';

type Handler = (req: Request, context: Context) => Promise<Response>;
let routes: Record<string, Handler>;
let open: () => Promise<Database>;
let m: {
  responses: typeof import('../../src/lib/server/responses.ts');
  session: typeof import('../../src/lib/server/session.ts');
  users: typeof import('../../src/lib/server/users.ts');
};

ownDatabase({ RATE_LIMIT_MULTIPLIER: '1' });
beforeAll(async () => {
  open = (await import('../../src/lib/server/db.ts')).db;
  await open();
  m = {
    responses: await import('../../src/lib/server/responses.ts'),
    session: await import('../../src/lib/server/session.ts'),
    users: await import('../../src/lib/server/users.ts'),
  };
  const handler = async (file: string) => (await import(`../../netlify/functions/${file}.mts`)).default as Handler;
  routes = {
    '/api/tests/iq/form': await handler('tests-iq-form'),
    '/api/tests/iq/score': await handler('tests-iq-score'),
    '/api/results/claim': await handler('results-claim'),
  };
});

const SITE = 'https://rozum.example';
/** What the functions left to run after their answers (the response writes among it). */
const background: Promise<unknown>[] = [];
const settled = async () => {
  await Promise.all(background.splice(0));
};

/** A browser talking to the functions in this process: its cookies, each request from an address of its own. */
function browser(cookies = new Map<string, string>()): Browser {
  const send = async (path: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    if (cookies.size) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const context = {
      ip: `10.29.${randomInt(256)}.${randomInt(256)}`,
      params: {},
      waitUntil: (work: Promise<unknown>) => background.push(work),
    } as unknown as Context;
    const res = await routes[path.split('?')[0]](new Request(SITE + path, { ...init, headers }), context);
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    return res;
  };
  return {
    cookies,
    get: (path) => send(path, {}),
    post: (path, body) =>
      send(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
  };
}

/** A signed-in user's browser: a new account and a session of it (and `browser` cookies, if given). */
async function signedIn(cookies = new Map<string, string>()): Promise<{ b: Browser; userId: string }> {
  const email = `kept.${randomUUID().slice(0, 8)}@example.com`;
  const user = await m.users.createUser({ email, passwordHash: 'not-a-hash', via: 'email' });
  const token = m.session.generateSessionToken();
  await m.session.createSession(token, user!.id);
  cookies.set('rozum_session', token);
  return { b: browser(cookies), userId: user!.id };
}

/** The nonce a sitting token carries (its payload is readable; only the server can sign one). */
const nonceOf = (formToken: string): string =>
  JSON.parse(Buffer.from(formToken.split('.')[1], 'base64url').toString('utf8')).nonce;

interface SheetRow {
  form_id: number;
  lang: string;
  attempt: number;
  reviewed: boolean;
  cautions: string[];
  eligible: boolean;
  time_ms: number;
  scale: string | null;
  today: boolean;
  item_versions: string[];
  option_orders: number[][];
  chosen: (number | null)[];
  correct: boolean[];
  item_ms: number[];
}
/** The kept sheet of a sitting, if any. */
async function keptSheet(sitting: ServedSitting): Promise<SheetRow | undefined> {
  const [row] = await (
    await open()
  ).query<SheetRow>(
    `SELECT form_id, lang, attempt, reviewed, cautions, eligible, time_ms, scale, created_on = current_date AS today,
       item_versions, option_orders, chosen, correct, item_ms
     FROM iq_responses WHERE sitting = $1`,
    [m.responses.sittingDigest(nonceOf(sitting.formToken))],
  );
  return row;
}
const count = async (table: string): Promise<number> =>
  Number((await (await open()).query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n);

/** A sitting of `b` and a sheet for it, scored; the answer, once every write after it is done. */
async function scored(b: Browser, right = careful, itemMs = 30_000, lang: 'uk' | 'en' = 'en') {
  const sitting = await takeSitting(b.get, lang);
  const sheet = iqSheetFor(sitting, right, itemMs);
  const res = await b.post('/api/tests/iq/score', sheet);
  await settled();
  return { sitting, sheet, res, body: await res.json() };
}

describe("a visitor's sheet", () => {
  it('is kept once, item by item: version, place, the options in the order shown, the choice and its time', async () => {
    const b = browser();
    const { sitting, sheet, res } = await scored(b, careful, 30_000, 'uk');
    expect(res.status).toBe(200);
    const kept = await keptSheet(sitting);
    expect(kept).toMatchObject({
      form_id: sitting.formId,
      lang: 'uk',
      attempt: 1,
      reviewed: false,
      cautions: [],
      eligible: true,
      time_ms: sheet.timeSpent,
      // The scale its reading used: no calibration yet, so the provisional one.
      scale: PROVISIONAL_SCALE,
      today: true,
    });
    const bank = iqBank(sitting.formId);
    expect(kept!.item_versions).toEqual(bank.map(itemVersion));
    // Row k: the key's index of each option in the order the sitting showed item k's options.
    expect(kept!.option_orders).toEqual(
      bank.map((item) =>
        sitting.questions.find((q) => q.id === item.id)!.options.map((text) => item.options.uk.indexOf(text)),
      ),
    );
    expect(kept!.chosen).toEqual(
      bank.map((item) => (careful(item) ? item.correctAnswer : (item.correctAnswer + 1) % 6)),
    );
    expect(kept!.correct).toEqual(bank.map(careful));
    expect(kept!.item_ms).toEqual(bank.map(() => 30_000));
    // The options really were shuffled for most items: the order is the sitting's, not the key's.
    expect(kept!.option_orders.filter((order) => order.some((k, i) => k !== i)).length).toBeGreaterThan(5);
  });

  it('names no one: no column for a person, a browser, an address or a result, and no value the request carried', async () => {
    const columns = await (
      await open()
    ).query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
       WHERE table_name IN ('iq_responses', 'iq_attempts') ORDER BY table_name, ordinal_position`,
    );
    const of = (table: string) => columns.filter((c) => c.table_name === table).map((c) => c.column_name);
    expect(of('iq_responses')).toEqual([
      'sitting',
      'form_id',
      'lang',
      'attempt',
      'reviewed',
      'cautions',
      'eligible',
      'time_ms',
      'scale',
      'created_on',
      'item_versions',
      'option_orders',
      'chosen',
      'correct',
      'item_ms',
    ]);
    expect(of('iq_attempts')).toEqual(['browser', 'sheets', 'last_on']);

    const b = browser();
    const { sitting, body } = await scored(b);
    expect(await keptSheet(sitting)).toBeDefined();
    const [stored] = await (
      await open()
    ).query<{ text: string }>(
      `SELECT row_to_json(s)::text || (SELECT json_agg(a)::text FROM iq_attempts a) AS text
       FROM iq_responses s WHERE s.sitting = $1`,
      [m.responses.sittingDigest(nonceOf(sitting.formToken))],
    );
    for (const secret of [b.cookies.get('rozum_visitor')!, nonceOf(sitting.formToken), sitting.formToken, body.token])
      expect(stored.text).not.toContain(secret);
  });

  it('is not kept again when the same sheet is scored again (a retry), nor counted twice for its browser', async () => {
    const b = browser();
    const { sitting, sheet } = await scored(b);
    const before = await count('iq_responses');
    const again = await b.post('/api/tests/iq/score', sheet);
    expect(again.status).toBe(200);
    await settled();
    expect(await count('iq_responses')).toBe(before);
    const [browserCount] = await (
      await open()
    ).query<{ sheets: number }>('SELECT sheets FROM iq_attempts WHERE browser = $1', [
      m.responses.browserDigest(b.cookies.get('rozum_visitor')!),
    ]);
    expect(browserCount.sheets).toBe(1);
    expect((await keptSheet(sitting))!.attempt).toBe(1);
  });

  it("is attempt 2 when it is the browser's second sheet: kept, not eligible", async () => {
    const b = browser();
    const first = await scored(b);
    const second = await scored(b);
    expect(await keptSheet(first.sitting)).toMatchObject({ attempt: 1, eligible: true });
    expect(await keptSheet(second.sitting)).toMatchObject({ attempt: 2, eligible: false, cautions: [] });
  });

  it('is kept with its cautions, and not eligible, when it was rushed', async () => {
    const { sitting, body } = await scored(browser(), careful, 3_000);
    expect(body.result.cautions).toContain('too_fast');
    expect(await keptSheet(sitting)).toMatchObject({ attempt: 1, cautions: ['too_fast'], eligible: false });
  });

  it('stores nothing when it is refused: incomplete, a question twice, a place beyond the options, not ours', async () => {
    const b = browser();
    const sitting = await takeSitting(b.get, 'en');
    const sheet = iqSheetFor(sitting, careful);
    const other = browser();
    await takeSitting(other.get, 'en');
    const before = { sheets: await count('iq_responses'), browsers: await count('iq_attempts') };
    const refused = [
      [b, { ...sheet, answers: sheet.answers.slice(1) }],
      [b, { ...sheet, answers: [...sheet.answers.slice(1), sheet.answers[1]] }],
      [b, { ...sheet, answers: sheet.answers.map((a, i) => (i ? a : { ...a, selectedAnswer: 9 })) }],
      [b, { ...sheet, answers: sheet.answers.map((a, i) => (i ? a : { ...a, questionId: 9999 })) }],
      [b, { ...sheet, answers: 'all of them' }],
      [b, '{"formToken":'],
      [other, sheet],
    ] as const;
    for (const [who, body] of refused) {
      const res = await who.post('/api/tests/iq/score', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    await settled();
    expect({ sheets: await count('iq_responses'), browsers: await count('iq_attempts') }).toEqual(before);
    expect(await keptSheet(sitting)).toBeUndefined();
  });
});

describe("a signed-in user's sheet", () => {
  it("is kept as a visitor's is, and the account's second sheet is attempt 2 even in a new browser", async () => {
    const { b, userId } = await signedIn();
    const first = await scored(b);
    expect(first.body.saved).toBe(true);
    expect(await keptSheet(first.sitting)).toMatchObject({ attempt: 1, eligible: true, reviewed: false });
    const elsewhere = browser(new Map([['rozum_session', b.cookies.get('rozum_session')!]]));
    const second = await scored(elsewhere);
    expect(second.body.saved).toBe(true);
    expect(await keptSheet(second.sitting)).toMatchObject({ attempt: 2, eligible: false });
    const [{ text }] = await (
      await open()
    ).query<{ text: string }>('SELECT json_agg(s)::text AS text FROM iq_responses s');
    expect(text).not.toContain(userId);
  });

  it('is kept as reviewed, cautioned key_seen, when the account had seen every form’s worked answers', async () => {
    const { b, userId } = await signedIn();
    await (
      await open()
    ).query(
      `INSERT INTO iq_reviews_seen (user_id, form_id, seen_at) SELECT $1, f, now() - interval '1 day' FROM unnest($2::int[]) AS f`,
      [userId, SERVED_FORM_IDS],
    );
    const { sitting } = await scored(b);
    expect(sitting.reviewed).toBe(true);
    expect(await keptSheet(sitting)).toMatchObject({ reviewed: true, cautions: ['key_seen'], eligible: false });
  });

  it("is kept as reviewed when saving finds the form's worked answers seen after the sitting was served", async () => {
    const { b, userId } = await signedIn();
    const sitting = await takeSitting(b.get, 'en');
    expect(sitting.reviewed).toBeUndefined();
    await (
      await open()
    ).query(`INSERT INTO iq_reviews_seen (user_id, form_id, seen_at) VALUES ($1, $2, now() - interval '1 minute')`, [
      userId,
      sitting.formId,
    ]);
    const res = await b.post('/api/tests/iq/score', iqSheetFor(sitting, careful));
    await settled();
    expect((await res.json()).result.cautions).toContain('key_seen');
    expect(await keptSheet(sitting)).toMatchObject({
      attempt: 1,
      reviewed: true,
      cautions: ['key_seen'],
      eligible: false,
    });
  });

  it("takes what the account knows when a visitor's sheet is claimed: an account with two results makes it attempt 3", async () => {
    const { b } = await signedIn();
    await scored(b);
    await scored(b);
    const visitor = browser();
    const { sitting, body } = await scored(visitor);
    expect(await keptSheet(sitting)).toMatchObject({ attempt: 1, eligible: true });
    const claim = await b.post('/api/results/claim', { tokens: [body.token] });
    expect(claim.status).toBe(200);
    await settled();
    expect(await keptSheet(sitting)).toMatchObject({ attempt: 3, eligible: false });
  });
});

describe('a write that fails', () => {
  afterEach(async () => {
    await (await open()).query('ALTER TABLE iq_responses DROP CONSTRAINT IF EXISTS refuse_all');
  });

  it('is logged, and the taker gets their result all the same', async () => {
    await (await open()).query('ALTER TABLE iq_responses ADD CONSTRAINT refuse_all CHECK (form_id < 0) NOT VALID');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const before = await count('iq_responses');
    const { res, body } = await scored(browser());
    expect(res.status).toBe(200);
    expect(body.result.kind).toBe('iq');
    expect(logged.mock.calls.some(([line]) => String(line).startsWith('[responses] a sheet was not kept'))).toBe(true);
    logged.mockRestore();
    expect(await count('iq_responses')).toBe(before);
  });
});

describe('keeping sheets in batches', () => {
  const sheetOf = (visitorId: string) => {
    const bank = iqBank(SERVED_FORM_IDS[0]);
    return {
      sitting: randomUUID(),
      seed: randomInt(2 ** 31),
      visitorId,
      formId: SERVED_FORM_IDS[0],
      lang: 'en' as const,
      answers: bank.map((item) => ({ questionId: item.id, selectedAnswer: item.correctAnswer, timeSpent: 20_000 })),
      timeMs: 400_000,
      reviewed: false,
      cautions: [],
      scale: null,
    };
  };

  it('numbers two sheets of one browser that go in one statement one after the other', async () => {
    const visitorId = randomUUID().replace(/-/g, '').slice(0, 22);
    const [a, b] = [sheetOf(visitorId), sheetOf(visitorId)];
    expect(await Promise.all([m.responses.keepIqResponses(a), m.responses.keepIqResponses(b)])).toEqual([true, true]);
    const attempts = await (
      await open()
    ).query<{ attempt: number }>('SELECT attempt FROM iq_responses WHERE sitting = ANY ($1) ORDER BY attempt', [
      [a, b].map((s) => m.responses.sittingDigest(s.sitting)),
    ]);
    expect(attempts.map((r) => r.attempt)).toEqual([1, 2]);
  });

  it("takes the larger of the browser's count and the account's other results, those counted up to 10", async () => {
    const attemptOf = async (userId: string, browserSheets: number) => {
      const visitorId = randomUUID().replace(/-/g, '').slice(0, 22);
      for (let i = 0; i < browserSheets; i++) await m.responses.keepIqResponses(sheetOf(visitorId));
      const sheet = { ...sheetOf(visitorId), account: { userId, submissionKey: `sit:${randomUUID()}` } };
      expect(await m.responses.keepIqResponses(sheet)).toBe(true);
      const [row] = await (
        await open()
      ).query<{ attempt: number }>('SELECT attempt FROM iq_responses WHERE sitting = $1', [
        m.responses.sittingDigest(sheet.sitting),
      ]);
      return row.attempt;
    };
    const { userId } = await signedIn();
    const results = async (n: number) =>
      (await open()).query(
        `INSERT INTO test_results (user_id, iq_score, total_score, correct_answers, total_questions, time_spent,
           breakdown, language, answers, submission_key, verification_code, form_id)
         SELECT $1, 100, 0, 0, 20, 1, '{}', 'uk', '[]', 'sit:' || gen_random_uuid(), gen_random_uuid()::text, 4
         FROM generate_series(1, $2)`,
        [userId, n],
      );
    await results(3);
    expect(await attemptOf(userId, 0)).toBe(4);
    expect(await attemptOf(userId, 5)).toBe(6);
    await results(12);
    expect(m.responses.ACCOUNT_RESULTS_COUNTED).toBe(10);
    expect(await attemptOf(userId, 0)).toBe(11);
    expect(await attemptOf(userId, 14)).toBe(15);
  });
});

describe('retention', () => {
  it('deletes sheets past five years and browser counts past 30 days, nothing younger', async () => {
    const ids = Array.from({ length: 4 }, () => randomUUID().replace(/-/g, '').slice(0, 22));
    const sheets = ids.map((visitorId) => ({
      sitting: randomUUID(),
      seed: 7,
      visitorId,
      formId: SERVED_FORM_IDS[1],
      lang: 'uk' as const,
      answers: iqBank(SERVED_FORM_IDS[1]).map((item) => ({ questionId: item.id, selectedAnswer: 0, timeSpent: 9_000 })),
      timeMs: 180_000,
      reviewed: false,
      cautions: [],
      scale: null,
    }));
    await Promise.all(sheets.map((s) => m.responses.keepIqResponses(s)));
    const conn = await open();
    const digests = sheets.map((s) => m.responses.sittingDigest(s.sitting));
    const browsers = ids.map((id) => m.responses.browserDigest(id));
    const ages = ['5 years 1 day', '5 years', '4 years', '0 days'];
    for (let i = 0; i < 4; i++)
      await conn.query(`UPDATE iq_responses SET created_on = current_date - $2::interval WHERE sitting = $1`, [
        digests[i],
        ages[i],
      ]);
    const lastOn = [31, 30, 1, 0];
    for (let i = 0; i < 4; i++)
      await conn.query(`UPDATE iq_attempts SET last_on = current_date - $2::integer WHERE browser = $1`, [
        browsers[i],
        lastOn[i],
      ]);
    expect(await m.responses.deleteExpiredResponses()).toEqual({ sheets: 1, browsers: 1 });
    const left = await conn.query<{ sitting: string }>('SELECT sitting FROM iq_responses WHERE sitting = ANY ($1)', [
      digests,
    ]);
    expect(left.map((r) => r.sitting).sort()).toEqual(digests.slice(1).sort());
    const counts = await conn.query<{ browser: string }>('SELECT browser FROM iq_attempts WHERE browser = ANY ($1)', [
      browsers,
    ]);
    expect(counts.map((r) => r.browser).sort()).toEqual(browsers.slice(1).sort());
    expect(await m.responses.deleteExpiredResponses()).toEqual({ sheets: 0, browsers: 0 });
  });
});
