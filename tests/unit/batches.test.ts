/** Natural batching (src/lib/server/database/batches.ts): who waits, who goes together, and what one failure costs. */
import { describe, expect, it } from 'vitest';
import { batches } from '../../src/lib/server/database/batches.ts';
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

  it('a failed batch runs again item by item: only the bad item fails', async () => {
    const add = batches(async (items: number[]) => {
      if (items.includes(3)) throw new Error('bad row 3');
      return items.map((i) => i * 10);
    });
    const outs = [1, 2, 3, 4].map((i) => add(i).then(String, (err: Error) => err.message));
    expect(await Promise.all(outs)).toEqual(['10', '20', 'bad row 3', '40']);
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
