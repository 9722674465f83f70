/**
 * Account safety, second pass (issue 44), each attack of the security sweep kept as a test over real HTTP and SMTP:
 * reset links that die with the change they protect, no mail flooding, no oracle in the career tie-break, deletion
 * clean under races, checkout of one's own results only.
 */
import { describe, expect, inject, it } from 'vitest';
import { Client, uniqueEmail } from '../support/client.ts';
import { PASSWORD, signUp } from '../support/accounts.ts';
import { linkIn, mailsTo, mailTo, mailWithSubject } from '../support/mail-sink.ts';
import { browser } from '../support/browser.ts';
import { careerAnswersFor, careful, iqSheetFor, takeCareerSitting, takeSitting } from '../support/sittings.ts';

const base = inject('baseUrl');
const dir = inject('mailDir');
const RESET = 'A new password for Rozum';

/** Asks for a reset link for `email` (from a browser of its own) and returns the token the mail carries. */
async function resetToken(email: string): Promise<string> {
  expect((await new Client(base).post('/api/auth/password/forgot', { email, lang: 'en' })).status).toBe(200);
  return linkIn(await mailWithSubject(dir, email, RESET), '/eng/reset-password').token;
}
/** The reset tokens mailed to `email` so far, once there are at least `n`. */
async function resetTokens(email: string, n: number): Promise<string[]> {
  for (let tries = 0; ; tries++) {
    const mails = (await mailsTo(dir, email)).filter((mail) => mail.subject === RESET);
    if (mails.length >= n) return mails.map((mail) => linkIn(mail, '/eng/reset-password').token);
    if (tries > 150) throw new Error(`fewer than ${n} reset mails to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
const reset = (token: string, password = 'taken-over-1') =>
  new Client(base).post('/api/auth/password/reset', { token, password });
const check = (token: string) => new Client(base).post('/api/auth/password/reset/check', { token });

describe('a reset link resets only the account it was sent for, as it is', () => {
  it('dies when the address changes: a link left in the old mailbox neither resets nor signs anyone in', async () => {
    const email = uniqueEmail('moved');
    const owner = new Client(base);
    await signUp(owner, { email });
    const old = await resetToken(email);
    // "My old mailbox was read by someone, so I moved": the owner changes the address and confirms it.
    const next = uniqueEmail('new-home');
    expect((await owner.post('/api/me/email', { email: next, password: PASSWORD, lang: 'en' })).status).toBe(200);
    const { token } = linkIn(await mailTo(dir, next), '/eng/confirm-email');
    expect((await owner.post('/api/auth/email/verify', { token })).status).toBe(200);
    // Whoever reads the old mailbox holds a link that no longer works — said before any form, and refused.
    expect(await (await check(old)).json()).toMatchObject({ error: 'auth.error.token.invalid' });
    const attempt = await reset(old);
    expect(attempt.status).toBe(400);
    expect((await attempt.json()).error).toBe('auth.error.token.invalid');
    expect(attempt.headers.getSetCookie().join()).not.toMatch(/rozum_session=[^;]/);
    // The owner's password still stands; the attacker's does not.
    expect((await new Client(base).post('/api/auth/signin', { email: next, password: PASSWORD })).status).toBe(200);
    expect((await new Client(base).post('/api/auth/signin', { email: next, password: 'taken-over-1' })).status).toBe(
      401,
    );
  });

  it('dies when the password changes in the profile', async () => {
    const email = uniqueEmail('repassword');
    const owner = new Client(base);
    await signUp(owner, { email });
    const old = await resetToken(email);
    expect(
      (await owner.post('/api/me/password', { currentPassword: PASSWORD, newPassword: 'owners-new-1' })).status,
    ).toBe(200);
    expect((await reset(old)).status).toBe(400);
    expect((await new Client(base).post('/api/auth/signin', { email, password: 'owners-new-1' })).status).toBe(200);
  });

  it('dies when a newer link is mailed, and with the reset it completes: one link works, once', async () => {
    const email = uniqueEmail('relink');
    await signUp(new Client(base), { email });
    const first = await resetToken(email);
    // The second mail: wait for two with the subject (the first is already in the box).
    expect((await new Client(base).post('/api/auth/password/forgot', { email, lang: 'en' })).status).toBe(200);
    const second = (await resetTokens(email, 2)).find((token) => token !== first)!;
    expect((await reset(first)).status).toBe(400);
    expect((await reset(second, 'owners-new-2')).status).toBe(200);
    expect((await reset(second, 'owners-new-3')).status).toBe(400);
  });
});

describe('a change of address', () => {
  it('ends the account’s other sessions, as a new password does; the browser that confirms it stays signed in', async () => {
    const email = uniqueEmail('sessions');
    const here = new Client(base);
    await signUp(here, { email });
    const laptop = new Client(base);
    expect((await laptop.post('/api/auth/signin', { email, password: PASSWORD })).status).toBe(200);
    const next = uniqueEmail('sessions-new');
    expect((await here.post('/api/me/email', { email: next, password: PASSWORD, lang: 'en' })).status).toBe(200);
    const { token } = linkIn(await mailTo(dir, next), '/eng/confirm-email');
    // Followed in a browser signed in to no account: every session ends, this one signs nobody in.
    expect((await new Client(base).post('/api/auth/email/verify', { token })).status).toBe(200);
    for (const browser of [here, laptop]) expect((await browser.get('/api/me')).status).toBe(401);
  });
});

describe('no one can make us flood an address', () => {
  const CHANGE = 'Confirm your new address for Rozum';
  const count = async (address: string, subject: string) =>
    (await mailsTo(dir, address)).filter((mail) => mail.subject === subject).length;

  it('mails an address that has proven nothing at most 3 times an hour, however many accounts ask', async () => {
    const stranger = uniqueEmail('stranger');
    const statuses: number[] = [];
    // Fresh accounts, each from an address of its own, each asking to move to the stranger's address twice.
    for (let a = 0; a < 3; a++) {
      const client = new Client(base);
      await signUp(client);
      for (let i = 0; i < 2; i++)
        statuses.push((await client.post('/api/me/email', { email: stranger, password: PASSWORD, lang: 'en' })).status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    // Three arrive, and no more come later (nothing was queued for the refused ones).
    await mailTo(dir, stranger, 3);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await count(stranger, CHANGE)).toBe(3);
    // Signing up with that address now opens the account, but its confirmation waits for the hour (send again: 429).
    const late = new Client(base);
    await signUp(late, { email: stranger });
    const resend = await late.post('/api/auth/email/resend', { lang: 'en' });
    expect(resend.status).toBe(429);
    expect(Number(resend.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await count(stranger, 'Confirm your email address')).toBe(0);
  });

  it("never lets strangers' requests refuse the owner's own reset from a browser that has signed in", async () => {
    const email = uniqueEmail('owner');
    const owner = new Client(base);
    await signUp(owner, { email });
    // The owner proves the mailbox (the link of the sign-up's mail): only then is their browser theirs.
    const { token } = linkIn(await mailTo(dir, email), '/confirm-email');
    expect((await owner.post('/api/auth/email/verify', { token })).status).toBe(200);
    expect((await owner.post('/api/auth/signout', {})).status).toBeLessThan(300);
    // Strangers, each from an address of its own, ask for the owner's reset until they are refused.
    const strangers: number[] = [];
    for (let i = 0; i < 5; i++)
      strangers.push((await new Client(base).post('/api/auth/password/forgot', { email, lang: 'en' })).status);
    expect(strangers.filter((s) => s === 429).length).toBeGreaterThan(0);
    // The address's three mails of the hour: sign-up's confirmation and two of theirs; the third is not sent.
    await resetTokens(email, 2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await resetTokens(email, 2)).toHaveLength(2);
    // The owner's browser (its device cookie, kept after signing out) still gets its link.
    const mine = await owner.post('/api/auth/password/forgot', { email, lang: 'en' });
    expect(mine.status).toBe(200);
    const tokens = await resetTokens(email, 3);
    expect(tokens).toHaveLength(3);
    // The newest link is the owner's, and it works.
    const usable = [];
    for (const token of tokens) if ((await check(token)).status === 200) usable.push(token);
    expect(usable).toHaveLength(1);
    expect((await reset(usable[0], 'owners-own-1')).status).toBe(200);
  });

  it('limits attempts to confirm an address from one client address', async () => {
    const client = new Client(base);
    const statuses = [];
    for (let i = 0; i < 32; i++)
      statuses.push((await client.post('/api/auth/email/verify', { token: 'x'.repeat(43) })).status);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });
});

describe('the career tie-break', () => {
  it('answers once per sitting: the same answers again get the same statements, other answers are refused', async () => {
    const b = browser(base);
    const sitting = await takeCareerSitting(b.get, 'en');
    // Types 3 and 7 level: the tie-break statements of those two.
    const core = careerAnswersFor(sitting.questions, (t) => t === 3 || t === 7, 'en');
    const ask = (answers: typeof core, lang = 'en') =>
      b.post('/api/tests/professional/tiebreak', { formToken: sitting.formToken, answers, lang });
    const first = await ask(core);
    expect(first.status).toBe(200);
    const statements = (await first.json()).questions;
    expect(statements).toHaveLength(10);
    // A reload, in the other language: the same statements.
    const again = await ask(core, 'uk');
    expect(again.status).toBe(200);
    expect((await again.json()).questions.map((q: { id: number }) => q.id)).toEqual(
      statements.map((q: { id: number }) => q.id),
    );
    // The same answers in another order (a page that rebuilt its list): the same set.
    expect((await ask([...core].reverse())).status).toBe(200);
    // The oracle's move: flip one answer and see which types tie now. Refused, for every other set of answers —
    // however often it is sent (the count of a set must not open it).
    for (let i = 0; i < 3; i++) {
      const probe = core.map((a, j) => (j === i ? { ...a, selectedAnswer: !a.selectedAnswer } : a));
      for (let twice = 0; twice < 2; twice++) {
        const res = await ask(probe);
        expect(res.status).toBe(409);
        expect((await res.json()).error).toBe('score.error.sitting_used');
      }
    }
    // The sheet of the first answers is still scored.
    const answers = [...core, ...careerAnswersFor(statements, (t) => t === 3, 'en')];
    const scored = await b.post('/api/tests/professional/score', {
      formToken: sitting.formToken,
      answers,
      timeSpent: 600_000,
      lang: 'en',
    });
    expect(scored.status).toBe(200);
    expect((await scored.json()).result.primaryType).toBe(3);
  });
});

describe('checkout', () => {
  it("refuses a result that is not the buyer's: no order links to another person's data", async () => {
    const owner = new Client(base);
    await signUp(owner);
    const theirs = await (
      await owner.post('/api/tests/iq/score', iqSheetFor(await takeSitting(owner.get, 'en'), careful, 30_000))
    ).json();
    const buyer = new Client(base);
    await signUp(buyer);
    const order = (testResultId: string, testType = 'iq') =>
      buyer.post('/api/payments/checkout', {
        testType,
        testResultId,
        fullName: 'Buyer Person',
        phone: '+380501234567',
        lang: 'en',
      });
    const refused = await order(theirs.id);
    expect(refused.status).toBe(404);
    expect((await refused.json()).error).toBe('results.error.not_found');
    // Named as the other kind of result, or made up: the same.
    expect((await order(theirs.id, 'professional')).status).toBe(404);
    expect((await order('4b1e2c1a-0000-4000-8000-000000000000')).status).toBe(404);
    // The buyer's own result: an order, which names it.
    const mine = await (
      await buyer.post('/api/tests/iq/score', iqSheetFor(await takeSitting(buyer.get, 'en'), careful, 30_000))
    ).json();
    const placed = await order(mine.id);
    expect(placed.status).toBe(201);
    const { orderReference } = await placed.json();
    expect(await (await buyer.get(`/api/payments/${orderReference}`)).json()).toMatchObject({ testResultId: mine.id });
  });
});

describe('no one can make us flood an address, however they go about it', () => {
  const NOTICE = 'A request to change your Rozum account address';
  const count = async (address: string, subject: string) =>
    (await mailsTo(dir, address)).filter((mail) => mail.subject === subject).length;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 600));

  it('an account opened with a stranger’s address cannot mail them notices of its changes', async () => {
    const victim = uniqueEmail('squatted');
    const squatter = new Client(base);
    await signUp(squatter, { email: victim });
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (await squatter.post('/api/me/email', { email: uniqueEmail(`mine-${i}`), password: PASSWORD, lang: 'en' }))
          .status,
      );
    // Three changes an hour per account, whatever addresses it names; and no notice to an address never confirmed.
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    await settle();
    expect(await count(victim, NOTICE)).toBe(0);
  });

  it('signing up, mailing and deleting, again and again, does not start the count afresh', async () => {
    const victim = uniqueEmail('cycled');
    for (let cycle = 0; cycle < 3; cycle++) {
      const squatter = new Client(base);
      await signUp(squatter, { email: victim });
      await settle();
      // Each mail delivered before the deletion (which drops the person's queued mail): the worst case for the victim.
      await squatter.post('/api/auth/email/resend', { lang: 'en' });
      await settle();
      const gone = await squatter.request('/api/me', { method: 'DELETE', json: { password: PASSWORD, lang: 'en' } });
      expect(gone.status).toBe(200);
      await settle();
    }
    // Three mails in the hour, confirmations and farewells together — not three a cycle.
    expect((await mailsTo(dir, victim)).length).toBe(3);
  });

  it("a squatter's browser is not the owner's: its resets count against the address like anyone's", async () => {
    const victim = uniqueEmail('device-squatted');
    const squatter = new Client(base);
    await signUp(squatter, { email: victim });
    // The sign-up's confirmation and two resets from the squatter's own (device-cookied) browser: then nothing more.
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await squatter.post('/api/auth/password/forgot', { email: victim, lang: 'en' })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    await settle();
    expect((await mailsTo(dir, victim)).length).toBe(3);
    expect(await count(victim, RESET)).toBe(2);
  });

  it('one mailbox is one budget, however its address is written (+tags, Gmail’s dots)', async () => {
    const user = `mailbox${Date.now()}`;
    const variants = [
      `${user}+a@gmail.com`,
      `${user.slice(0, 3)}.${user.slice(3)}@gmail.com`,
      `${user}+b@googlemail.com`,
      `${user}+c@gmail.com`,
    ];
    const statuses = [];
    for (const variant of variants) {
      const client = new Client(base);
      await signUp(client);
      statuses.push((await client.post('/api/me/email', { email: variant, password: PASSWORD, lang: 'en' })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
