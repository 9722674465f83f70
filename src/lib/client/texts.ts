/** The island side of `t`: a page passes the few texts an island needs, already in its language. */
import { fill, lookup } from '../../i18n/plural.ts';
import type { Lang } from '../../i18n/paths.ts';
export type Texts = Record<string, string>;

export function makeT(texts: Texts, lang: Lang) {
  return (key: string, vars: Record<string, string | number> = {}): string => {
    const text = lookup(texts, key, lang, vars);
    return text === undefined ? key : fill(text, vars);
  };
}
export type T = ReturnType<typeof makeT>;

/** m:ss for elapsed time. */
export function clock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}
