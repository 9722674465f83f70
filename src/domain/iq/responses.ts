/**
 * A scored sheet item by item, as it is kept for calibrating the items (issue 29; src/lib/server/responses.ts stores
 * it): in the form's order (a sitting shows the items so: entry k is the item at place k + 1), each item's version (a
 * content hash: an edited item is a new item), the order its options were shown in, the option chosen, whether that
 * was right, and the time spent on it.
 */
import { iqBank } from './bank.ts';
import { itemVersion } from './item-version.ts';
import { optionOrder } from '../sittings.ts';
import type { IqAnswer } from './scoring.ts';

export interface ItemResponse {
  itemVersion: string;
  /** The sitting's order: entry k is the key's index of the option shown k-th. */
  optionOrder: number[];
  /** The option chosen, in the key's numbering; null when the item was not answered. */
  chosen: number | null;
  correct: boolean;
  timeMs: number;
}

/** Every item of the form, in its order, with the answer the sheet gave it (the sheet was checked before scoring). */
export function itemResponses(formId: number, answers: IqAnswer[], seed: number): ItemResponse[] {
  const byId = new Map(answers.map((a) => [a.questionId, a]));
  return iqBank(formId).map((item) => {
    const answer = byId.get(item.id);
    return {
      itemVersion: itemVersion(item),
      optionOrder: optionOrder(item, seed),
      chosen: answer?.selectedAnswer ?? null,
      correct: answer?.selectedAnswer === item.correctAnswer,
      timeMs: answer?.timeSpent ?? 0,
    };
  });
}
