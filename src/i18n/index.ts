/**
 * Dictionaries and `t`. Keys are flat and dotted, the same set in both languages (a unit test proves it).
 * Browser code that needs only paths imports ./paths.ts, which carries no dictionary.
 */
import uk from './uk.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import { DEFAULT_LANG, type Lang } from './paths.ts';

export * from './paths.ts';

export type DictKey = keyof typeof uk;
export const dictionaries: Record<Lang, Record<string, string>> = { uk, en };

/** The text for key in lang, with {name} placeholders filled. A missing key shows itself instead of vanishing. */
export function t(lang: Lang, key: DictKey | (string & {}), vars: Record<string, string | number> = {}): string {
  const text = dictionaries[lang][key] ?? dictionaries[DEFAULT_LANG][key];
  if (text === undefined) return key;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

export const htmlLang = (lang: Lang): string => lang;
export const ogLocale = (lang: Lang): string => (lang === 'uk' ? 'uk_UA' : 'en_US');
