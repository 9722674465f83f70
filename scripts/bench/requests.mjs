// What the bench asks the server: signed-in users, each from an address and a browser of their own, scoring and
// saving IQ sheets; and the health check, the cheapest request that still reaches the database.
import { randomBytes, randomUUID } from 'node:crypto';
import { cookieHeader, send } from './http.mjs';
import { newSitting, signSitting } from '../../src/lib/server/sittings.ts';
import { iqBank, SERVED_FORM_IDS } from '../../src/domain/iq/bank.ts';
import { optionOrder } from '../../src/domain/sittings.ts';

/**
 * The bench server's APP_SECRET (server.mjs passes it). A sitting is scored once, so every sheet needs a sitting of
 * its own: the bench signs them with the server's key, as GET /api/tests/iq/form would, instead of asking for tens of
 * thousands before each loop — what is measured stays scoring and saving.
 */
export const BENCH_SECRET = randomBytes(32).toString('base64url');

const addressOf = (i) => `10.${8 + Math.floor(i / 62500)}.${Math.floor(i / 250) % 250}.${i % 250}`;

/**
 * Signs up `count` users (a few at a time: each sign-up hashes a password) and returns them with their session
 * cookie and address. Many users, so per-user and per-address limits and row contention are not what is measured.
 */
export async function signUpUsers(base, count) {
  const users = new Array(count);
  const stamp = Date.now();
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      const address = addressOf(i);
      const res = await send(`${base}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        // A holder's name: certificates are issued only to a named holder (issue 31).
        body: JSON.stringify({
          email: `bench${i}.${stamp}@example.com`,
          password: 'secret1',
          fullName: `Bench User ${i}`,
        }),
        timeoutMs: 30_000,
      });
      if (res.status !== 200 && res.status !== 201) throw new Error(`sign-up ${i}: ${res.status ?? res.error}`);
      // Each user's browser: the visitor cookie its sittings are bound to (src/lib/server/visitor.ts).
      const visitor = randomBytes(16).toString('base64url');
      users[i] = { cookie: `${cookieHeader(res.headers)}; rozum_visitor=${visitor}`, address, visitor };
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return users;
}

/**
 * The body of an IQ answer sheet of a new sitting for `user`'s browser: a careful sheet (four items in five right, at
 * the places this sitting shows them, 30 s an item, served long enough ago for that), so it is saved and earns a
 * certificate like a real one.
 */
export function iqSheet(user) {
  const formId = SERVED_FORM_IDS[Math.floor(Math.random() * SERVED_FORM_IDS.length)];
  // Served 15 minutes before: the server vouches for a sheet's times only as far as its sitting is old (issue 43).
  const sitting = newSitting('iq', user.visitor, { formId }, Date.now() - 15 * 60_000, BENCH_SECRET);
  const answers = iqBank(formId).map((item, i) => {
    const order = optionOrder(item, sitting.seed);
    const right = order.indexOf(item.correctAnswer);
    return { questionId: item.id, selectedAnswer: i % 5 === 4 ? (right + 1) % 6 : right, timeSpent: 30_000 };
  });
  return JSON.stringify({
    formToken: signSitting(sitting, BENCH_SECRET),
    answers,
    timeSpent: 30_000 * answers.length,
    submissionId: randomUUID(),
  });
}

/** Why an answer is not a success (null when it is one): no answer, a status other than 2xx, or `reason`. */
function failure(res, check, reason) {
  if (res.error) return res.error;
  if (res.status < 200 || res.status > 299) return String(res.status);
  try {
    return check(JSON.parse(res.body)) ? null : reason;
  } catch {
    return 'not JSON';
  }
}

/**
 * A `call` for the loops: the next user (in turn) scores and saves a sheet of a new sitting; success is `saved: true`.
 * `call.prepare(n)` signs the next n sheets before a loop starts, so the load generator's signing does not take the
 * two cores from the server while it is measured (a sheet not prepared is signed when sent).
 */
export function scoreAndSaveCall(base, users) {
  let turn = 0;
  let ready = [];
  const call = async (timeoutMs) => {
    const next = ready.pop();
    const user = next?.user ?? users[turn++ % users.length];
    const { cookie, address } = user;
    const res = await send(`${base}/api/tests/iq/score`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-forwarded-for': address },
      body: next?.body ?? iqSheet(user),
      timeoutMs,
    });
    return failure(res, (body) => body.saved === true, 'not saved');
  };
  call.prepare = (n) => {
    ready = Array.from({ length: n }, () => {
      const user = users[turn++ % users.length];
      return { user, body: iqSheet(user) };
    });
  };
  return call;
}

/** A `call` for the loops: GET /api/health, success a 2xx with `ok: true`. */
export function healthCall(base) {
  return async (timeoutMs) => {
    const res = await send(`${base}/api/health`, { timeoutMs });
    return failure(res, (body) => body.ok === true, 'not ok');
  };
}

/**
 * A shared result's page on the server at `base` (issue 32), for Lighthouse: a new user's careful IQ result, shared
 * with its first name. The server must have been started with APP_SECRET = BENCH_SECRET (the sitting is signed here).
 */
export async function sharedResultPage(base) {
  const [user] = await signUpUsers(base, 1);
  const headers = { cookie: user.cookie, 'x-forwarded-for': user.address, 'content-type': 'application/json' };
  const scored = await send(`${base}/api/tests/iq/score`, { method: 'POST', headers, body: iqSheet(user) });
  const { id } = JSON.parse(scored.body);
  const shared = await send(`${base}/api/results/iq/${id}/share`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ lang: 'uk', showName: true }),
  });
  if (shared.status !== 200) throw new Error(`share: ${shared.status ?? shared.error}`);
  return `/r/${JSON.parse(shared.body).code}`;
}
