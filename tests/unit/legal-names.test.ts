/** A legal document has one name per language: the footer's link and the other documents' links say its page title. */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { LEGAL_TYPES } from '../../src/config/site.ts';
import { LANGS, t } from '../../src/i18n/index.ts';

const titleOf = (lang: string, type: string) =>
  readFileSync(`src/content/legal/${lang}/${type}.md`, 'utf8').match(/^title:\s*"?(.*?)"?\s*$/m)?.[1];

it.each(LANGS.flatMap((lang) => LEGAL_TYPES.map((type) => [lang, type] as const)))(
  '%s %s: the link label is the page title',
  (lang, type) => {
    expect(titleOf(lang, type)).toBeTruthy();
    expect(t(lang, `legal.${type}.title`)).toBe(titleOf(lang, type));
  },
);
