/** Picks the dictionary entries an island needs (by key prefix), so pages pass texts, not whole dictionaries. */
import { dictionaries, type Lang } from '../i18n/index.ts';

export function pickTexts(lang: Lang, prefixes: string[]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(dictionaries[lang]).filter(([key]) => prefixes.some((p) => key.startsWith(p))),
  );
}
