/**
 * What changes from one sitting to the next (DESIGN.md §3.7): the order an IQ item's options are shown in, so a key
 * learnt from a review (or passed on) by its place does not carry to the next sitting. A sitting is a seed the
 * server signs; the order of every item follows from it, so the server maps a clicked place back to the option.
 *
 * Options that have an order of their own keep it: numbers stay ascending (reading "30, 36, 42…" jumbled is a
 * harder task than the item asks), and "it cannot be determined" stays last, where such an option is expected.
 * Everything else is shuffled: matrices and words.
 */
import { createRng, shuffle } from './matrices/rng.ts';

const NUMERIC = /^[-−]?\d+(?:[.,:]\d+)?\s*[°%]?$/;
const UNDETERMINED = /cannot be determined|cannot tell|nothing can be said/i;

export type OrderRule = 'fixed' | 'last-pinned' | 'shuffled';
/** What the order rule reads of an item (an IqItem has it; named here so the bank can import this module). */
interface ItemOptions {
  id: number;
  image?: unknown;
  options: { en: string[] };
}

export function orderRule(item: Omit<ItemOptions, 'id'>): OrderRule {
  if (item.image) return 'shuffled';
  if (item.options.en.every((o) => NUMERIC.test(o.trim()))) return 'fixed';
  if (UNDETERMINED.test(item.options.en[item.options.en.length - 1])) return 'last-pinned';
  return 'shuffled';
}

/** The item's options in this sitting's order: entry k is the index (in the form's key) of the option shown k-th. */
export function optionOrder(item: ItemOptions, seed: number): number[] {
  const n = item.options.en.length;
  const identity = Array.from({ length: n }, (_, i) => i);
  const rule = orderRule(item);
  if (rule === 'fixed') return identity;
  const rng = createRng((seed ^ Math.imul(item.id, 0x9e3779b1)) >>> 0);
  return rule === 'last-pinned' ? [...shuffle(rng, identity.slice(0, -1)), n - 1] : shuffle(rng, identity);
}
