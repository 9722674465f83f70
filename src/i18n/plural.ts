/**
 * Plural forms (Intl.PluralRules): a text that names a count has one key per form — `key.one`, `key.few`,
 * `key.many`, `key.other` — in both languages (English repeats `other` for `few` and `many`), and `t` picks the
 * form for `{n}`. Ukrainian needs all three: 1 день, 2 дні, 5 днів (21 день, 22 дні, 25 днів).
 */
export const PLURAL_FORMS = ['one', 'few', 'many', 'other'] as const;
const rules = new Map<string, Intl.PluralRules>();

/** The text for key, or for its plural form that suits vars.n. */
export function lookup(
  texts: Record<string, string>,
  key: string,
  lang: string,
  vars: Record<string, string | number>,
): string | undefined {
  if (key in texts) return texts[key];
  if (typeof vars.n !== 'number') return undefined;
  let rule = rules.get(lang);
  if (!rule) rules.set(lang, (rule = new Intl.PluralRules(lang)));
  return texts[`${key}.${rule.select(vars.n)}`] ?? texts[`${key}.other`];
}

export const fill = (text: string, vars: Record<string, string | number>): string =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
