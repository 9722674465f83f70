/**
 * A debug tally of the statements a request waits for (DESIGN.md §7's round-trip budgets). The local server turns
 * it on with DEBUG_DB_STATEMENTS=1 and reports the figure in an `X-Db-Statements` header, which the integration
 * suite checks on the hot paths; a deployed function never opens a tally. BEGIN and COMMIT count: each is a round
 * trip. Work a request starts in the background (refreshes, outbox delivery) runs with `detached` and is not its.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database, Queryable } from './queryable.ts';

const tally = new AsyncLocalStorage<{ statements: number }>();

const count = (n = 1) => {
  const open = tally.getStore();
  if (open) open.statements += n;
};

/** One statement the open request waits for but shares with others (a batch, ./batches.ts): it counts once. */
export const countShared = (): void => count();

/** Runs fn and says how many statements it issued before it settled. */
export async function countStatements<T>(fn: () => Promise<T>): Promise<{ value: T; statements: number }> {
  const open = { statements: 0 };
  const value = await tally.run(open, fn);
  return { value, statements: open.statements };
}

/** Runs fn outside any request's tally: background work the response does not wait for. */
export const detached = <T>(fn: () => T): T => tally.exit(fn);

const counted = (q: Queryable): Queryable => ({
  query: (text, params) => (count(), q.query(text, params)),
  exec: (script) => (count(), q.exec(script)),
});

/** The database with every statement counted into the open tally, if any. */
export const counting = (database: Database): Database => ({
  ...database,
  ...counted(database),
  transaction: (fn) => (count(2), database.transaction((tx) => fn(counted(tx)))),
  close: () => database.close(),
});
