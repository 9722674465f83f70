// What the bench asks the server: signed-in users, each from an address of their own, scoring and saving IQ
// sheets; and the health check, the cheapest request that still reaches the database.
import { randomUUID } from 'node:crypto';
import { cookieHeader, send } from './http.mjs';

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
        body: JSON.stringify({ email: `bench${i}.${stamp}@example.com`, password: 'secret1' }),
        timeoutMs: 30_000,
      });
      if (res.status !== 200 && res.status !== 201) throw new Error(`sign-up ${i}: ${res.status ?? res.error}`);
      users[i] = { cookie: cookieHeader(res.headers), address };
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return users;
}

/** The body of an IQ answer sheet for one served sitting, with a fresh submissionId each time (no replay short-cut). */
export async function iqSheets(base) {
  const res = await send(`${base}/api/tests/iq/form?lang=uk`);
  const { formToken, questions } = JSON.parse(res.body);
  const template = JSON.stringify({
    formToken,
    answers: questions.map((q, i) => ({ questionId: q.id, selectedAnswer: (i * 7) % 6, timeSpent: 1000 })),
    timeSpent: 500_000,
    submissionId: '@ID@',
  });
  return () => template.replace('@ID@', randomUUID());
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

/** A `call` for the loops: the next user (in turn) scores and saves a sheet; success is `saved: true`. */
export function scoreAndSaveCall(base, users, sheet) {
  let turn = 0;
  return async (timeoutMs) => {
    const { cookie, address } = users[turn++ % users.length];
    const res = await send(`${base}/api/tests/iq/score`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-forwarded-for': address },
      body: sheet(),
      timeoutMs,
    });
    return failure(res, (body) => body.saved === true, 'not saved');
  };
}

/** A `call` for the loops: GET /api/health, success a 2xx with `ok: true`. */
export function healthCall(base) {
  return async (timeoutMs) => {
    const res = await send(`${base}/api/health`, { timeoutMs });
    return failure(res, (body) => body.ok === true, 'not ok');
  };
}
