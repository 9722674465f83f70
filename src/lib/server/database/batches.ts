/**
 * Natural batching of one kind of statement: requests that arrive while one of its statements runs wait for it to
 * finish and then go together, as one statement for all of them. A lone request waits for nothing but the end of
 * the event loop's turn; under load each statement carries many rows, so the database
 * plans, executes and commits once for them all and the server writes to its socket once. Measured on the local
 * server: see `saveResult`.
 *
 * A batch that fails for something a row can cause is run again one item at a time, so one bad row fails only its
 * own request; a batch that fails for anything else (the database unreachable, a connection lost, a timeout) fails
 * every request it carries, once, rather than sending a failing database one more statement per request. Each
 * request counts one statement in its tally (DESIGN.md §7's round trips): it waits for one, whoever else it carries.
 */
import { countShared, detached } from './statements.ts';
import type { Database } from './queryable.ts';

/**
 * SQLSTATE classes an item of a batch can cause, where the others may well succeed without it: 22 data exception,
 * 23 integrity constraint violation (a user deleted meanwhile, a unique key), 40 transaction rollback (a deadlock
 * between batches). PostgreSQL's error codes, appendix A: https://www.postgresql.org/docs/current/errcodes-appendix.html.
 * pg, Neon's driver and PGlite all give the code as the error's `code`; errors without one (ECONNREFUSED, a timeout,
 * a closed connection) and the other classes (08 connection exception, 53 insufficient resources, 57 operator
 * intervention…) are the database's, not a row's.
 */
const ITEM_CLASSES = new Set(['22', '23', '40']);

export function causedByAnItem(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && ITEM_CLASSES.has(code.slice(0, 2));
}

export interface Batches<I, O> {
  (item: I): Promise<O>;
}

/**
 * `run` gets the items in arrival order and answers one output per item, in the same order. A statement starts when
 * none is running, or when a full batch (`max` items) is waiting, up to `inFlight` at once. One at a time is what
 * measured best: with two always allowed, batches were half the size and the local server answered 20–30 % fewer
 * score + save requests a second (closed loop on PostgreSQL, 50 clients).
 */
export function batches<I, O>(
  run: (items: I[]) => Promise<O[]>,
  { inFlight = 4, max = 64 }: { inFlight?: number; max?: number } = {},
): Batches<I, O> {
  type Waiting = { item: I; resolve: (out: O) => void; reject: (err: unknown) => void };
  const queue: Waiting[] = [];
  let running = 0;

  const runChecked = async (items: I[]): Promise<O[]> => {
    const outs = await run(items);
    if (outs.length !== items.length) throw new Error(`batch answered ${outs.length} of ${items.length} items`);
    return outs;
  };

  const settle = async (batch: Waiting[]) => {
    try {
      const outs = await runChecked(batch.map((w) => w.item));
      batch.forEach((w, i) => w.resolve(outs[i]));
    } catch (err) {
      if (batch.length === 1 || !causedByAnItem(err)) return batch.forEach((w) => w.reject(err));
      // One item may be what failed: each goes again alone, so only its own request sees the error.
      await Promise.all(
        batch.map((w) =>
          runChecked([w.item]).then(
            ([out]) => w.resolve(out),
            (alone) => w.reject(alone),
          ),
        ),
      );
    }
  };

  const pump = () => {
    while (queue.length && (running === 0 || (running < inFlight && queue.length >= max))) {
      const batch = queue.splice(0, max);
      running++;
      // Not the tally of whichever request happened to start it: each request counted its own statement.
      void detached(() => settle(batch)).finally(() => {
        running--;
        pump();
      });
    }
  };

  // With nothing running, the first item waits for the end of this turn of the event loop, gathering whoever else
  // arrives in it. On PGlite, which runs each statement on this thread, no one arrives during a statement, so that
  // turn is the only chance to go together (closed loop, 50 clients: 290 → 1,200–1,900 saves a second).
  let gathering = false;
  const gather = () => {
    gathering = false;
    pump();
  };
  return (item) =>
    new Promise<O>((resolve, reject) => {
      countShared();
      queue.push({ item, resolve, reject });
      if (running > 0) pump();
      else if (!gathering) {
        gathering = true;
        setImmediate(gather);
      }
    });
}

/** The batches of one statement on each database, made on first use (tests open more than one in a process). */
export function batchesOn<I, O>(
  run: (database: Database, items: I[]) => Promise<O[]>,
): (database: Database) => Batches<I, O> {
  const made = new WeakMap<Database, Batches<I, O>>();
  return (database) => {
    let onDatabase = made.get(database);
    if (!onDatabase) made.set(database, (onDatabase = batches((items: I[]) => run(database, items))));
    return onDatabase;
  };
}
