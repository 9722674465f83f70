/**
 * The scoring API over real HTTP: server-side scoring with the server-only key, teaser for visitors, signed
 * tokens, and bad input refused with a 4xx and a message key.
 */
import { randomInt } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { Client, uniqueEmail } from '../support/client.ts';
import { iqBank, IQ_FORM_IDS, SERVED_FORM_IDS } from '../../src/domain/iq/bank.ts';
import { optionOrder, orderRule } from '../../src/domain/sittings.ts';
import { shownAt, sittingSheet, takeSitting } from '../support/sittings.ts';
import { readIq, STATED_RELIABILITY } from '../../src/domain/iq/reading.ts';
import { CAREER_QUESTIONS, legacyCoreInOrder } from '../../src/domain/career/questions.ts';
import { tieAfterCore } from '../../src/domain/career/scoring.ts';

const base = inject('baseUrl');
const bank = iqBank(0);

/** Each request from its own address (the server trusts X-Forwarded-For here), so scoring limits stay out of the way. */
const address = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address(), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** An IQ sheet answering right exactly the items `right` accepts. */
const iqSheet = (right: (item: (typeof bank)[number]) => boolean, lang: 'uk' | 'en' = 'uk', formId = 0) => ({
  formId,
  answers: iqBank(formId).map((item) => ({
    questionId: item.id,
    selectedAnswer: right(item) ? item.correctAnswer : (item.correctAnswer + 1) % 6,
    timeSpent: 30_000,
  })),
  timeSpent: 600_000,
  lang,
});

describe('POST /api/tests/iq/score', () => {
  it.each([
    ['every item right', () => true, 43],
    ['every item wrong', () => false, 0],
    [
      'the hard items and item 1 right (raw 22)',
      (i: (typeof bank)[number]) => i.difficulty === 'hard' || i.id === 1,
      22,
    ],
  ])('scores %s as a provisional IQ with its 95 %% interval, at the stated reliability', async (_name, right, raw) => {
    const res = await post('/api/tests/iq/score', iqSheet(right));
    expect(res.status).toBe(200);
    const body = await res.json();
    const { iqEstimate, iqBound, iqInterval, percentile, ratingLabel } = readIq(raw, STATED_RELIABILITY);
    expect(body.result).toMatchObject({
      kind: 'iq',
      formId: 0,
      score: raw,
      iqEstimate,
      iqBound,
      iqInterval,
      percentile,
      ratingLabel,
      reliability: 0.75,
      totalQuestions: 20,
      cautions: raw ? [] : ['below_chance'],
    });
    expect(body.token).toMatch(/^v1\./);
  });

  it.each([0, 1, 2, 3].map((f) => [f]))(
    "scores retired form %i against that form's key, in the key's order",
    async (formId) => {
      const right = await (
        await post(
          '/api/tests/iq/score',
          iqSheet(() => true, 'en', formId),
        )
      ).json();
      expect(right.result).toMatchObject({ formId, score: 43 });
      const other = IQ_FORM_IDS.find((f) => f !== formId)!;
      const misfiled = await (
        await post('/api/tests/iq/score', { ...iqSheet(() => true, 'en', other), formId })
      ).json();
      expect(misfiled.result.score).toBeLessThan(43);
    },
  );

  it.each(SERVED_FORM_IDS.map((f) => [f]))(
    "scores a sitting of form %i against that form's key, each clicked place mapped to its option",
    async (formId) => {
      const sitting = await takeSitting((p) => fetch(base + p), 'en', `&formId=${formId}`);
      expect(sitting).toMatchObject({ formId, formToken: expect.stringMatching(/^s1\./) });
      const right = await (
        await post(
          '/api/tests/iq/score',
          sittingSheet(sitting, (item) => item.correctAnswer),
        )
      ).json();
      expect(right.result).toMatchObject({ formId, score: 43 });
      // The same places on a different sitting of the form mean other options.
      const other = await takeSitting((p) => fetch(base + p), 'en', `&formId=${formId}`);
      const moved = await (
        await post('/api/tests/iq/score', {
          ...sittingSheet(sitting, (item) => item.correctAnswer),
          formToken: other.formToken,
        })
      ).json();
      expect(moved.result.score).toBeLessThan(43);
    },
  );

  it("refuses a served form's sheet without its sitting, and a token that is not ours", async () => {
    const sitting = await takeSitting((p) => fetch(base + p), 'en');
    const sheet = sittingSheet(sitting, (item) => item.correctAnswer);
    const bare = { ...sheet, formToken: undefined, formId: sitting.formId };
    const tampered = sheet.formToken.replace(/\.([A-Za-z0-9_-])/, (_m, c) => `.${c === 'A' ? 'B' : 'A'}`);
    const resultToken = (await (await post('/api/tests/iq/score', sheet)).json()).token;
    for (const body of [bare, { ...sheet, formToken: tampered }]) {
      const res = await post('/api/tests/iq/score', body);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe('score.error.form_token');
    }
    // A result token (signed by the same key) is no sitting token: too long to be read, or refused unread.
    expect((await post('/api/tests/iq/score', { ...sheet, formToken: resultToken })).status).toBe(400);
    const short = resultToken.split('.').slice(0, 3).join('.').slice(0, 300);
    expect((await (await post('/api/tests/iq/score', { ...sheet, formToken: short })).json()).error).toBe(
      'score.error.form_token',
    );
    const both = await post('/api/tests/iq/score', { ...sheet, formId: sitting.formId });
    expect(both.status).toBe(400);
  });

  it('keeps a remembered key from carrying over: the key sits in other places from one sitting to the next', async () => {
    const bank = iqBank(4);
    const places = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const sitting = await takeSitting((p) => fetch(base + p), 'en', '&formId=4');
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
    const rushed = {
      ...iqSheet(() => true),
      answers: iqSheet(() => true).answers.map((a) => ({ ...a, timeSpent: 900 })),
      timeSpent: 19_000,
    };
    expect((await (await post('/api/tests/iq/score', rushed)).json()).result.cautions).toEqual(['too_fast']);
  });

  it('answers a visitor with the teaser: no breakdown, no key, no explanations', async () => {
    const res = await post(
      '/api/tests/iq/score',
      iqSheet(() => true),
    );
    const text = await res.text();
    const { result } = JSON.parse(text);
    expect(result.access).toBe('teaser');
    expect(result).not.toHaveProperty('breakdown');
    expect(result).not.toHaveProperty('review');
    expect(text).not.toMatch(/"correctAnswer"/);
    expect(text).not.toContain(bank[0].explanation.uk);
  });

  it.each([
    ['malformed JSON', '{"answers": [', 400, 'api.error.invalid_json'],
    ['a body that is not an object', '[1,2,3]', 400, 'api.error.invalid_body'],
    ['wrong types', { answers: 'all', timeSpent: -1 }, 400, 'api.error.invalid_body'],
    ['a negative time', { ...iqSheet(() => true), timeSpent: -5 }, 400, 'api.error.invalid_body'],
    [
      'a fractional option',
      {
        ...iqSheet(() => true),
        answers: iqSheet(() => true).answers.map((a, i) => (i ? a : { ...a, selectedAnswer: 1.5 })),
      },
      400,
      'api.error.invalid_body',
    ],
    [
      'an option out of range',
      {
        ...iqSheet(() => true),
        answers: iqSheet(() => true).answers.map((a, i) => (i ? a : { ...a, selectedAnswer: 6 })),
      },
      422,
      'score.error.option_out_of_range',
    ],
    [
      'a duplicated answer',
      { ...iqSheet(() => true), answers: [...iqSheet(() => true).answers.slice(1), iqSheet(() => true).answers[3]] },
      422,
      'score.error.duplicate_answer',
    ],
    [
      'an unknown question',
      {
        ...iqSheet(() => true),
        answers: [...iqSheet(() => true).answers.slice(1), { questionId: 777, selectedAnswer: 0, timeSpent: 1 }],
      },
      422,
      'score.error.unknown_question',
    ],
    [
      'too few answers',
      { ...iqSheet(() => true), answers: iqSheet(() => true).answers.slice(0, 12) },
      422,
      'score.error.answer_count',
    ],
    ['no answers at all', { formId: 0, answers: [], timeSpent: 0 }, 422, 'score.error.answer_count'],
    ['a sheet that names no form', { ...iqSheet(() => true), formId: undefined }, 400, 'api.error.invalid_body'],
    ['a form that does not exist', { ...iqSheet(() => true), formId: 99 }, 400, 'api.error.invalid_body'],
    ['a form id that is not a number', { ...iqSheet(() => true), formId: '1' }, 400, 'api.error.invalid_body'],
  ])('refuses %s', async (_name, body, status, key) => {
    const res = await post('/api/tests/iq/score', body);
    expect(res.status).toBe(status);
    const json = await res.json();
    expect(json.error).toBe(key);
    expect(json.message.length).toBeGreaterThan(5);
  });

  it('refuses an oversized body with 413', async () => {
    const huge = { ...iqSheet(() => true), padding: 'x'.repeat(40_000) };
    const res = await post('/api/tests/iq/score', huge);
    expect(res.status).toBe(413);
    expect((await res.json()).error).toBe('api.error.payload_too_large');
  });

  it('refuses another media type with 415 and a cross-site browser request with 403', async () => {
    expect(
      (await post('/api/tests/iq/score', JSON.stringify(iqSheet(() => true)), { 'content-type': 'text/plain' })).status,
    ).toBe(415);
    const cross = await post(
      '/api/tests/iq/score',
      iqSheet(() => true),
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    );
    expect(cross.status).toBe(403);
    expect((await cross.json()).error).toBe('api.error.cross_site');
  });

  it('explains a refusal in the language of the request', async () => {
    const uk = await (await post('/api/tests/iq/score', { formId: 0, answers: [], timeSpent: 0, lang: 'uk' })).json();
    const en = await (await post('/api/tests/iq/score', { formId: 0, answers: [], timeSpent: 0, lang: 'en' })).json();
    expect(uk.message).toMatch(/[а-яі]/);
    expect(en.message).toMatch(/^Answers were not sent/);
  });
});

describe('IQ scoring limits', () => {
  const from = (ip: string, body: unknown, headers: Record<string, string> = {}) =>
    post('/api/tests/iq/score', body, { ...headers, 'x-forwarded-for': ip });

  it("allow a person's use but not the ~50 sheets of one form that probing its key needs, per address", async () => {
    const ip = address();
    const statuses = async (formId: number, n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++)
        out.push(
          (
            await from(
              ip,
              iqSheet(() => i % 2 === 0, 'en', formId),
            )
          ).status,
        );
      return out;
    };
    expect(await statuses(0, 20)).toEqual(Array(20).fill(200));
    const refused = await from(
      ip,
      iqSheet(() => true, 'en', 0),
    );
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3600);
    const body = await refused.json();
    expect(body).toMatchObject({
      error: 'score.error.rate_limited',
      message: expect.stringMatching(/^Too many tests/),
    });
    // Another form from the same address is still open, up to 60 sheets an hour in all (21 counted so far)…
    expect(await statuses(1, 20)).toEqual(Array(20).fill(200));
    expect(await statuses(2, 19)).toEqual(Array(19).fill(200));
    expect(
      (
        await from(
          ip,
          iqSheet(() => true, 'en', 3),
        )
      ).status,
    ).toBe(429);
    // …and another address is not affected.
    expect(
      (
        await post(
          '/api/tests/iq/score',
          iqSheet(() => true, 'en', 0),
        )
      ).status,
    ).toBe(200);
  });

  it('limit a signed-in user to twenty sheets a day, whichever address they come from', async () => {
    const client = new Client(base);
    expect((await client.post('/api/auth/signup', { email: uniqueEmail('scores'), password: 'secret1' })).status).toBe(
      201,
    );
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push(
        (await from(address(), { ...iqSheet(() => true, 'uk', i % 4), submissionId: crypto.randomUUID() }, { cookie }))
          .status,
      );
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses[20]).toBe(429);
    expect((await client.get('/api/results?type=iq').then((r) => r.json())).items).toHaveLength(20);
  });
});

describe('GET /api/tests/iq/form', () => {
  const get = (query: string) => fetch(`${base}/api/tests/iq/form?${query}`);

  it('gives a visitor a form with its questions and no key', async () => {
    const res = await get('lang=en');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    const body = JSON.parse(text);
    expect(IQ_FORM_IDS).toContain(body.formId);
    expect(body.questions).toHaveLength(20);
    expect(body.questions[0]).toEqual(
      expect.objectContaining({ id: 1, type: iqBank(body.formId)[0].type, text: iqBank(body.formId)[0].question.en }),
    );
    expect(text).not.toMatch(/correctAnswer|explanation/);
  });

  it('gives a served form the browser has not taken yet, and the one taken longest ago once all are', async () => {
    for (let i = 0; i < 10; i++) expect((await (await get('lang=uk&taken=4,6,7,0')).json()).formId).toBe(5);
    expect((await (await get('lang=uk&taken=7,4,6,5')).json()).formId).toBe(7);
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
  });

  it('keeps numbers in ascending order and "cannot be determined" last; shuffles the rest', async () => {
    const sitting = await (await get('lang=en&formId=5')).json();
    const bank = iqBank(5);
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

  it('gives a retired form asked by id again (resuming a test begun before sittings), in the key order', async () => {
    const body = await (await get('lang=uk&formId=2')).json();
    expect(body).toMatchObject({ formId: 2, lang: 'uk' });
    expect(body.formToken).toBeUndefined();
    expect(body.questions[0].text).toBe(iqBank(2)[0].question.uk);
    expect(body.questions[2].options).toEqual(iqBank(2)[2].options.uk);
  });

  it.each(['formId=8', 'formId=-1', 'formId=', 'formId=1e0', 'taken=0,x', 'taken=9'])(
    'refuses %s with 400',
    async (query) => {
      const res = await get(`lang=en&${query}`);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe('form.error.unknown');
    },
  );
});

describe('career sittings: the key stays on the server', () => {
  const get = (path: string) => fetch(base + path);
  const form = async (lang: 'uk' | 'en' = 'en', token?: string) =>
    (
      await get(`/api/tests/professional/form?lang=${lang}${token ? `&formToken=${encodeURIComponent(token)}` : ''}`)
    ).json();
  const statementOf = (text: string, lang: 'uk' | 'en') => CAREER_QUESTIONS.find((q) => q.text[lang] === text)!;
  /** Answers a sitting's statements (by their sitting ids), each giving its type a point when `point` says so. */
  const answersFor = (
    questions: { id: number; text: string }[],
    point: (type: number) => boolean,
    lang: 'uk' | 'en' = 'en',
  ) =>
    questions.map((q) => {
      const s = statementOf(q.text, lang);
      return { questionId: q.id, selectedAnswer: s.reverse ? !point(s.type) : point(s.type), timeSpent: 2000 };
    });

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
    const sitting = await form();
    const core = answersFor(sitting.questions, (t) => t === 2 || t === 7);
    const none = await (
      await post('/api/tests/professional/tiebreak', {
        formToken: sitting.formToken,
        answers: answersFor(sitting.questions, (t) => t === 2),
        lang: 'en',
      })
    ).json();
    expect(none.questions).toEqual([]);
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
    expect((await bare.json()).error).toBe('score.error.form_token');
    const iqToken = (await (await get('/api/tests/iq/form?lang=en')).json()).formToken;
    for (const formToken of [iqToken, 's1.e30.AAAA']) {
      const res = await post('/api/tests/professional/tiebreak', { formToken, answers: [], lang: 'en' });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe('score.error.form_token');
    }
  });
});

describe('POST /api/tests/professional/score', () => {
  const core = legacyCoreInOrder();
  const coreSheet = (yes: (type: number, n: number) => boolean) => {
    const seen = new Map<number, number>();
    return core.map((q) => {
      const n = seen.get(q.type) ?? 0;
      seen.set(q.type, n + 1);
      return { questionId: q.id, selectedAnswer: yes(q.type, n), timeSpent: 4000 };
    });
  };

  it('scores a clear type without tie-break statements', async () => {
    const res = await post('/api/tests/professional/score', {
      answers: coreSheet((type) => type === 5),
      timeSpent: 400_000,
      lang: 'en',
    });
    expect(res.status).toBe(200);
    const { result, token } = await res.json();
    expect(result).toMatchObject({
      kind: 'professional',
      access: 'teaser',
      primaryType: 5,
      personalityType: 'Expert',
      totalQuestions: 54,
      additionalQuestionsNeeded: false,
      tiedTypes: [],
    });
    expect(result.enneagramScores).toMatchObject({ 5: 6, 1: 0 });
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
      'noClearType',
      'personalityType',
      'primaryType',
      'tagline',
      'tieBreakScores',
      'tiedProfiles',
      'tiedTypes',
      'timeSpent',
      'totalQuestions',
    ]);
    expect(token).toMatch(/^v1\./);
  });

  it('requires the tie-break statements when types tie, and settles the tie with them', async () => {
    const answers = coreSheet((type, n) => (type === 2 || type === 6) && n < 4);
    const incomplete = await post('/api/tests/professional/score', { answers, timeSpent: 1000 });
    expect(incomplete.status).toBe(422);
    expect((await incomplete.json()).error).toBe('score.error.answer_count');
    const tieBreak = tieAfterCore(answers).tieBreak.map((q) => ({
      questionId: q.id,
      selectedAnswer: q.type === 6,
      timeSpent: 3000,
    }));
    const res = await post('/api/tests/professional/score', {
      answers: [...answers, ...tieBreak],
      timeSpent: 1000,
      lang: 'uk',
    });
    expect(res.status).toBe(200);
    expect((await res.json()).result).toMatchObject({
      primaryType: 6,
      personalityType: 'Аналітик',
      tiedTypes: [],
      tieBreakScores: { 2: 0, 6: 5 },
      additionalQuestionsNeeded: true,
    });
  });

  it('reports a tie the tie-break statements leave, with each tied type', async () => {
    const answers = coreSheet((type, n) => (type === 3 || type === 7) && n < 5);
    const tieBreak = tieAfterCore(answers).tieBreak.map((q) => ({
      questionId: q.id,
      selectedAnswer: true,
      timeSpent: 3000,
    }));
    const { result } = await (
      await post('/api/tests/professional/score', { answers: [...answers, ...tieBreak], timeSpent: 1000, lang: 'en' })
    ).json();
    expect(result.tiedTypes.slice().sort()).toEqual([3, 7]);
    expect(result.tiedProfiles.map((p: { title: string }) => p.title).sort()).toEqual(['Frontman', 'Generator']);
    expect([3, 7]).toContain(result.primaryType);
  });

  it('refuses tie-break statements nobody asked for, and yes/no given as numbers', async () => {
    const extra = await post('/api/tests/professional/score', {
      answers: [...coreSheet((t) => t === 1), { questionId: 70, selectedAnswer: true, timeSpent: 1 }],
      timeSpent: 1,
    });
    expect((await extra.json()).error).toBe('score.error.unexpected_tiebreak');
    const numeric = await post('/api/tests/professional/score', {
      answers: coreSheet(() => true).map((a) => ({ ...a, selectedAnswer: 1 })),
      timeSpent: 1,
    });
    expect(numeric.status).toBe(400);
  });
});

describe('POST /api/results/from-token', () => {
  it('gives a visitor the result again from its token, in the asked language', async () => {
    const scored = await (
      await post('/api/tests/professional/score', { answers: coreSheet5(), timeSpent: 1000, lang: 'uk' })
    ).json();
    const res = await post('/api/results/from-token', { token: scored.token, lang: 'en' });
    expect(res.status).toBe(200);
    const { result } = await res.json();
    expect(result).toMatchObject({ primaryType: 5, personalityType: 'Expert', language: 'en', access: 'teaser' });
  });

  it('reads an IQ token on the form and reliability it was scored with', async () => {
    const scored = await (
      await post(
        '/api/tests/iq/score',
        iqSheet(() => true, 'uk', 3),
      )
    ).json();
    const { result } = await (await post('/api/results/from-token', { token: scored.token, lang: 'en' })).json();
    expect(result).toMatchObject({
      formId: 3,
      score: 43,
      reliability: 0.75,
      iqEstimate: scored.result.iqEstimate,
      language: 'en',
    });
  });

  it('refuses a tampered or made-up token', async () => {
    const { token } = await (
      await post(
        '/api/tests/iq/score',
        iqSheet(() => false),
      )
    ).json();
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

function coreSheet5() {
  return legacyCoreInOrder().map((q) => ({ questionId: q.id, selectedAnswer: q.type === 5, timeSpent: 2000 }));
}
