/**
 * The site speaks to a person with the formal "ви" (STYLE.md), and the Ukrainian career profiles and advice do too
 * (issue 31): no "ти", "твій", "тобі", no singular imperative ("обирай", "навчися"). Quoted speech in «…» is left
 * alone — an inner critic or a friend says "ти" to someone, and that is how people speak.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const PROFILES = 'src/content/career/profiles/uk';
const SOURCES = [
  ...readdirSync(PROFILES)
    .filter((f) => f.endsWith('.json'))
    .map((f) => `${PROFILES}/${f}`),
  'src/content/career/questions.json',
  'src/content/career/reverse-keyed.json',
  'src/content/site/uk.json',
  'src/i18n/uk.json',
];

const PRONOUNS = [
  'ти',
  'тебе',
  'тобі',
  'тобою',
  'твій',
  'твоя',
  'твоє',
  'твої',
  'твого',
  'твоєї',
  'твоєму',
  'твоїй',
  'твоїм',
  'твоїх',
  'твоїми',
  'твою',
];
/** Singular imperatives the profiles' advice used, and any imperative in -йся (infinitives end in -тися / -ться). */
const IMPERATIVES = [
  'бери',
  'будуй',
  'веди',
  'виділи',
  'вписуй',
  'встанови',
  'давай',
  'делегуй',
  'дозволь',
  'домовся',
  'думай',
  'заведи',
  'запиши',
  'записуй',
  'збери',
  'звіряй',
  'здобудь',
  'знайди',
  'зроби',
  'обери',
  'обирай',
  'опануй',
  'пам’ятай',
  "пам'ятай",
  'перевір',
  'перетвори',
  'питай',
  'пиши',
  'плануй',
  'погоджуй',
  'подумай',
  'показуй',
  'попроси',
  'постав',
  'починай',
  'працюй',
  'пройди',
  'пропонуй',
  'проси',
  'підпусти',
  'розвивай',
  'розподіли',
  'розпитай',
  'створи',
  'стався',
  'тримай',
  'фіксуй',
  'чекай',
  'шукай',
];
/** A 2nd-person singular verb: "знаєш", "можеш", "погоджуєшся" (and the few nouns that end so). */
const SINGULAR_VERB = /(?<![\p{L}'’])\p{L}+(?:єш|еш|иш|їш)(?:ся)?(?![\p{L}'’])/giu;
const NOT_VERBS = new Set(['хеш', 'кеш', 'лиш', 'миш', 'тиш']);

const word = (forms: string[]) => new RegExp(`(?<![\\p{L}'’])(?:${forms.join('|')})(?![\\p{L}'’])`, 'giu');
const INFORMAL = [word(PRONOUNS), word(IMPERATIVES), /(?<![\p{L}'’])\p{L}+йся(?![\p{L}'’])/giu];

const strings = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(strings)
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(strings)
        : [];

/** The informal forms a text addresses its reader with, outside quoted speech, in the order they stand. */
const informalForms = (text: string): string[] => {
  const own = text.replace(/«[^«»]*»/g, ' ');
  return [...INFORMAL, SINGULAR_VERB]
    .flatMap((pattern) => [...own.matchAll(pattern)])
    .filter(([w]) => !NOT_VERBS.has(w.toLowerCase()))
    .sort((a, b) => a.index - b.index)
    .map(([w]) => w);
};

describe('formal address in Ukrainian', () => {
  it.each(SOURCES)('%s says "ви", not "ти"', (file) => {
    const found = strings(JSON.parse(readFileSync(file, 'utf8'))).flatMap((text) =>
      informalForms(text).map((form) => `${form}: ${text.slice(0, 80)}`),
    );
    expect(found).toEqual([]);
  });

  it('catches the informal forms, whole words only, and leaves quoted speech', () => {
    expect(informalForms('Досконалість — не умова, і ти вже нею є.')).toEqual(['ти']);
    expect(informalForms('Обирай ролі, щоб твої стандарти ставали перевагою.')).toEqual(['Обирай', 'твої']);
    expect(informalForms('Тренуйся відмовлятися, коли знаєш, що навантаження повне.')).toEqual(['Тренуйся', 'знаєш']);
    expect(informalForms('Коли погоджуєшся майже з усім, різниця розмивається.')).toEqual(['погоджуєшся']);
    expect(informalForms('Обирайте ролі, де ваші стандарти — перевага; тренуйтеся відмовлятися.')).toEqual([]);
    expect(informalForms('Вони ставлять хеш, коли робота готова, і бачать її ціну.')).toEqual([]);
    expect(informalForms('Критик каже: «Ти ще надто мало знаєш».')).toEqual([]);
  });
});
