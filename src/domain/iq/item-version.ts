/**
 * An item's version: a digest of what a person sees and what counts as right — the question and options in both
 * languages, the key, and for a matrix the generated matrix itself (its pictures' paths name the form and place, so
 * they would make one matrix two items). An edited item is a new item (issue 29): its responses and its calibrated
 * parameters never mix with the old one's. Not in it: the difficulty label (a guess about the item, not the item),
 * the explanation (shown after the answer) and the place in a form (the same item in two forms is one item, which
 * is what links forms to one scale).
 */
import { createHash } from 'node:crypto';
import type { IqItem } from './bank.ts';

/** Keys sorted at every level, so the digest does not depend on the order a file or a generator wrote them in. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value as object)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  return value;
}

const versions = new WeakMap<IqItem, string>();

/** 16 hexadecimal digits of SHA-256 (64 bits: no two of a few thousand items collide but by astronomical chance). */
export function itemVersion(item: IqItem): string {
  let version = versions.get(item);
  if (!version) {
    const content = item.image
      ? { question: item.question, matrix: item.image.matrix, key: item.correctAnswer }
      : { question: item.question, options: item.options, key: item.correctAnswer };
    version = createHash('sha256')
      .update(JSON.stringify(canonical(content)))
      .digest('hex')
      .slice(0, 16);
    versions.set(item, version);
  }
  return version;
}
