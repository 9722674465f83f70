/**
 * An item's time is every visit to it added up (issue 43): a quick second look at an answer adds to its time, never
 * replaces it — the runner once kept only the last visit, so a careful person who re-checked six answers on a review
 * pass read as "too fast" 43 % of the time.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../support/memory-storage.ts';
import * as session from '../../src/lib/client/session.ts';
import { $progress, answer, goTo, initTest, record, startTest } from '../../src/stores/test-session.ts';

const g = globalThis as { sessionStorage?: unknown; localStorage?: unknown };
const questions = [1, 2, 3].map((id) => ({ id, text: `Q${id}`, options: ['a', 'b', 'c', 'd', 'e', 'f'] }));

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-28T12:00:00Z') });
  g.sessionStorage = new MemoryStorage();
  g.localStorage = new MemoryStorage();
  initTest('iq', 'en', questions, { formId: 4, formToken: 's1.x.y' });
  startTest();
});
afterEach(() => {
  vi.useRealTimers();
  delete g.sessionStorage;
  delete g.localStorage;
});

/** The sheet the runner hands to scoring once every question is answered and the last one is answered again. */
function finishedSheet() {
  vi.advanceTimersByTime(1_000);
  return session.pendingSheet('iq').read()!;
}

describe("the runner's item times", () => {
  it('add up every visit to a question: a re-check adds to the time, never replaces it', () => {
    vi.advanceTimersByTime(40_000);
    answer(0); // question 1, after 40 s; moves on after 300 ms
    vi.advanceTimersByTime(300);
    vi.advanceTimersByTime(30_000 - 300);
    answer(1); // question 2, 30 s
    vi.advanceTimersByTime(300);
    vi.advanceTimersByTime(50_000 - 300);
    record(2); // question 3, 50 s, answered without moving on
    // A quick review pass: back to question 1 for 2 s, to question 2 for 3 s, then the last question again.
    goTo(0);
    vi.advanceTimersByTime(2_000);
    goTo(1);
    vi.advanceTimersByTime(3_000);
    goTo(2);
    vi.advanceTimersByTime(1_000);
    answer(2);
    const sheet = finishedSheet();
    const time = Object.fromEntries(sheet.answers.map((a) => [a.questionId, a.timeSpent]));
    // Question 1: 40 s + the 300 ms before moving on + 2 s; question 2: 30 s + 3 s; question 3: 49.7 s + 1 s + the
    // 500 ms before the test completes.
    expect(time).toEqual({ 1: 42_300, 2: 33_000, 3: 51_200 });
    // The items' times never add up to more than the sitting took.
    expect(sheet.answers.reduce((s, a) => s + a.timeSpent, 0)).toBeLessThanOrEqual(sheet.timeSpent);
  });

  it('keep what was spent across a reload (the progress is saved with it)', () => {
    vi.advanceTimersByTime(20_000);
    goTo(1);
    const saved = session.progress('iq').read()!;
    expect(saved.spent).toEqual({ 1: 20_000 });
    // The page reloads: the same sitting is picked up from this tab's storage, whatever the page held.
    $progress.set({ ...$progress.get(), spent: {} });
    session.progress('iq').write(saved);
    initTest('iq', 'en', questions, { formId: 4, formToken: 's1.x.y' });
    expect($progress.get().spent).toEqual({ 1: 20_000 });
  });
});
