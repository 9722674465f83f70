/**
 * One sheet, one result, one certificate (DESIGN.md §3.8; issue 27), over real HTTP: the attacks a test-wise or
 * hostile person would try on the chain from an answer sheet to a "verified" certificate, kept as tests.
 */
import { describe, expect, inject, it } from 'vitest';
import { signedUp } from '../support/accounts.ts';
import { Client } from '../support/client.ts';
import { browser } from '../support/browser.ts';
import { SERVED_FORM_IDS } from '../../src/domain/iq/bank.ts';
import { careerSheetFor, careful, iqSheetFor, takeCareerSitting, takeSitting } from '../support/sittings.ts';

const base = inject('baseUrl');

async function premium(client: Client): Promise<void> {
  expect((await client.post('/api/promo', { promoCode: 'WELCOME30' })).status).toBe(200);
}

describe('one sheet, at most one saved result', () => {
  it("a visitor's token is consumed by its first claim: any other account gets a 409 and nothing is saved", async () => {
    const visitor = browser(base);
    const sitting = await takeSitting(visitor.get, 'en');
    const scored = await (await visitor.post('/api/tests/iq/score', iqSheetFor(sitting, careful))).json();
    expect(scored.token).toMatch(/^v1\./);
    // The high scorer hands the token to three friends at once: one of them gets the result, the others nothing.
    const friends = await Promise.all(['a', 'b', 'c'].map(() => signedUp(base)));
    const answers = await Promise.all(
      friends.map((f) => f.post('/api/results/claim', { tokens: [scored.token], lang: 'en' })),
    );
    const bodies = await Promise.all(answers.map((r) => r.json()));
    const winners = answers.flatMap((r, i) => (r.status === 200 ? [i] : []));
    expect(winners).toHaveLength(1);
    for (const [i, res] of answers.entries()) {
      if (i === winners[0]) continue;
      expect(res.status).toBe(409);
      expect(bodies[i]).toMatchObject({ error: 'results.error.claimed', message: expect.any(String) });
    }
    const holder = friends[winners[0]];
    const id = bodies[winners[0]].claimed[0].id;
    // The holder claiming again gets the same result; the others have none in their history.
    const again = await (await holder.post('/api/results/claim', { tokens: [scored.token], lang: 'en' })).json();
    expect(again.claimed[0].id).toBe(id);
    for (const [i, f] of friends.entries()) {
      const { items } = await (await f.get('/api/results?type=iq')).json();
      expect(items.map((r: { id: string }) => r.id)).toEqual(i === winners[0] ? [id] : []);
    }
  });

  it('a signed-in sheet is saved at once and answers no claimable token', async () => {
    const user = await signedUp(base);
    const sitting = await takeSitting(user.get, 'uk');
    const res = await user.post('/api/tests/iq/score', iqSheetFor(sitting, careful));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ saved: true, id: expect.any(String) });
    expect(body).not.toHaveProperty('token');
    const career = await takeCareerSitting(user.get, 'uk');
    const saved = await (
      await user.post('/api/tests/professional/score', await careerSheetFor(user.post, career, (t) => t === 2))
    ).json();
    expect(saved).toMatchObject({ saved: true, id: expect.any(String) });
    expect(saved).not.toHaveProperty('token');
  });

  it("a signed-in user's retry saves once; another sheet of the same sitting is refused", async () => {
    const user = await signedUp(base);
    const sitting = await takeSitting(user.get, 'en');
    const sheet = iqSheetFor(sitting, careful);
    const first = await (await user.post('/api/tests/iq/score', sheet)).json();
    const retry = await (
      await user.post('/api/tests/iq/score', { ...sheet, submissionId: crypto.randomUUID() })
    ).json();
    expect(retry.id).toBe(first.id);
    const better = await user.post(
      '/api/tests/iq/score',
      iqSheetFor(sitting, () => true),
    );
    expect(better.status).toBe(409);
    expect((await better.json()).error).toBe('score.error.sitting_used');
    const { items } = await (await user.get('/api/results?type=iq')).json();
    expect(items).toHaveLength(1);
  });

  it('a visitor who scored a sitting cannot save another sheet of it by signing in', async () => {
    const user = await signedUp(base);
    // The browser is the user's, signed out for the test: its visitor cookie is the sitting's.
    const session = user.cookies.get('rozum_session');
    user.cookies.delete('rozum_session');
    const sitting = await takeSitting(user.get, 'en');
    const scored = await (await user.post('/api/tests/iq/score', iqSheetFor(sitting, careful))).json();
    expect(scored.token).toMatch(/^v1\./);
    user.cookies.set('rozum_session', session!);
    // Signed in now, it sends a better sheet of the same sitting (its teaser seen): refused, nothing saved.
    const better = await user.post(
      '/api/tests/iq/score',
      iqSheetFor(sitting, () => true),
    );
    expect(better.status).toBe(409);
    expect((await better.json()).error).toBe('score.error.sitting_used');
    expect((await (await user.get('/api/results?type=iq')).json()).items).toHaveLength(0);
    // The sheet it did send as a visitor is what it can keep: claimed once.
    const claim = await user.post('/api/results/claim', { tokens: [scored.token], lang: 'en' });
    expect(claim.status).toBe(200);
    expect((await (await user.get('/api/results?type=iq')).json()).items).toHaveLength(1);
  });
});

describe('no certificate for a cautioned sheet', () => {
  it('refuses the certificate and its verification with 409 certificate.error.caution, in both languages', async () => {
    const user = await signedUp(base, { fullName: 'Марко Вовк' });
    const sitting = await takeSitting(user.get, 'en');
    // Rushed and guessed: the page leads with its cautions; no certificate may say otherwise.
    const { id } = await (
      await user.post('/api/tests/iq/score', { ...iqSheetFor(sitting, () => false, 800), timeSpent: 16_000 })
    ).json();
    const { verificationCode, result } = await (await user.get(`/api/results/iq/${id}`)).json();
    expect(result.cautions.length).toBeGreaterThan(0);
    for (const lang of ['uk', 'en'] as const) {
      const res = await user.get(`/api/certificates/${id}?lang=${lang}`);
      expect(res.status).toBe(409);
      const body = await res.json();
      expect(body.error).toBe('certificate.error.caution');
      expect(body.message).toMatch(lang === 'uk' ? /[а-яі]/ : /^This result has no certificate/);
      const verify = await fetch(`${base}/api/certificates/verify/${verificationCode}?lang=${lang}`);
      expect(verify.status).toBe(409);
      expect(await verify.json()).toMatchObject({ valid: false, error: 'certificate.error.caution' });
    }
    // A careful sheet of the same user earns one.
    const next = await takeSitting(user.get, 'en');
    const careful2 = await (await user.post('/api/tests/iq/score', iqSheetFor(next, careful))).json();
    const png = await user.get(`/api/certificates/${careful2.id}?lang=uk`);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
  });

  it('refuses a career certificate for a sheet answered all one way (no clear type)', async () => {
    const user = await signedUp(base);
    const sitting = await takeCareerSitting(user.get, 'en');
    const sheet = await careerSheetFor(user.post, sitting, () => true);
    const allYes = { ...sheet, answers: sheet.answers.map((a) => ({ ...a, selectedAnswer: true })) };
    const { id } = await (await user.post('/api/tests/professional/score', allYes)).json();
    const res = await user.get(`/api/certificates/${id}?lang=en`);
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe('certificate.error.caution');
  });
});

describe('no certificate for a career sheet with no clear type', () => {
  it('refuses it as what it is (certificate.error.no_clear_type, 409), not as a caution, certificate and verification', async () => {
    const user = await signedUp(base, { fullName: 'Ірина Бондар' });
    const sitting = await takeCareerSitting(user.get, 'uk');
    // Three types level after the tie-break: nothing wrong with the answers, only no one type to name.
    const sheet = await careerSheetFor(user.post, sitting, (type) => [2, 6, 9].includes(type));
    const { id } = await (await user.post('/api/tests/professional/score', sheet)).json();
    const { verificationCode, result } = await (await user.get(`/api/results/professional/${id}`)).json();
    expect(result).toMatchObject({ noClearType: true, cautions: [] });
    for (const lang of ['uk', 'en'] as const) {
      const res = await user.get(`/api/certificates/${id}?lang=${lang}`);
      expect(res.status).toBe(409);
      const body = await res.json();
      expect(body.error).toBe('certificate.error.no_clear_type');
      expect(body.message).toMatch(lang === 'uk' ? /три типи/ : /three types/);
      const verify = await fetch(`${base}/api/certificates/verify/${verificationCode}?lang=${lang}`);
      expect(verify.status).toBe(409);
      expect(await verify.json()).toMatchObject({ valid: false, error: 'certificate.error.no_clear_type' });
    }
  });
});

describe('a retake is served a form whose worked answers the user has not seen', () => {
  it('never serves a reviewed form while an unseen one remains, then says so and cautions the sheet', async () => {
    const user = await signedUp(base);
    await premium(user);
    const seen: number[] = [];
    for (let i = 0; i < SERVED_FORM_IDS.length; i++) {
      const sitting = await takeSitting(user.get, 'en');
      expect(sitting).not.toHaveProperty('reviewed');
      expect(seen).not.toContain(sitting.formId);
      // A subscriber's result shows the worked answers: the score response itself, and the result page.
      const { id, result } = await (await user.post('/api/tests/iq/score', iqSheetFor(sitting, careful))).json();
      expect(result.review).toBeDefined();
      expect((await user.get(`/api/results/iq/${id}`)).status).toBe(200);
      seen.push(sitting.formId);
      // The mark is written after the response: wait until a new sitting avoids it.
      await expect
        .poll(async () => (await takeSitting(user.get, 'en')).formId !== sitting.formId || i === 3)
        .toBe(true);
    }
    expect(seen.slice().sort((a, b) => a - b)).toEqual([...SERVED_FORM_IDS]);
    // Every form's answers seen: the server says so rather than recycling silently, and the sheet is cautioned.
    const last = await takeSitting(user.get, 'en');
    expect(last).toMatchObject({ reviewed: true, formId: seen[0] });
    const { id, result } = await (await user.post('/api/tests/iq/score', iqSheetFor(last, careful))).json();
    expect(result.cautions).toContain('key_seen');
    expect((await user.get(`/api/results/iq/${id}`).then((r) => r.json())).result.cautions).toContain('key_seen');
    expect((await user.get(`/api/certificates/${id}?lang=en`)).status).toBe(409);
  });
});

describe('the worked answers seen are judged when a sheet is saved, not when its form was served', () => {
  it("cautions a sheet of a sitting collected before its form's review was shown", async () => {
    const user = await signedUp(base);
    await premium(user);
    // Two sittings of one form, fetched together while nothing has been seen.
    const steer = (f: number) => `&taken=${SERVED_FORM_IDS.filter((x) => x !== f).join(',')}`;
    const one = await takeSitting(user.get, 'en', steer(9));
    const two = await takeSitting(user.get, 'en', steer(9));
    expect([one.formId, two.formId, one.reviewed, two.reviewed]).toEqual([9, 9, undefined, undefined]);
    // The first, answered honestly, shows the form's worked answers.
    const first = await (await user.post('/api/tests/iq/score', iqSheetFor(one, careful))).json();
    expect(first.result.review).toBeDefined();
    expect(first.result.cautions).toEqual([]);
    // The second, answered with the key in mind, is cautioned and earns no certificate.
    const second = await (
      await user.post(
        '/api/tests/iq/score',
        iqSheetFor(two, () => true),
      )
    ).json();
    expect(second.result.cautions).toContain('key_seen');
    const saved = await (await user.get(`/api/results/iq/${second.id}`)).json();
    expect(saved.result.cautions).toContain('key_seen');
    expect((await user.get(`/api/certificates/${second.id}?lang=en`)).status).toBe(409);
  });

  it("cautions a visitor's sheet claimed after its taker had seen that form's review", async () => {
    const user = await signedUp(base);
    await premium(user);
    const steer = `&taken=${SERVED_FORM_IDS.filter((x) => x !== 10).join(',')}`;
    // Signed out in the same browser, a visitor sitting of form 10 is taken first…
    const session = user.cookies.get('rozum_session')!;
    user.cookies.delete('rozum_session');
    const visitorSitting = await takeSitting(user.get, 'en', steer);
    user.cookies.set('rozum_session', session);
    // …then form 10's review is seen signed in, and only then is the visitor sheet scored and claimed.
    const seen = await takeSitting(user.get, 'en', steer);
    expect(
      (await (await user.post('/api/tests/iq/score', iqSheetFor(seen, careful))).json()).result.review,
    ).toBeDefined();
    user.cookies.delete('rozum_session');
    const { token } = await (
      await user.post(
        '/api/tests/iq/score',
        iqSheetFor(visitorSitting, () => true),
      )
    ).json();
    user.cookies.set('rozum_session', session);
    const { claimed } = await (await user.post('/api/results/claim', { tokens: [token], lang: 'en' })).json();
    const { result } = await (await user.get(`/api/results/iq/${claimed[0].id}`)).json();
    expect(result.cautions).toContain('key_seen');
  });
});

describe('claims', () => {
  it('are limited per user, answered with 429 and Retry-After', async () => {
    const user = await signedUp(base);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await user.post('/api/results/claim', { tokens: ['v1.e30.AAAA'], lang: 'en' })).status);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(400));
    const refused = await user.post('/api/results/claim', { tokens: ['v1.e30.AAAA'], lang: 'en' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('GET /api/results pages the history', () => {
  it('answers newest first, one page at a time, every result once, with a cursor to the next page', async () => {
    const user = await signedUp(base);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const sitting = await takeCareerSitting(user.get, 'en');
      const sheet = await careerSheetFor(user.post, sitting, (t) => t === 1 + i);
      ids.unshift((await (await user.post('/api/tests/professional/score', sheet)).json()).id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `/api/results?type=professional&limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await (await user.get(query)).json();
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((r: { id: string }) => r.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(ids);
    const all = await (await user.get('/api/results?type=professional')).json();
    expect(all.items.map((r: { id: string }) => r.id)).toEqual(ids);
    expect(all.nextCursor).toBeNull();
  });

  it('lists results saved in one statement (one timestamp, to the microsecond) once each across pages', async () => {
    const user = await signedUp(base);
    const visitor = browser(base);
    const tokens: string[] = [];
    for (let i = 0; i < 3; i++) {
      const sheet = await careerSheetFor(visitor.post, await takeCareerSitting(visitor.get, 'en'), (t) => t === 2 + i);
      tokens.push((await (await visitor.post('/api/tests/professional/score', sheet)).json()).token);
    }
    // Claimed together: one batched statement, one now() for the three rows.
    const { claimed } = await (await user.post('/api/results/claim', { tokens, lang: 'en' })).json();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: { id: string }[]; nextCursor: string | null } = await (
        await user.get(`/api/results?type=professional&limit=1${cursor ? `&cursor=${cursor}` : ''}`)
      ).json();
      seen.push(...page.items.map((r) => r.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.slice().sort()).toEqual(claimed.map((c: { id: string }) => c.id).sort());
  });

  it.each([
    'limit=0',
    'limit=51',
    'limit=-1',
    'limit=2.5',
    'limit=x',
    'cursor=nonsense',
    'cursor=' + 'A'.repeat(300),
    // Well-formed to a loose eye, out of the database's range: never handed to it.
    'cursor=' + Buffer.from('0000-01-01T00:00:00.000000Z|00000000-0000-0000-0000-000000000000').toString('base64url'),
    'cursor=' + Buffer.from('2024-01-01T00:00:00.000000Z|------------------------------------').toString('base64url'),
    'cursor=' + Buffer.from('10000-01-01T00:00:00.000000Z|00000000-0000-0000-0000-000000000000').toString('base64url'),
    'cursor=' + Buffer.from('2024-02-31T00:00:00.000000Z|00000000-0000-0000-0000-000000000000').toString('base64url'),
  ])('refuses %s with a 400 and a message key', async (query) => {
    const user = await signedUp(base);
    const res = await user.get(`/api/results?type=iq&${query}`);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('results.error.page');
  });
});
