/**
 * The career tie-break answers once per sitting (issue 44, point 3). Only the server knows which type a statement
 * scores, and the tie-break statements a sitting's core answers call for say which types those answers tied: asked
 * again and again with other answers, it was an oracle (126 requests recovered every statement's type and direction
 * of a sitting). Now the first set of core answers asked for a sitting is kept (career_tiebreaks: the sitting's nonce
 * and a digest of the set, db/migrations/0021), and only that set is answered again — a reload, the other language, a
 * retry, the same answers in another order; any other set is refused (409 score.error.sitting_used), however often
 * it is sent. One statement, so two requests at once cannot both be first; it also deletes sittings past their two
 * days.
 */
import { createHash } from 'node:crypto';
import { db } from './db.ts';
import { SITTING_TTL_MS } from './sittings.ts';

/** What makes a set of core answers the same set: each statement and its answer, whatever the order sent. */
const digestOf = (answers: { questionId: number; selectedAnswer: boolean }[]) =>
  createHash('sha256')
    .update(
      JSON.stringify(
        answers.map((a) => [a.questionId, a.selectedAnswer === true]).sort((x, y) => Number(x[0]) - Number(y[0])),
      ),
    )
    .digest('base64url');

/** Whether this set of core answers may be told its tie-break: the sitting's first set, or that set again. */
export async function tieBreakAllowed(
  nonce: string,
  answers: { questionId: number; selectedAnswer: boolean }[],
): Promise<boolean> {
  const digest = digestOf(answers);
  const [row] = await (
    await db()
  ).query<{ digest: string }>(
    `WITH old AS (DELETE FROM career_tiebreaks WHERE created_at < now() - make_interval(secs => $3::float8)),
     kept AS (INSERT INTO career_tiebreaks (nonce, digest) VALUES ($1, $2) ON CONFLICT (nonce) DO NOTHING RETURNING digest)
     SELECT digest FROM kept UNION ALL SELECT digest FROM career_tiebreaks WHERE nonce = $1 LIMIT 1`,
    [nonce, digest, SITTING_TTL_MS / 1000],
  );
  return row?.digest === digest;
}
