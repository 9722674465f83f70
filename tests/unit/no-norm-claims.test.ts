/**
 * No norm claimed without a norm (issue 43). The IQ figure is a reading on the test's provisional scale, 100 + 15·θ,
 * where θ ~ N(0, 1) is the model's assumption: no sample of people has been measured yet. Until one has, no text may
 * place a score among people ("higher than 84% of people", "one person in four scores above 110", "the top 2%", a
 * percentile, "how rare"), nor promise a meaning the data cannot back ("so your result actually means something").
 * The career texts are left out: "людей" is an ordinary word in them, and they say nothing of the IQ scale.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const LANGS = ['uk', 'en'] as const;

/** What places a score among people, or claims a meaning no data backs, in either language. */
const CLAIMS: RegExp[] = [
  /% of (people|scores|test[- ]?takers|the population)/i,
  /of people (have|score)/i,
  /\b(person|people) in (four|five|ten|a hundred|\d+)\b/i,
  /\b(top|bottom|highest|lowest)\s+(\{\w+\}|\d+)\s?%/i,
  /higher than (about )?(\{\w+\}|\d+)\s?%/i,
  /percentile/i,
  /how rare/i,
  /\brar(e|ity)\b/i,
  /smarter than/i,
  /actually means something/i,
  /flattering|flattery/i,
  /%\s*людей/,
  /людей мають IQ/,
  /\d+\s+люд(ей|ини)\s+(з|зі|із)\s+\d+/,
  /кожн(а|ий|е)\s+(четверт|п’ят|десят)|кожен\s+(четвертий|п’ятий|десятий)/,
  /(\{\w+\}|\d+)\s?%\s+(найвищих|найнижчих)/,
  /вище,?\s+ніж\s+(приблизно\s+)?(у\s+)?(\{\w+\}|\d+)\s?%/,
  /процентил|перцентил/i,
  /рідкісн/i,
  /розумніш/i,
  /лест(ив|ощ)/i,
  /справді щось означає/i,
];

/**
 * Dictionary keys left out: the career's own texts, and the texts of the results page's percentile and "how rare"
 * panel, which the results-page change removes with their keys.
 */
const SKIPPED_KEYS = ['career.', 'types.'];
/** The career landing's content, in the site content files. */
const SKIPPED_PATHS = ['profLanding.'];

/** Every string of a JSON value, with the path it sits at. */
function strings(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => strings(v, path ? `${path}.${key}` : key));
}

const filesUnder = (dir: string, ending: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(ending))
    .map((entry) => join(entry.parentPath, entry.name));

const dictionaries = LANGS.flatMap((lang) =>
  Object.entries(JSON.parse(readFileSync(`src/i18n/${lang}.json`, 'utf8')) as Record<string, string>)
    .filter(([key]) => !SKIPPED_KEYS.some((prefix) => key.startsWith(prefix)))
    .map(([key, text]) => [`src/i18n/${lang}.json ${key}`, text] as const),
);
const siteContent = LANGS.flatMap((lang) =>
  strings(JSON.parse(readFileSync(`src/content/site/${lang}.json`, 'utf8')))
    .filter(([path]) => !SKIPPED_PATHS.some((prefix) => path.startsWith(prefix)))
    .map(([path, text]) => [`src/content/site/${lang}.json ${path}`, text] as const),
);
const files = (paths: string[]) => paths.map((file) => [file, readFileSync(file, 'utf8')] as const);
const legal = files(filesUnder('src/content/legal', '.md'));
const pages = files(['src/pages', 'src/components', 'src/layouts'].flatMap((dir) => filesUnder(dir, '.astro')));

/** Each claim found in the texts, as "where: the words". */
const claimsIn = (texts: readonly (readonly [string, string])[]): string[] =>
  texts.flatMap(([where, text]) =>
    CLAIMS.flatMap((claim) => {
      const found = claim.exec(text);
      return found ? [`${where}: ${found[0]}`] : [];
    }),
  );

describe('no text places a score among people, or promises what no norm backs (issue 43)', () => {
  it('finds every source it reads', () => {
    expect(dictionaries.length).toBeGreaterThan(1000);
    expect(siteContent.length).toBeGreaterThan(100);
    expect(legal.length).toBeGreaterThanOrEqual(14);
    expect(pages.length).toBeGreaterThanOrEqual(20);
  });

  it.each([
    ['the dictionaries', dictionaries],
    ['the site content', siteContent],
    ['the legal documents', legal],
    ['the pages, components and layouts', pages],
  ] as const)('%s', (_, texts) => {
    expect(claimsIn(texts)).toEqual([]);
  });

  it('the check itself finds the claims the site made, and lets a plain account of the scale pass', () => {
    const made = [
      'How rare is your score?',
      'Наскільки рідкісний ваш результат?',
      'About one person in four scores above 110, noticeably above average.',
      'Приблизно кожна четверта людина має IQ понад 110 — це помітно вище за середній рівень.',
      'Fewer than one person in ten scores above 120.',
      'Понад 120 балів набирає менше ніж кожен десятий.',
      'Just 2 people in 100 score above 130, a level usually described as very high.',
      'IQ понад 130 мають лише 2 людини зі 100 — такий рівень зазвичай називають дуже високим.',
      'Every score is calculated on our server by a transparent method, so your result actually means something.',
      'Кожен бал обчислює сервер за прозорою методикою, тож ваш результат справді щось означає.',
      'No random numbers and no flattering guesswork.',
      'Жодних випадкових чисел і лестощів.',
      'That is higher than about {p}% of people (95% interval: {low}% to {high}%).',
      'Це вище, ніж приблизно у {p}% людей (95-відсотковий інтервал: від {low}% до {high}%).',
      'That is among the top {p}% of scores.',
      'Це серед {p}% найвищих результатів.',
      'of people have an IQ above {iq}',
      'людей мають IQ понад {iq}',
      'A free IQ estimate with its 95% interval and percentile',
      'Безкоштовна оцінка IQ з 95-відсотковим інтервалом і процентилем',
    ];
    for (const text of made) expect(claimsIn([['', text]]), text).not.toEqual([]);
    const plain = [
      "The scale is still provisional: its centre of 100 and spread of 15 are the model's assumptions, not yet measured on a sample of people.",
      'Шкала поки попередня: її центр 100 і розкид 15 — це припущення моделі, їх ще не виміряно на вибірці людей.',
      'Provisional band: Above average',
      'Попередня категорія: вище середнього',
      'Finish the IQ test in under 10 minutes with at least 80% of the answers right.',
      'The best of several results is flattered by chance: every reading has its own error.',
    ];
    for (const text of plain) expect(claimsIn([['', text]]), text).toEqual([]);
  });
});
