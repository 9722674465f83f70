/**
 * Dictionaries and `t`. Keys are flat and dotted, the same set in both languages (a unit test proves it).
 * Browser code that needs only paths imports ./paths.ts, which carries no dictionary.
 */
import uk from './uk.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import { DEFAULT_LANG, type Lang } from './paths.ts';
import { fill, lookup } from './plural.ts';

export * from './paths.ts';

export type DictKey = keyof typeof uk;
export const dictionaries: Record<Lang, Record<string, string>> = { uk, en };

/** The text for key in lang (its plural form for a numeric {n}), placeholders filled. A missing key shows itself. */
export function t(lang: Lang, key: DictKey | (string & {}), vars: Record<string, string | number> = {}): string {
  const text =
    lookup(dictionaries[lang], key, lang, vars) ?? lookup(dictionaries[DEFAULT_LANG], key, DEFAULT_LANG, vars);
  return text === undefined ? key : fill(text, vars);
}

export const ogLocale = (lang: Lang): string => (lang === 'uk' ? 'uk_UA' : 'en_US');
