/**
 * The scoring API over real HTTP: server-side scoring with the server-only key, teaser for visitors, signed
 * tokens, and bad input refused with a 4xx and a message key.
 */
import { randomInt } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { signedUp } from '../support/accounts.ts';
import { browser, randomAddress, type Browser } from '../support/browser.ts';
import { iqBank, SERVED_FORM_IDS, type IqItem } from '../../src/domain/iq/bank.ts';
import { optionOrder, orderRule } from '../../src/domain/sittings.ts';
import {
  careerAnswersFor,
  careerSheetFor,
  iqSheetFor,
  provisionalReadingOf,
  rawScoreOf,
  shownAt,
  sittingSheet,
  takeCareerSitting,
  takeSitting,
} from '../support/sittings.ts';
import { CAREER_QUESTIONS } from '../../src/domain/career/questions.ts';

const base = inject('baseUrl');

/** A visitor: one browser (the visitor cookie its sittings are bound to), each request from an address of its own. */
const visitor = browser(base);
const post = visitor.post;
/** The query that steers the server to form `formId`: the browser has taken every other served form. */
const onForm = (formId: number) => `&taken=${SERVED_FORM_IDS.filter((f) => f !== formId).join(',')}`;
const sittingOf = (b: Browser = visitor, lang: 'uk' | 'en' = 'uk', formId?: number) =>
  takeSitting(b.get, lang, formId === undefined ? '' : onForm(formId));
/** A served sitting's sheet answering right exactly the items `right` accepts, and its form. */
async function iqSheet(
  right: (item: IqItem) => boolean,
  lang: 'uk' | 'en' = 'uk',
  options: { formId?: number; b?: Browser; itemMs?: number } = {},
) {
  const sitting = await sittingOf(options.b, lang, options.formId);
  return { sitting, sheet: iqSheetFor(sitting, right, options.itemMs) };
}

describe('POST /api/tests/iq/score', () => {
  it.each([
    ['every item right', () => true, []],
    // Nothing right is near chance: a notice (nearChance), not a caution.
    ['every item wrong', () => false, []],
    // Hard items right while the medium ones are wrong: a pattern the items make unlikely at any ability (lz*).
    ['the hard items and item 1 right', (i: IqItem) => i.difficulty === 'hard' || i.id === 1, ['misfit']],
  ])('scores %s by EAP on the provisional scale, with its own 95 %% interval', async (_name, right, cautions) => {
    const { sitting, sheet } = await iqSheet(right);
    const res = await post('/api/tests/iq/score', sheet);
    expect(res.status).toBe(200);
    const body = await res.json();
    const reading = provisionalReadingOf(sitting.formId, right);
    expect(body.result).toMatchObject({
      kind: 'iq',
      formId: sitting.formId,
      scale: 'provisional',
      score: rawScoreOf(sitting.formId, right),
      iqEstimate: reading.iqEstimate,
      iqBound: reading.iqBound,
      iqBoundAt: reading.iqBoundAt,
      iqMeasured: reading.iqMeasured,
      iqInterval: reading.iqInterval,
      ratingLabel: reading.ratingLabel,
      reliability: reading.reliability,
      totalQuestions: 20,
      cautions,
    });
    expect(body.token).toMatch(/^v1\./);
  });

  it.each(SERVED_FORM_IDS.map((f) => [f]))(
    "scores a sitting of form %i against that form's key, each clicked place mapped to its option",
    async (formId) => {
      const sitting = await sittingOf(visitor, 'en', formId);
      expect(sitting).toMatchObject({ formId, formToken: expect.stringMatching(/^s1\./) });
      const max = rawScoreOf(formId, () => true);
      const right = await (
        await post(
          '/api/tests/iq/score',
          sittingSheet(sitting, (item) => item.correctAnswer),
        )
      ).json();
      expect(right.result).toMatchObject({ formId, score: max });
      // The same places on a different sitting of the form mean other options.
      const other = await sittingOf(visitor, 'en', formId);
      const moved = await (
        await post('/api/tests/iq/score', {
          ...sittingSheet(sitting, (item) => item.correctAnswer),
          formToken: other.formToken,
        })
      ).json();
      expect(moved.result.score).toBeLessThan(max);
    },
  );

  it('scores no form the browser names: only the sitting its token signs, and no retired form', async () => {
    const { sitting, sheet } = await iqSheet(() => true);
    // A sheet in the key's terms naming a form (retired or served), with no sitting, is no sheet.
    for (const formId of [0, 3, sitting.formId]) {
      const res = await post('/api/tests/iq/score', { ...sheet, formToken: undefined, formId });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe('api.error.invalid_body');
    }
    // A named form beside the token changes nothing: the token's form is scored.
    const other = SERVED_FORM_IDS.find((f) => f !== sitting.formId)!;
    const res = await post('/api/tests/iq/score', { ...sheet, formId: other });
    expect((await res.json()).result.formId).toBe(sitting.formId);
    // The form endpoint no longer serves a form by id (an unknown parameter is ignored: the server chooses).
    const asked = await (await visitor.get('/api/tests/iq/form?lang=en&formId=0')).json();
    expect(SERVED_FORM_IDS).toContain(asked.formId);
  });

  it("refuses a sheet without its sitting, a token that is not ours, and another browser's sitting", async () => {
    const { sheet } = await iqSheet((item) => item.id % 2 === 0);
    const tampered = sheet.formToken.replace(/\.([A-Za-z0-9_-])/, (_m, c) => `.${c === 'A' ? 'B' : 'A'}`);
    for (const body of [
      { ...sheet, formToken: tampered },
      { ...sheet, formToken: 's1.e30.AAAA' },
    ]) {
      const res = await post('/api/tests/iq/score', body);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe('score.error.form_token');
    }
    // Another browser (its own visitor cookie, or none) cannot score this browser's sitting.
    const stranger = browser(base);
    await stranger.get('/api/tests/iq/form?lang=en');
    for (const res of [
      await stranger.post('/api/tests/iq/score', sheet),
      await fetch(`${base}/api/tests/iq/score`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': randomAddress() },
        body: JSON.stringify(sheet),
      }),
    ]) {
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe('score.error.form_token');
    }
    const resultToken = (await (await post('/api/tests/iq/score', sheet)).json()).token;
    // A result token (signed by the same key) is no sitting token: too long to be read, or refused unread.
    expect((await post('/api/tests/iq/score', { ...sheet, formToken: resultToken })).status).toBe(400);
    const short = resultToken.split('.').slice(0, 3).join('.').slice(0, 300);
    expect((await (await post('/api/tests/iq/score', { ...sheet, formToken: short })).json()).error).toBe(
      'score.error.form_token',
    );
  });

  it('scores a sitting once: the same sheet again is answered again, another sheet of it is refused', async () => {
    const { sitting, sheet } = await iqSheet((item) => item.id <= 10);
    const first = await post('/api/tests/iq/score', sheet);
    expect(first.status).toBe(200);
    const again = await post('/api/tests/iq/score', { ...sheet, submissionId: crypto.randomUUID() });
    expect(again.status).toBe(200);
    expect((await again.json()).result.score).toBe((await first.json()).result.score);
    // The test-wise move: score the sitting, change the answers the teaser says are wrong, score it again.
    const better = iqSheetFor(sitting, () => true);
    const res = await post('/api/tests/iq/score', better);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'score.error.sitting_used', message: expect.any(String) });
    // Nor can a change of pace pass for another sheet.
    expect((await post('/api/tests/iq/score', { ...sheet, timeSpent: sheet.timeSpent + 1 })).status).toBe(409);
  });

  it('keeps a remembered key from carrying over: the key sits in other places from one sitting to the next', async () => {
    const bank = iqBank(4);
    const places = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const sitting = await sittingOf(visitor, 'en', 4);
        return bank.map((item) => shownAt(sitting, item, item.correctAnswer));
      }),
    );
    // Numbers keep their order, and a "cannot be determined" key its last place: every other key moves.
    const shuffled = bank.filter(
      (item) => orderRule(item) === 'shuffled' || (orderRule(item) === 'last-pinned' && item.correctAnswer < 5),
    );
    expect(shuffled.length).toBeGreaterThan(12);
    for (const item of shuffled) {
      const at = new Set(places.map((p) => p[bank.indexOf(item)]));
      expect(at.size, `item ${item.id}`).toBeGreaterThan(1);
    }
  });

  it('cautions about a rushed sheet', async () => {
    const { sheet } = await iqSheet(() => true, 'uk', { itemMs: 900 });
    const rushed = { ...sheet, timeSpent: 19_000 };
    expect((await (await post('/api/tests/iq/score', rushed)).json()).result.cautions).toEqual(['too_fast']);
  });

  it('answers a visitor with the teaser: no breakdown, no key, no explanations', async () => {
    const { sitting, sheet } = await iqSheet(() => true);
    const res = await post('/api/tests/iq/score', sheet);
    const text = await res.text();
    const { result } = JSON.parse(text);
    expect(result.access).toBe('teaser');
    expect(result).not.toHaveProperty('breakdown');
    expect(result).not.toHaveProperty('review');
    expect(text).not.toMatch(/"correctAnswer"/);
    expect(text).not.toContain(iqBank(sitting.formId)[0].explanation.uk);
  });

  it.each([
    ['malformed JSON', () => '{"answers": [', 400, 'api.error.invalid_json'],
    ['a body that is not an object', () => '[1,2,3]', 400, 'api.error.invalid_body'],
    ['wrong types', () => ({ answers: 'all', timeSpent: -1 }), 400, 'api.error.invalid_body'],
    ['a negative time', (s: Sheet) => ({ ...s, timeSpent: -5 }), 400, 'api.error.invalid_body'],
    [
      'a fractional option',
      (s: Sheet) => ({ ...s, answers: s.answers.map((a, i) => (i ? a : { ...a, selectedAnswer: 1.5 })) }),
      400,
      'api.error.invalid_body',
    ],
    [
      'an option out of range',
      (s: Sheet) => ({ ...s, answers: s.answers.map((a, i) => (i ? a : { ...a, selectedAnswer: 6 })) }),
      422,
      'score.error.option_out_of_range',
    ],
    [
      'a duplicated answer',
      (s: Sheet) => ({ ...s, answers: [...s.answers.slice(1), s.answers[3]] }),
      422,
      'score.error.duplicate_answer',
    ],
    [
      'an unknown question',
      (s: Sheet) => ({ ...s, answers: [...s.answers.slice(1), { questionId: 777, selectedAnswer: 0, timeSpent: 1 }] }),
      422,
      'score.error.unknown_question',
    ],
    ['too few answers', (s: Sheet) => ({ ...s, answers: s.answers.slice(0, 12) }), 422, 'score.error.answer_count'],
    ['no answers at all', (s: Sheet) => ({ ...s, answers: [], timeSpent: 0 }), 422, 'score.error.answer_count'],
    ['a sheet that names no sitting', (s: Sheet) => ({ ...s, formToken: undefined }), 400, 'api.error.invalid_body'],
    ['a sitting token that is not text', (s: Sheet) => ({ ...s, formToken: 1 }), 400, 'api.error.invalid_body'],
  ])('refuses %s', async (_name, make, status, key) => {
    const { sheet } = await iqSheet(() => true);
    const res = await post('/api/tests/iq/score', (make as (s: Sheet) => unknown)(sheet));
    expect(res.status).toBe(status);
    const json = await res.json();
    expect(json.error).toBe(key);
    expect(json.message.length).toBeGreaterThan(5);
    // A refused sheet does not use up its sitting.
    if (status === 422) expect((await post('/api/tests/iq/score', sheet)).status).toBe(200);
  });

  it('refuses an oversized body with 413', async () => {
    const { sheet } = await iqSheet(() => true);
    const res = await post('/api/tests/iq/score', { ...sheet, padding: 'x'.repeat(40_000) });
    expect(res.status).toBe(413);
    expect((await res.json()).error).toBe('api.error.payload_too_large');
  });

  it('refuses another media type with 415 and a cross-site browser request with 403', async () => {
    const { sheet } = await iqSheet(() => true);
    expect((await post('/api/tests/iq/score', JSON.stringify(sheet), { 'content-type': 'text/plain' })).status).toBe(
      415,
    );
    const cross = await post('/api/tests/iq/score', sheet, {
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(cross.status).toBe(403);
    expect((await cross.json()).error).toBe('api.error.cross_site');
  });

  it('explains a refusal in the language of the request', async () => {
    const { sheet } = await iqSheet(() => true);
    const empty = { ...sheet, answers: [], timeSpent: 0 };
    const uk = await (await post('/api/tests/iq/score', { ...empty, lang: 'uk' })).json();
    const en = await (await post('/api/tests/iq/score', { ...empty, lang: 'en' })).json();
    expect(uk.message).toMatch(/[а-яі]/);
    expect(en.message).toMatch(/^Answers were not sent/);
  });
});

type Sheet = ReturnType<typeof iqSheetFor>;

describe('IQ scoring limits', () => {
  it("allow a person's use but not the ~50 sheets of one form that probing its key needs, per address", async () => {
    // One browser behind one address; each sheet its own sitting.
    const home = browser(base, { address: randomAddress() });
    const statuses = async (formId: number, n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) {
        const { sheet } = await iqSheet(() => i % 2 === 0, 'en', { formId, b: home, itemMs: 30_000 + i });
        out.push((await home.post('/api/tests/iq/score', sheet)).status);
      }
      return out;
    };
    expect(await statuses(4, 20)).toEqual(Array(20).fill(200));
    const refused = await home.post(
      '/api/tests/iq/score',
      (await iqSheet(() => true, 'en', { formId: 4, b: home })).sheet,
    );
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3600);
    expect(await refused.json()).toMatchObject({
      error: 'score.error.rate_limited',
      message: expect.stringMatching(/^Too many tests/),
    });
    // Another form from the same address is still open, up to 60 sheets an hour in all (21 counted so far)…
    expect(await statuses(8, 20)).toEqual(Array(20).fill(200));
    expect(await statuses(9, 19)).toEqual(Array(19).fill(200));
    expect(
      (await home.post('/api/tests/iq/score', (await iqSheet(() => true, 'en', { formId: 10, b: home })).sheet)).status,
    ).toBe(429);
    // …and another address is not affected.
    expect((await post('/api/tests/iq/score', (await iqSheet(() => true, 'en', { formId: 4 })).sheet)).status).toBe(
      200,
    );
  });

  it('count an IPv6 client by its /64: walking through its addresses walks past no limit', async () => {
    const prefix = `2001:db8:${randomInt(65536).toString(16)}:${randomInt(65536).toString(16)}`;
    const home = browser(base);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const { sheet } = await iqSheet(() => i % 2 === 0, 'en', { formId: 6, b: home, itemMs: 30_000 + i });
      const from = `${prefix}:${randomInt(65536).toString(16)}::${(i + 1).toString(16)}`;
      statuses.push((await home.post('/api/tests/iq/score', sheet, { 'x-forwarded-for': from })).status);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses[20]).toBe(429);
  });

  it('limit a signed-in user to twenty sheets a day, whichever address they come from', async () => {
    const client = await signedUp(base);
    const cookie = () => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const sitting = await takeSitting(client.get, 'uk');
      const sheet = iqSheetFor(sitting, () => true);
      statuses.push(
        (await post('/api/tests/iq/score', { ...sheet, submissionId: crypto.randomUUID() }, { cookie: cookie() }))
          .status,
      );
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses[20]).toBe(429);
    const history = await (await client.get('/api/results?type=iq&limit=50')).json();
    expect(history.items).toHaveLength(20);
  });
});

describe('GET /api/tests/iq/form', () => {
  const get = (query: string) => visitor.get(`/api/tests/iq/form?${query}`);

  it('gives a visitor a served form with its questions and no key, bound to this browser by a cookie', async () => {
    const fresh = browser(base);
    const res = await fresh.get('/api/tests/iq/form?lang=en');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('set-cookie')).toMatch(/^rozum_visitor=[A-Za-z0-9_-]{22};.*Path=\/api\/tests;.*HttpOnly/i);
    const text = await res.text();
    const body = JSON.parse(text);
    expect(SERVED_FORM_IDS).toContain(body.formId);
    expect(body.questions).toHaveLength(20);
    expect(body.questions[0]).toEqual(
      expect.objectContaining({ id: 1, type: iqBank(body.formId)[0].type, text: iqBank(body.formId)[0].question.en }),
    );
    expect(text).not.toMatch(/correctAnswer|explanation/);
    expect(body.reviewed).toBeUndefined();
  });

  it('gives a served form the browser has not taken yet, and the one taken longest ago once all are', async () => {
    for (let i = 0; i < 10; i++) expect((await (await get('lang=uk&taken=4,9,10,0')).json()).formId).toBe(8);
    expect((await (await get('lang=uk&taken=10,4,9,8')).json()).formId).toBe(10);
    // A retired form replaced by a served one counts as it: form 6 taken is form 9 taken.
    for (let i = 0; i < 10; i++) expect((await (await get('lang=uk&taken=4,6,10')).json()).formId).toBe(8);
    expect(SERVED_FORM_IDS).toContain((await (await get('lang=uk&taken=0,1,2,3')).json()).formId);
  });

  it('gives the same sitting again with its token (a reload, or the other language): same form, same order', async () => {
    const uk = await (await get('lang=uk')).json();
    const en = await (await get(`lang=en&formToken=${encodeURIComponent(uk.formToken)}`)).json();
    expect(en).toMatchObject({ formId: uk.formId, formToken: uk.formToken, lang: 'en' });
    const bank = iqBank(uk.formId);
    bank.forEach((item, i) => {
      const order = uk.questions[i].options.map((o: string) => item.options.uk.indexOf(o));
      expect(en.questions[i].options, `item ${item.id}`).toEqual(order.map((k: number) => item.options.en[k]));
      if (item.image)
        expect(en.questions[i].image.optionAlts).toEqual(order.map((k: number) => item.image!.optionAlts.en[k]));
    });
    const stale = await (await get('lang=uk&formToken=s1.eyJ9.AAAA')).json();
    expect(stale.formToken).not.toBe(uk.formToken);
    // Another browser asking with this token gets a sitting of its own.
    const elsewhere = await (
      await browser(base).get(`/api/tests/iq/form?lang=uk&formToken=${encodeURIComponent(uk.formToken)}`)
    ).json();
    expect(elsewhere.formToken).not.toBe(uk.formToken);
  });

  it('keeps numbers in ascending order and "cannot be determined" last; shuffles the rest', async () => {
    const sitting = await sittingOf(visitor, 'en', 8);
    const bank = iqBank(8);
    bank.forEach((item, i) => {
      const shown = sitting.questions[i].options as string[];
      const rule = orderRule(item);
      if (rule === 'fixed') expect(shown).toEqual(item.options.en);
      if (rule === 'last-pinned') expect(shown[5]).toBe(item.options.en[5]);
      expect([...shown].sort()).toEqual([...item.options.en].sort());
    });
    expect(bank.filter((item) => orderRule(item) === 'fixed')).toHaveLength(5);
    expect(bank.filter((item) => orderRule(item) === 'last-pinned')).toHaveLength(4);
    expect(optionOrder(bank[2], 1)).not.toEqual(optionOrder(bank[2], 2));
  });

  it.each(['taken=0,x', 'taken=11', 'taken=-1', 'taken=1e0'])('refuses %s with 400', async (query) => {
    const res = await get(`lang=en&${query}`);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('form.error.unknown');
  });
});

describe('career sittings: the key stays on the server', () => {
  const get = visitor.get;
  const form = async (lang: 'uk' | 'en' = 'en', token?: string) =>
    (
      await get(`/api/tests/professional/form?lang=${lang}${token ? `&formToken=${encodeURIComponent(token)}` : ''}`)
    ).json();
  const statementOf = (text: string, lang: 'uk' | 'en') => CAREER_QUESTIONS.find((q) => q.text[lang] === text)!;
  const answersFor = (questions: { id: number; text: string }[], point: (type: number) => boolean) =>
    careerAnswersFor(questions, point, 'en');

  it("serves 72 statements with the sitting's ids and no type, the same sitting again in the other language", async () => {
    const uk = await form('uk');
    expect(uk.formToken).toMatch(/^s1\./);
    expect(uk.questions.map((q: { id: number }) => q.id)).toEqual(Array.from({ length: 72 }, (_, i) => i + 1));
    expect(JSON.stringify(uk)).not.toMatch(/"type"|"reverse"/);
    const en = await form('en', uk.formToken);
    expect(en.formToken).toBe(uk.formToken);
    en.questions.forEach((q: { text: string }, i: number) =>
      expect(statementOf(q.text, 'en').id).toBe(statementOf(uk.questions[i].text, 'uk').id),
    );
    const other = await form('en');
    expect(other.questions.map((q: { text: string }) => q.text)).not.toEqual(
      en.questions.map((q: { text: string }) => q.text),
    );
  });

  it("scores a sitting with the server's key, reverse-keyed statements inverted", async () => {
    const sitting = await form();
    const res = await post('/api/tests/professional/score', {
      formToken: sitting.formToken,
      answers: answersFor(sitting.questions, (t) => t === 6),
      timeSpent: 300_000,
      lang: 'en',
    });
    expect(res.status).toBe(200);
    const { result } = await res.json();
    expect(result).toMatchObject({ primaryType: 6, corePerType: 8, cautions: [], noClearType: false });
    expect(result.enneagramScores).toMatchObject({ 6: 8, 1: 0 });
  });

  it('names the tie-break statements only the server can tell are needed, and scores them', async () => {
    // One sitting's tie-break answers one set of answers (issue 44): a clear type's sitting, and a tied one.
    const clear = await form();
    const none = await (
      await post('/api/tests/professional/tiebreak', {
        formToken: clear.formToken,
        answers: answersFor(clear.questions, (t) => t === 2),
        lang: 'en',
      })
    ).json();
    expect(none.questions).toEqual([]);
    const sitting = await form();
    const core = answersFor(sitting.questions, (t) => t === 2 || t === 7);
    const tie = await post('/api/tests/professional/tiebreak', {
      formToken: sitting.formToken,
      answers: core,
      lang: 'en',
    });
    expect(tie.status).toBe(200);
    const { questions } = await tie.json();
    expect(questions.map((q: { id: number }) => q.id)).toEqual(Array.from({ length: 10 }, (_, i) => 101 + i));
    expect(new Set(questions.map((q: { text: string }) => statementOf(q.text, 'en').type))).toEqual(new Set([2, 7]));
    const tieBreak = answersFor(questions, (t) => t === 7);
    const scored = await (
      await post('/api/tests/professional/score', {
        formToken: sitting.formToken,
        answers: [...core, ...tieBreak],
        timeSpent: 300_000,
        lang: 'en',
      })
    ).json();
    expect(scored.result).toMatchObject({ primaryType: 7, additionalQuestionsNeeded: true, tiedTypes: [] });
    const missing = await post('/api/tests/professional/score', {
      formToken: sitting.formToken,
      answers: core,
      timeSpent: 300_000,
      lang: 'en',
    });
    expect(missing.status).toBe(422);
  });

  it('cautions a sheet of all Yes and reports no clear type, with no one profile even at full access', async () => {
    const sitting = await form();
    const core = sitting.questions.map((q: { id: number }) => ({
      questionId: q.id,
      selectedAnswer: true,
      timeSpent: 900,
    }));
    const { questions } = await (
      await post('/api/tests/professional/tiebreak', { formToken: sitting.formToken, answers: core, lang: 'en' })
    ).json();
    const tieBreak = questions.map((q: { id: number }) => ({ questionId: q.id, selectedAnswer: true, timeSpent: 900 }));
    const { result } = await (
      await post('/api/tests/professional/score', {
        formToken: sitting.formToken,
        answers: [...core, ...tieBreak],
        timeSpent: 300_000,
        lang: 'en',
      })
    ).json();
    expect(result).toMatchObject({ cautions: ['all_same'], noClearType: true });
    expect(result.tiedTypes.length).toBeGreaterThanOrEqual(3);
    expect(result.profile).toBeUndefined();
  });

  it("refuses a sheet in the key's terms without a sitting, and a token that is not ours", async () => {
    const reverse = CAREER_QUESTIONS.filter((q) => !q.isAdditional);
    const keyed = reverse.map((q) => ({ questionId: q.id, selectedAnswer: q.type === 3, timeSpent: 1000 }));
    const bare = await post('/api/tests/professional/score', { answers: keyed, timeSpent: 300_000, lang: 'en' });
    expect(bare.status).toBe(400);
    expect((await bare.json()).error).toBe('api.error.invalid_body');
    // Another browser cannot score this browser's sitting, nor ask for its tie-break statements.
    const sitting = await form();
    const sheet = await careerSheetFor(post, sitting, (t) => t === 4);
    const stranger = browser(base);
    await stranger.get('/api/tests/professional/form?lang=en');
    for (const res of [
      await stranger.post('/api/tests/professional/score', sheet),
      await stranger.post('/api/tests/professional/tiebreak', {
        formToken: sitting.formToken,
        answers: [],
        lang: 'en',
      }),
    ]) {
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe('score.error.form_token');
    }
    const iqToken = (await (await get('/api/tests/iq/form?lang=en')).json()).formToken;
    for (const formToken of [iqToken, 's1.e30.AAAA']) {
      const res = await post('/api/tests/professional/tiebreak', { formToken, answers: [], lang: 'en' });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe('score.error.form_token');
    }
  });
});

describe('POST /api/tests/professional/score', () => {
  const sheetFor = async (point: (type: number) => boolean, lang: 'uk' | 'en' = 'en') =>
    careerSheetFor(post, await takeCareerSitting(visitor.get, lang), point);

  it('scores a clear type without tie-break statements', async () => {
    const res = await post('/api/tests/professional/score', await sheetFor((type) => type === 5));
    expect(res.status).toBe(200);
    const { result, token } = await res.json();
    expect(result).toMatchObject({
      kind: 'professional',
      access: 'teaser',
      primaryType: 5,
      personalityType: 'Expert',
      totalQuestions: 72,
      additionalQuestionsNeeded: false,
      tiedTypes: [],
    });
    expect(result.enneagramScores).toMatchObject({ 5: 8, 1: 0 });
    expect(result).not.toHaveProperty('profile');
    // The teaser carries exactly what the teaser page shows: no secondary type, professions or profile texts.
    expect(Object.keys(result).sort()).toEqual([
      'access',
      'additionalQuestionsNeeded',
      'cautions',
      'color',
      'corePerType',
      'enneagramScores',
      'kind',
      'language',
      // How far the closest type is ahead, and each score's error band (issue 43): the free page shows both.
      'lead',
      'noClearType',
      'personalityType',
      'primaryType',
      'scoreBands',
      'tagline',
      'tieBreakScores',
      'tiedProfiles',
      'tiedTypes',
      'timeSpent',
      'totalQuestions',
    ]);
    expect(token).toMatch(/^v1\./);
  });

  it('reports a tie the tie-break statements leave, with each tied type', async () => {
    const { result } = await (
      await post('/api/tests/professional/score', await sheetFor((type) => type === 3 || type === 7))
    ).json();
    expect(result.tiedTypes.slice().sort()).toEqual([3, 7]);
    expect(result.tiedProfiles.map((p: { title: string }) => p.title).sort()).toEqual(['Frontman', 'Generator']);
    expect([3, 7]).toContain(result.primaryType);
  });

  it('scores a sitting once: another sheet of it is refused, the same one answered again', async () => {
    const sitting = await takeCareerSitting(visitor.get, 'en');
    const first = await careerSheetFor(post, sitting, (t) => t === 8);
    expect((await post('/api/tests/professional/score', first)).status).toBe(200);
    expect((await post('/api/tests/professional/score', first)).status).toBe(200);
    // Another sheet of the sitting (no tie, so no tie-break statements to ask for).
    const second = {
      formToken: sitting.formToken,
      answers: careerAnswersFor(sitting.questions, (t) => t === 9, 'en'),
      timeSpent: 300_000,
      lang: 'en',
    };
    const res = await post('/api/tests/professional/score', second);
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe('score.error.sitting_used');
  });

  it('refuses statements the sitting never showed, and yes/no given as numbers', async () => {
    const sheet = await sheetFor((t) => t === 1);
    const extra = await post('/api/tests/professional/score', {
      ...sheet,
      answers: [...sheet.answers, { questionId: 101, selectedAnswer: true, timeSpent: 1 }],
    });
    expect(extra.status).toBe(422);
    const numeric = await post('/api/tests/professional/score', {
      ...sheet,
      answers: sheet.answers.map((a) => ({ ...a, selectedAnswer: 1 })),
    });
    expect(numeric.status).toBe(400);
  });

  it('limits career scoring per address like IQ scoring (each signed-in sheet is a saved row)', async () => {
    const home = browser(base, { address: randomAddress() });
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const sitting = await takeCareerSitting(home.get, 'en');
      const sheet = await careerSheetFor(home.post, sitting, (t) => t === 1 + (i % 9));
      statuses.push((await home.post('/api/tests/professional/score', sheet)).status);
    }
    expect(statuses.slice(0, 60)).toEqual(Array(60).fill(200));
    expect(statuses[60]).toBe(429);
  });
});

describe('POST /api/results/from-token', () => {
  it('gives a visitor the result again from its token, in the asked language', async () => {
    const sheet = await careerSheetFor(post, await takeCareerSitting(visitor.get, 'uk'), (t) => t === 5);
    const scored = await (await post('/api/tests/professional/score', sheet)).json();
    const res = await post('/api/results/from-token', { token: scored.token, lang: 'en' });
    expect(res.status).toBe(200);
    const { result } = await res.json();
    expect(result).toMatchObject({ primaryType: 5, personalityType: 'Expert', language: 'en', access: 'teaser' });
  });

  it('reads an IQ token on the form and scale it was scored with', async () => {
    const { sitting, sheet } = await iqSheet(() => true, 'uk', { formId: 10 });
    const scored = await (await post('/api/tests/iq/score', sheet)).json();
    const { result } = await (await post('/api/results/from-token', { token: scored.token, lang: 'en' })).json();
    expect(result).toMatchObject({
      formId: 10,
      scale: 'provisional',
      score: rawScoreOf(sitting.formId, () => true),
      reliability: scored.result.reliability,
      iqEstimate: scored.result.iqEstimate,
      iqBoundAt: scored.result.iqBoundAt,
      language: 'en',
    });
  });

  it('refuses a tampered or made-up token', async () => {
    const { sheet } = await iqSheet(() => false);
    const { token } = await (await post('/api/tests/iq/score', sheet)).json();
    const [v, body, mac] = token.split('.');
    const forged = Buffer.from(
      Buffer.from(body, 'base64url')
        .toString()
        .replace(
          /"answers":\[\[(\d+),(\d+)/,
          (_m: string, id: string, sel: string) => `"answers":[[${id},${(Number(sel) + 1) % 6}`,
        ),
    ).toString('base64url');
    for (const bad of [`${v}.${forged}.${mac}`, `${token}x`, 'v1.e30.AAAA', 'hello']) {
      const res = await post('/api/results/from-token', { token: bad });
      expect(res.status, bad).toBe(400);
      expect((await res.json()).error).toBe('token.error.invalid');
    }
  });
});
