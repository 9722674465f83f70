/** Natural batching (src/lib/server/database/batches.ts): who waits, who goes together, and what one failure costs. */
import { describe, expect, it } from 'vitest';
import { batches, causedByAnItem } from '../../src/lib/server/database/batches.ts';
import { countShared, countStatements } from '../../src/lib/server/database/statements.ts';

/** A run that records each batch it is given and answers when the test says so. */
function controlled<I>() {
  const calls: { items: I[]; answer: (outs?: unknown[]) => void; fail: (err: Error) => void }[] = [];
  const run = (items: I[]) =>
    new Promise<unknown[]>((resolve, reject) => {
      calls.push({ items, answer: (outs) => resolve(outs ?? items.map((i) => `out:${i}`)), fail: reject });
    });
  return { calls, run };
}

const turn = () => new Promise((r) => setImmediate(r));

describe('batches', () => {
  it('a lone item goes at the end of the turn of the event loop, alone', async () => {
    const { calls, run } = controlled<number>();
    const add = batches(run);
    const out = add(1);
    expect(calls).toEqual([]);
    await turn();
    expect(calls.map((c) => c.items)).toEqual([[1]]);
    calls[0].answer();
    expect(await out).toBe('out:1');
  });

  it('items that arrive in the same turn go together', async () => {
    const { calls, run } = controlled<number>();
    const add = batches(run);
    const outs = [1, 2, 3].map(add);
    await turn();
    expect(calls.map((c) => c.items)).toEqual([[1, 2, 3]]);
    calls[0].answer();
    expect(await Promise.all(outs)).toEqual(['out:1', 'out:2', 'out:3']);
  });

  it('items that arrive while a statement runs go together when it ends, each getting its own output', async () => {
    const { calls, run } = controlled<number>();
    const add = batches(run);
    const first = add(1);
    await turn();
    const outs = [first, ...[2, 3, 4].map(add)];
    expect(calls.map((c) => c.items)).toEqual([[1]]);
    calls[0].answer();
    await turn();
    expect(calls.map((c) => c.items)).toEqual([[1], [2, 3, 4]]);
    calls[1].answer(['b', 'c', 'd']);
    expect(await Promise.all(outs)).toEqual(['out:1', 'b', 'c', 'd']);
  });

  it('a full batch does not wait: it starts another statement, up to inFlight at once', async () => {
    const { calls, run } = controlled<number>();
    const add = batches(run, { inFlight: 2, max: 2 });
    void add(1);
    await turn();
    [2, 3, 4, 5, 6].forEach((i) => void add(i));
    // 1 alone; 2 and 3 fill a batch and start the second statement; the rest wait for one to end.
    expect(calls.map((c) => c.items)).toEqual([[1], [2, 3]]);
    calls[0].answer();
    await turn();
    expect(calls.map((c) => c.items)).toEqual([[1], [2, 3], [4, 5]]);
  });

  /** An error as the drivers give PostgreSQL's: the SQLSTATE as `code`. */
  const sqlError = (message: string, code: string) => Object.assign(new Error(message), { code });

  it('a batch failed by a row runs again item by item: only the bad item fails', async () => {
    const add = batches(async (items: number[]) => {
      if (items.includes(3)) throw sqlError('bad row 3', '23503');
      return items.map((i) => i * 10);
    });
    const outs = [1, 2, 3, 4].map((i) => add(i).then(String, (err: Error) => err.message));
    expect(await Promise.all(outs)).toEqual(['10', '20', 'bad row 3', '40']);
  });

  it.each([
    ['the database unreachable', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })],
    ['a pool timeout, no code', new Error('timeout exceeded when trying to connect')],
    ['the server shutting down', sqlError('terminating connection due to administrator command', '57P01')],
  ])('a batch failed by the database (%s) fails each request once, sending nothing more', async (_, error) => {
    let runs = 0;
    const add = batches(async () => {
      runs++;
      throw error;
    });
    const outs = [1, 2, 3, 4].map((i) => add(i).then(String, (err: Error) => err));
    expect(await Promise.all(outs)).toEqual([error, error, error, error]);
    expect(runs).toBe(1);
  });

  it('tells the errors a row can cause from those of the database itself', () => {
    const row = ['22001', '22P02', '23505', '23503', '23514', '40001', '40P01'];
    const database = ['08006', '53300', '57P01', '57014', '58030', 'XX000', '42P01', 'ECONNREFUSED', '23', 'x23505'];
    expect(row.map((code) => causedByAnItem({ code }))).toEqual(row.map(() => true));
    expect(database.map((code) => causedByAnItem({ code }))).toEqual(database.map(() => false));
    expect([null, undefined, 'text', new Error('plain'), { code: 23505 }].map(causedByAnItem)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('an answer with the wrong number of outputs is an error, not a shifted result', async () => {
    const add = batches(async (items: number[]) => items.slice(1));
    await expect(add(1)).rejects.toThrow('batch answered 0 of 1 items');
  });

  it('each request counts one statement; the statement of the batch counts to no request in particular', async () => {
    const add = batches(async (items: number[]) => {
      countShared(); // the statement the batch sends, as the counting database would count it where it runs
      return items;
    });
    const first = countStatements(() => add(1));
    const second = countStatements(() => add(2));
    const third = countStatements(() => add(3));
    await turn();
    expect((await third).statements).toBe(1);
    expect((await first).statements).toBe(1);
    expect((await second).statements).toBe(1);
  });
});
