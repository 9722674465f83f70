/** The terms describe the tests with the figures the tests have (the career test grew to 72 core statements). */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { CORE_QUESTION_COUNT } from '../../src/domain/career/questions.ts';
import { iqBank, SERVED_FORM_IDS } from '../../src/domain/iq/bank.ts';

it.each([
  ['uk', /тест на профорієнтацію\*\* — безкоштовний, (\d+) твердж/, /IQ-тест\*\* — безкоштовний, (\d+) завдан/],
  ['en', /career test\*\* — free, (\d+) statements/, /IQ test\*\* — free, (\d+) items/],
] as const)('%s terms: the statement and item counts are the tests’ own', (lang, career, iq) => {
  const terms = readFileSync(`src/content/legal/${lang}/terms.md`, 'utf8');
  expect(Number(terms.match(career)?.[1])).toBe(CORE_QUESTION_COUNT);
  expect(Number(terms.match(iq)?.[1])).toBe(iqBank(SERVED_FORM_IDS[0]).length);
});
