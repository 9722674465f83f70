/**
 * The career tie-break answers once per sitting (issue 44, point 3). Only the server knows which type a statement
 * scores, and the tie-break statements a sitting's core answers call for say which types those answers tied: asked
 * again and again with other answers, it was an oracle (126 requests recovered every statement's type and direction
 * of a sitting). Now a sitting's tie-break is asked for one set of core answers: the same answers again (a reload, the
 * other language, a retry) get the same statements; other answers are refused (409 score.error.sitting_used).
 *
 * Counted in the database, so it holds across function instances: one statement counts how often this set was asked
 * (`tiebreak:sitting:<nonce>:<digest>`) and, the first time it is, how many sets the sitting has had. The
 * rows name no one, and go with rate_limits' purge of stale windows (the sitting's two days are past by then).
 */
import { createHash } from 'node:crypto';
import { db } from './db.ts';

/** What makes a set of core answers the same set: the statements and the answers, in the order sent. */
const digestOf = (answers: { questionId: number; selectedAnswer: boolean }[]) =>
  createHash('sha256')
    .update(JSON.stringify(answers.map((a) => [a.questionId, a.selectedAnswer === true])))
    .digest('base64url');

/** Whether this set of core answers may be told its tie-break: the sitting's first set, or that set again. */
export async function tieBreakAllowed(
  nonce: string,
  answers: { questionId: number; selectedAnswer: boolean }[],
): Promise<boolean> {
  const [row] = await (
    await db()
  ).query<{ asked: number; sets: number | null }>(
    `WITH d AS (
       INSERT INTO rate_limits (key, count, window_start) VALUES ($2, 1, now())
       ON CONFLICT (key) DO UPDATE SET count = rate_limits.count + 1
       RETURNING count),
     n AS (
       INSERT INTO rate_limits (key, count, window_start) SELECT $1, 1, now() WHERE (SELECT count FROM d) = 1
       ON CONFLICT (key) DO UPDATE SET count = rate_limits.count + 1
       RETURNING count)
     SELECT (SELECT count FROM d) AS asked, (SELECT count FROM n) AS sets`,
    [`tiebreak:sitting:${nonce}`, `tiebreak:sitting:${nonce}:${digestOf(answers)}`],
  );
  return Number(row.asked) > 1 || Number(row.sets) === 1;
}
