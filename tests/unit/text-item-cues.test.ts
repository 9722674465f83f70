/**
 * The authored text items of the IQ forms in service (4, 8, 9, 10; each anchor once) give a test-wise person no way to the key without solving
 * the item. Each reader below is a context-blind strategy: it keeps the options it favours and picks among them at
 * random, so on an item it finds the key with odds 1/|kept| when the key is kept, else 0. Whatever it keeps, a key
 * placed at random is found with odds 1/6, so over the n items it applies to (those where it prefers some options to
 * others) its hit rate must stay within 1/6 ± 3 standard errors, sqrt(p(1 − p)/n), on both sides: a reader that
 * misses the key too often is a cue as well. The retired forms 0–3 fail this file (src/content/iq/REVIEW.md).
 */
import { describe, expect, it } from 'vitest';
import form0 from '../../src/content/iq/forms/0.json' with { type: 'json' };
import form4 from '../../src/content/iq/forms/4.json' with { type: 'json' };
import form8 from '../../src/content/iq/forms/8.json' with { type: 'json' };
import form9 from '../../src/content/iq/forms/9.json' with { type: 'json' };
import form10 from '../../src/content/iq/forms/10.json' with { type: 'json' };

type Lang = 'uk' | 'en';
const LANGS: Lang[] = ['uk', 'en'];
interface RawItem {
  id: number;
  type: string;
  difficulty: string;
  question: Record<Lang, string>;
  options?: Record<Lang, string[]>;
  correctAnswer?: number;
  matrix?: unknown;
}
interface TextItem {
  label: string;
  type: string;
  question: Record<Lang, string>;
  options: Record<Lang, string[]>;
  key: number;
}

const FORMS: Record<number, RawItem[]> = { 4: form4, 8: form8, 9: form9, 10: form10 };
const once = new Set<string>();
const ITEMS: TextItem[] = Object.entries(FORMS).flatMap(([form, items]) =>
  items
    // An anchor (the same item on every served form) is one item.
    .filter((item) => {
      const text = `${item.question.en} ${item.options?.en.join('|')}`;
      return !item.matrix && !once.has(text) && Boolean(once.add(text));
    })
    .map((item) => ({
      label: `${form}/${item.id}`,
      type: item.type,
      question: item.question,
      options: item.options!,
      key: item.correctAnswer!,
    })),
);

const CHANCE = 1 / 6;
const CANNOT_TELL: Record<Lang, RegExp> = {
  uk: /визначити неможливо|неможливо визначити|нічого сказати не можна|не випливає/i,
  en: /cannot be determined|cannot tell|nothing can be said|does not follow/i,
};
const NUMBER: Record<Lang, RegExp> = {
  uk: /^(\d+(,\d+)?°?|\d{1,2}:\d{2})$/,
  en: /^(\d+(\.\d+)?°?|\d{1,2}:\d{2})$/,
};
const wordSet = (list: string) => new Set(list.trim().split(/\s+/));
const ABSOLUTE = wordSet(`
  all every everyone everybody everything never no none nobody nothing always
  усі всі уся вся усе все увесь весь кожен кожна кожне кожний жоден жодна жодне жодного ніхто ніщо нічого ніколи завжди`);
/** Function words carry no cue; words under three letters are dropped as well. */
const STOP = wordSet(`
  the and for are was were but with that this from his her its their they them who what which than then has have had
  into your you our out off over under about after before when whenever while where there here does did not nor also
  some any each other others same
  що які який яка яке якій як але або чи для від про при над під без через це цей ця ці той та те то так там тут його
  її їх він вона вони ми ви бо щоб коли теж також ще вже лише із зі між після перед`);

const words = (text: string) => (text.toLowerCase().match(/[\p{L}\p{N}’]+/gu) ?? []).map((w) => w.replace(/’/g, ''));
/** A crude stem, the first five letters, so that inflected forms (вчителі, вчителів; musician, musicians) match. */
const stems = (text: string) =>
  new Set(
    words(text)
      .filter((w) => w.length >= 3 && !STOP.has(w))
      .map((w) => w.slice(0, 5)),
  );
const shared = (a: Set<string>, b: Set<string>) => [...a].filter((s) => b.has(s)).length;

const isNumeric = (item: TextItem) => LANGS.every((lang) => item.options[lang].every((o) => NUMBER[lang].test(o)));
function numericValue(option: string): number {
  const [hours, minutes] = option.split(':');
  if (minutes !== undefined) return Number(hours) * 60 + Number(minutes);
  return Number(option.replace('°', '').replace(',', '.'));
}
/** Ranks by value, 0 = smallest: the site shows numeric options in ascending order, so a rank is a position. */
function ranks(item: TextItem): number[] {
  const values = item.options.en.map(numericValue);
  const sorted = [...values].sort((a, b) => a - b);
  return values.map((v) => sorted.indexOf(v));
}
function cannotTellAt(item: TextItem, lang: Lang = 'en'): number | null {
  const index = item.options[lang].findIndex((o) => CANNOT_TELL[lang].test(o));
  return index < 0 ? null : index;
}

/** A reader's favoured options, or null when it has no preference on this item. */
type Reader = (item: TextItem, lang: Lang) => number[] | null;

function best(scores: number[], better: (a: number, b: number) => boolean): number[] | null {
  const top = scores.reduce((m, s) => (better(s, m) ? s : m));
  const kept = scores.flatMap((s, i) => (s === top ? [i] : []));
  return kept.length === scores.length ? null : kept;
}
const most = (scores: number[]) => best(scores, (a, b) => a > b);
const fewest = (scores: number[]) => best(scores, (a, b) => a < b);
/** For each option, the stems it shares with the other options, summed. */
function likeness(item: TextItem, lang: Lang): number[] {
  const sets = item.options[lang].map(stems);
  return sets.map((s, i) => sets.reduce((sum, other, j) => sum + (i === j ? 0 : shared(s, other)), 0));
}
const byRank = (item: TextItem, wanted: (rank: number) => boolean) =>
  isNumeric(item) ? ranks(item).flatMap((r, i) => (wanted(r) ? [i] : [])) : null;

const LANGUAGE_READERS: Record<string, Reader> = {
  'longest option': (item, lang) => most(item.options[lang].map((o) => o.length)),
  'shortest option': (item, lang) => fewest(item.options[lang].map((o) => o.length)),
  'most words shared with the question': (item, lang) =>
    most(item.options[lang].map((o) => shared(stems(o), stems(item.question[lang])))),
  'convergence (most like the others)': (item, lang) => most(likeness(item, lang)),
  'odd one out (least like the others)': (item, lang) => fewest(likeness(item, lang)),
  'avoid absolute words': (item, lang) => {
    const plain = item.options[lang].flatMap((o, i) => (words(o).some((w) => ABSOLUTE.has(w)) ? [] : [i]));
    return plain.length === 0 || plain.length === 6 ? null : plain;
  },
};
const READERS: Record<string, Reader> = {
  'avoid the extremes (numeric)': (item) => byRank(item, (r) => r > 0 && r < 5),
  'pick the middle (numeric)': (item) => byRank(item, (r) => r === 2 || r === 3),
  ...Object.fromEntries(
    [0, 1, 2, 3, 4, 5].map((k) => [`always rank ${k} (numeric)`, (item: TextItem) => byRank(item, (r) => r === k)]),
  ),
  '“cannot be determined” always': (item) => {
    const at = cannotTellAt(item);
    return at === null ? null : [at];
  },
  '“cannot be determined” never': (item) => {
    const at = cannotTellAt(item);
    return at === null ? null : [0, 1, 2, 3, 4, 5].filter((i) => i !== at);
  },
};

interface Row {
  name: string;
  n: number;
  rate: number;
  low: number;
  high: number;
}
/** The reader's mean odds of finding the key over the items it applies to, and chance ± 3 standard errors. */
function score(items: TextItem[], name: string, read: Reader, lang: Lang = 'en'): Row {
  const odds = items.flatMap((item) => {
    const kept = read(item, lang);
    return kept ? [kept.includes(item.key) ? 1 / kept.length : 0] : [];
  });
  const n = odds.length;
  const error = 3 * Math.sqrt((CHANCE * (1 - CHANCE)) / n);
  return { name, n, rate: odds.reduce((s, p) => s + p, 0) / n, low: CHANCE - error, high: CHANCE + error };
}
const ROWS: Row[] = [
  ...Object.entries(LANGUAGE_READERS).flatMap(([name, read]) =>
    LANGS.map((lang) => score(ITEMS, `${name}, ${lang}`, read, lang)),
  ),
  ...Object.entries(READERS).map(([name, read]) => score(ITEMS, name, read)),
];

describe('context-blind readers of the text items of the served forms', () => {
  it('are measured on all 47 text items (each anchor once)', () => {
    expect(ITEMS).toHaveLength(47);
    const f = (x: number) => x.toFixed(3);
    const table = ROWS.map(
      (r) => `${r.name.padEnd(42)} ${String(r.n).padStart(2)}  ${f(r.rate)}  ${f(r.low)}–${f(r.high)}`,
    );
    console.log(`reader, items it applies to, hit rate, chance ± 3 SE\n${table.join('\n')}`);
  });

  it.each(ROWS)('$name: finds the key at a chance rate, within 3 standard errors', ({ n, rate, low, high }) => {
    expect(n).toBeGreaterThan(0);
    expect(rate).toBeGreaterThanOrEqual(low);
    expect(rate).toBeLessThanOrEqual(high);
  });

  it('would catch forms whose key is always the longest option', () => {
    const longest = LANGUAGE_READERS['longest option'];
    const rekeyed = ITEMS.map((item) => ({ ...item, key: longest(item, 'uk')?.[0] ?? item.key }));
    const { rate, high } = score(rekeyed, 'longest option', longest, 'uk');
    expect(rate).toBeGreaterThan(high);
  });
});

describe('the numeric items of the served forms', () => {
  const numeric = ITEMS.filter(isNumeric);
  const keyRanks = numeric.map((item) => ranks(item)[item.key]);

  it('are the seventeen mathematical items', () => {
    expect(numeric.map((item) => item.label)).toEqual(
      ITEMS.filter((item) => item.type === 'mathematical').map((item) => item.label),
    );
    expect(numeric).toHaveLength(17);
  });

  it('put the key at every rank, a quarter to a half of the keys smallest or largest', () => {
    expect(new Set(keyRanks)).toEqual(new Set([0, 1, 2, 3, 4, 5]));
    const ends = keyRanks.filter((r) => r === 0 || r === 5).length / keyRanks.length;
    expect(ends).toBeGreaterThanOrEqual(1 / 4);
    expect(ends).toBeLessThanOrEqual(1 / 2);
  });

  it('list their options in ascending order', () => {
    for (const item of numeric) expect(ranks(item), item.label).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe('“cannot be determined” in the served forms', () => {
  const carrying = ITEMS.filter((item) => LANGS.some((lang) => cannotTellAt(item, lang) !== null));

  it('is the last option, in both languages', () => {
    for (const item of carrying)
      for (const lang of LANGS) expect(cannotTellAt(item, lang), `${item.label} ${lang}`).toBe(5);
  });

  it('is the key about as often as any option: a sixth of the items that carry it, give or take one', () => {
    const keys = carrying.filter((item) => item.key === cannotTellAt(item)).length;
    expect(Math.abs(keys - Math.round(carrying.length / 6))).toBeLessThanOrEqual(1);
  });
});

describe('the text items of the served forms', () => {
  it('have six distinct options in each language and a key among them', () => {
    for (const item of ITEMS) {
      for (const lang of LANGS) expect(new Set(item.options[lang]).size, `${item.label} ${lang}`).toBe(6);
      expect([0, 1, 2, 3, 4, 5], item.label).toContain(item.key);
    }
  });

  it('follow form 0’s blueprint: the same type and difficulty at every id', () => {
    const blueprint = (items: RawItem[]) =>
      items.map((i) => `${i.id} ${i.type} ${i.difficulty} ${i.matrix ? 'm' : 't'}`);
    for (const [form, items] of Object.entries(FORMS))
      expect(blueprint(items), `form ${form}`).toEqual(blueprint(form0 as RawItem[]));
  });
});
