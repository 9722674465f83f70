import { describe, expect, it } from 'vitest';
import {
  PROFESSION_GROUPS,
  PROFILE_SECTIONS,
  PROFILES,
  profileOf,
  TYPE_IDS,
} from '../../src/domain/career/profiles.ts';
import {
  CAREER_QUESTIONS,
  CORE_QUESTIONS,
  LEGACY_CORE,
  legacyCoreInOrder,
  publicCareerQuestions,
  sittingCore,
  sittingTieBreak,
  tieBreakQuestions,
  type CareerQuestion,
} from '../../src/domain/career/questions.ts';
import {
  careerCautions,
  pointFor,
  rankTypes,
  scoreCareerAnswers,
  tieAfterCore,
  typePoints,
  type CareerAnswer,
} from '../../src/domain/career/scoring.ts';
import { CORE_PER_TYPE, LEGACY_CORE_PER_TYPE, TIE_BREAK_PER_TYPE } from '../../src/domain/career/counts.ts';
import { tiedForTop } from '../../src/domain/career/tie.ts';
import { checkCareerSheet } from '../../src/domain/sheets.ts';
import { careerView, type CareerResultView } from '../../src/domain/views.ts';
import { createRng } from '../../src/domain/matrices/rng.ts';

const answer = (questionId: number, yes: boolean, shown?: number): CareerAnswer => ({
  questionId,
  selectedAnswer: yes,
  timeSpent: 3000,
  ...(shown === undefined ? {} : { shown }),
});
/** The answer to a statement that gives (or withholds) its type's point: Yes, or No when it is reverse-keyed. */
const scoring = (q: CareerQuestion, point: boolean) => answer(q.id, q.reverse ? !point : point);
/** A sheet of the core statements giving exactly `points[t]` points to each type t (in `core`'s order). */
const sheetWith = (points: Partial<Record<number, number>>, core: CareerQuestion[] = CORE_QUESTIONS) => {
  const used = new Map<number, number>();
  return core.map((q) => {
    const n = used.get(q.type) ?? 0;
    used.set(q.type, n + 1);
    return scoring(q, n < (points[q.type] ?? 0));
  });
};

describe('the career statements', () => {
  it('are 8 core statements per type (2 reverse-keyed) and 5 tie-break ones, each id once', () => {
    expect(new Set(CAREER_QUESTIONS.map((q) => q.id)).size).toBe(CAREER_QUESTIONS.length);
    for (const type of TYPE_IDS) {
      const ofType = CAREER_QUESTIONS.filter((q) => q.type === type);
      expect(
        ofType.filter((q) => !q.isAdditional),
        `type ${type}`,
      ).toHaveLength(CORE_PER_TYPE);
      expect(
        ofType.filter((q) => !q.isAdditional && q.reverse),
        `type ${type}`,
      ).toHaveLength(2);
      expect(
        ofType.filter((q) => q.isAdditional),
        `type ${type}`,
      ).toHaveLength(TIE_BREAK_PER_TYPE);
      expect(ofType.filter((q) => q.isAdditional && q.reverse)).toHaveLength(0);
    }
    expect(LEGACY_CORE).toHaveLength(9 * LEGACY_CORE_PER_TYPE);
    expect(CAREER_QUESTIONS).toHaveLength(9 * (CORE_PER_TYPE + TIE_BREAK_PER_TYPE));
  });

  it('exist in both languages, each distinct', () => {
    for (const lang of ['uk', 'en'] as const) {
      const texts = CAREER_QUESTIONS.map((q) => q.text[lang].trim());
      expect(texts.every((t) => t.length > 10)).toBe(true);
      expect(new Set(texts).size).toBe(CAREER_QUESTIONS.length);
    }
    expect(CAREER_QUESTIONS.every((q) => /[а-яіїєґ]/i.test(q.text.uk) && !/[а-яіїєґ]/i.test(q.text.en))).toBe(true);
    expect(CAREER_QUESTIONS.every((q) => !/[ыэъё']/i.test(q.text.uk))).toBe(true);
  });

  it('come in balanced rounds drawn per sitting: one statement of every type in each round of nine', () => {
    const a = sittingCore(1);
    const b = sittingCore(2);
    expect(a).toHaveLength(72);
    expect(new Set(a.map((q) => q.id))).toEqual(new Set(CORE_QUESTIONS.map((q) => q.id)));
    for (let round = 0; round < 8; round++)
      expect(new Set(a.slice(round * 9, round * 9 + 9).map((q) => q.type))).toEqual(new Set(TYPE_IDS));
    expect(a.map((q) => q.id)).not.toEqual(b.map((q) => q.id));
    expect(sittingCore(1)).toEqual(a);
    // The type at each place is spread evenly over many sittings: a place says nothing about the type.
    const firstType = new Map<number, number>();
    for (let seed = 0; seed < 9_000; seed++) {
      const t = sittingCore(seed * 2654435761)[0].type;
      firstType.set(t, (firstType.get(t) ?? 0) + 1);
    }
    for (const type of TYPE_IDS) expect(Math.abs((firstType.get(type) ?? 0) - 1_000)).toBeLessThan(150);
    const tieBreak = sittingTieBreak(1, [3, 7]);
    expect(tieBreak).toHaveLength(10);
    for (let round = 0; round < 5; round++)
      expect(new Set(tieBreak.slice(round * 2, round * 2 + 2).map((q) => q.type))).toEqual(new Set([3, 7]));
  });

  it("reach the page with the sitting's own ids and Yes / No, never a type or a direction", () => {
    const shown = publicCareerQuestions('uk', sittingCore(5));
    expect(shown.map((q) => q.id)).toEqual(Array.from({ length: 72 }, (_, i) => i + 1));
    expect(shown[0].options).toEqual(['Так', 'Ні']);
    expect(publicCareerQuestions('en', sittingTieBreak(5, [1, 2]), 100).map((q) => q.id)[0]).toBe(101);
    expect(JSON.stringify(shown)).not.toMatch(/"type"|"reverse"/);
  });
});

describe('career scoring', () => {
  it('gives a point for a Yes, and for a No to a reverse-keyed statement', () => {
    const reverse = CORE_QUESTIONS.find((q) => q.reverse)!;
    const plain = CORE_QUESTIONS.find((q) => !q.reverse && q.type === reverse.type)!;
    expect(pointFor(reverse, false)).toBe(true);
    expect(pointFor(plain, true)).toBe(true);
    expect(typePoints([answer(reverse.id, false), answer(plain.id, true)])[reverse.type]).toBe(2);
    expect(typePoints(sheetWith({ 2: 3, 5: 8 }))).toMatchObject({ 1: 0, 2: 3, 5: 8, 9: 0 });
  });

  it('finds the types tied for the top, and only when more than one', () => {
    const counts = (scores: Record<number, number>) => (t: number) => scores[t] ?? 0;
    expect(tiedForTop(TYPE_IDS, counts({ 1: 4, 2: 4, 3: 1 }))).toEqual([1, 2]);
    expect(tiedForTop(TYPE_IDS, counts({ 1: 5, 2: 4, 3: 1 }))).toEqual([]);
    expect(tiedForTop([9, 4, 2], counts({ 9: 3, 4: 3, 2: 3 }))).toEqual([2, 4, 9]);
  });

  it('asks the tie-break statements of exactly the tied types', () => {
    const { tiedTypes, tieBreak } = tieAfterCore(sheetWith({ 3: 5, 7: 5, 1: 2 }));
    expect(tiedTypes).toEqual([3, 7]);
    expect(tieBreak.map((q) => q.type).sort()).toEqual([3, 3, 3, 3, 3, 7, 7, 7, 7, 7]);
    expect(tieBreakQuestions([8, 9])).toHaveLength(10);
  });

  it('picks primary and secondary types, three professions of the first and one of the second', () => {
    const result = scoreCareerAnswers(sheetWith({ 5: 7, 2: 4, 1: 1 }), 300_000, 'en');
    expect(result).toMatchObject({
      primaryType: 5,
      secondaryType: 2,
      tiedTypes: [],
      noClearType: false,
      additionalQuestionsNeeded: false,
      totalQuestions: 72,
      corePerType: 8,
    });
    expect(result.recommendedProfessions).toEqual([
      ...PROFILES.en[5].professions.slice(0, 3),
      PROFILES.en[2].professions[0],
    ]);
    expect(result.personalityType).toBe('Expert');
    expect(result.strengthsDescription).toBe(PROFILES.en[5].generalDescription);
  });

  it('still reads a sheet begun before the reverse-keyed statements, out of six per type', () => {
    const legacy = sheetWith({ 4: 6, 1: 2 }, legacyCoreInOrder());
    expect(checkCareerSheet(legacy)).toBeNull();
    expect(scoreCareerAnswers(legacy, 1000, 'en')).toMatchObject({
      primaryType: 4,
      corePerType: 6,
      totalQuestions: 54,
    });
  });

  it("draws development areas from the primary type's own weaknesses and recommendations", () => {
    const result = scoreCareerAnswers(sheetWith({ 1: 8, 2: 5, 3: 5, 4: 4, 5: 4, 6: 3, 7: 3, 8: 1, 9: 2 }), 1000, 'uk');
    const roadmap = PROFILES.uk[1].careerRoadmap;
    expect(result.developmentAreas).toEqual([...roadmap.weaknesses, ...roadmap.careerRecommendations]);
  });

  it('settles a tie with the tie-break answers and reports that they were needed', () => {
    const sheet = sheetWith({ 3: 5, 7: 5 });
    const tieBreak = tieAfterCore(sheet).tieBreak.map((q) => answer(q.id, q.type === 7));
    const result = scoreCareerAnswers([...sheet, ...tieBreak], 1000, 'en');
    expect(result).toMatchObject({
      primaryType: 7,
      tiedTypes: [],
      additionalQuestionsNeeded: true,
      totalQuestions: 82,
    });
    expect(result.enneagramScores).toMatchObject({ 3: 5, 7: 5 });
    expect(result.tieBreakScores).toEqual({ 3: 0, 7: 5 });
  });

  it('reports two types the tie-break leaves level as a tie, and three or more as no clear type', () => {
    const two = sheetWith({ 2: 4, 6: 4 });
    const twoLeft = scoreCareerAnswers([...two, ...tieAfterCore(two).tieBreak.map((q) => answer(q.id, true))], 1, 'en');
    expect(twoLeft).toMatchObject({ noClearType: false });
    expect([...twoLeft.tiedTypes].sort()).toEqual([2, 6]);
    const three = sheetWith({ 2: 4, 6: 4, 9: 4 });
    const threeLeft = scoreCareerAnswers(
      [...three, ...tieAfterCore(three).tieBreak.map((q) => answer(q.id, q.id % 2 === 0))],
      1,
      'en',
    );
    const points = typePoints(tieAfterCore(three).tieBreak.map((q) => answer(q.id, q.id % 2 === 0)));
    const top = Math.max(points[2], points[6], points[9]);
    const level = [2, 6, 9].filter((t) => points[t as 2 | 6 | 9] === top);
    expect(threeLeft.noClearType).toBe(level.length >= 3);
    const allYes = CORE_QUESTIONS.map((q) => answer(q.id, true));
    const nine = scoreCareerAnswers(
      [...allYes, ...tieAfterCore(allYes).tieBreak.map((q) => answer(q.id, true))],
      1,
      'en',
    );
    expect(nine).toMatchObject({ noClearType: true, cautions: ['all_same'] });
    expect(nine.tiedTypes).toHaveLength(9);
  });

  it("unlocks both tied types equally: each one's professions, roadmap and areas to develop", () => {
    const two = sheetWith({ 2: 4, 6: 4 });
    const tied = scoreCareerAnswers([...two, ...tieAfterCore(two).tieBreak.map((q) => answer(q.id, true))], 1, 'uk');
    const full = careerView(tied, 'full', 'uk') as CareerResultView;
    expect(full.profiles?.map((p) => p.type).sort()).toEqual([2, 6]);
    for (const p of full.profiles ?? []) {
      const own = profileOf(p.type, 'uk');
      expect(p).toMatchObject({ title: own.title, careerRoadmap: own.careerRoadmap });
      expect(p.recommendedProfessions).toEqual(own.professions.slice(0, 4));
      expect(p.developmentAreas).toEqual([...own.careerRoadmap.weaknesses, ...own.careerRoadmap.careerRecommendations]);
      expect(p.sections.generalDescription).toBe(own.generalDescription);
    }
    // The teaser shows neither; a clear type gets its one profile, with the sheet's own recommendations.
    expect(careerView(tied, 'teaser', 'uk')).not.toHaveProperty('profiles');
    const clear = scoreCareerAnswers(sheetWith({ 4: 6, 1: 2 }), 1, 'en');
    expect((careerView(clear, 'full', 'en') as CareerResultView).profiles).toEqual([
      expect.objectContaining({ type: 4, recommendedProfessions: clear.recommendedProfessions }),
    ]);
  });

  it('cautions sheets answered by habit: all the same, nine in ten one way, alternating', () => {
    const inOrder = (said: boolean[]) => sittingCore(9).map((q, i) => answer(q.id, said[i], i + 1));
    expect(careerCautions(inOrder(Array(72).fill(false)))).toEqual(['all_same']);
    expect(careerCautions(inOrder(Array.from({ length: 72 }, (_, i) => i % 12 !== 0)))).toEqual(['one_way']);
    expect(careerCautions(inOrder(Array.from({ length: 72 }, (_, i) => i % 2 === 0)))).toEqual(['alternating']);
    const rng = createRng(3);
    expect(careerCautions(inOrder(Array.from({ length: 72 }, () => rng() < 0.5)))).toEqual([]);
    // The order is the one shown: alternating in the sitting, not in the key's order.
    const shuffledIds = inOrder(Array.from({ length: 72 }, (_, i) => i % 2 === 0)).map((a, i, all) => ({
      ...a,
      questionId: all[(i * 5) % 72].questionId,
    }));
    expect(careerCautions(shuffledIds)).toEqual(['alternating']);
  });

  it('reads the primary type the way the ranking does', () => {
    const rng = createRng(7);
    for (let n = 0; n < 200; n++) {
      const sheet = CORE_QUESTIONS.map((q) => answer(q.id, rng() < 0.5));
      const all = [...sheet, ...tieAfterCore(sheet).tieBreak.map((q) => answer(q.id, rng() < 0.5))];
      expect(scoreCareerAnswers(all, 1000, 'en').primaryType).toBe(rankTypes(all).order[0]);
    }
  });
});

describe('100,000 simulated sheets per answering style', () => {
  const SHEETS = 100_000;
  it.each([
    ['random (half Yes)', 0.5],
    ['acquiescent (80 % Yes)', 0.8],
    ['nay-saying (20 % Yes)', 0.2],
  ])(
    '%s: no type favoured; ties and cautions counted',
    (_style, pYes) => {
      const rng = createRng(Math.round(pYes * 1000));
      const wins = new Map<number, number>();
      let coreTied = 0;
      let twoLeft = 0;
      let noClear = 0;
      let cautioned = 0;
      for (let n = 0; n < SHEETS; n++) {
        const order = sittingCore(n);
        const sheet = order.map((q, i) => answer(q.id, rng() < pYes, i + 1));
        const { tiedTypes, tieBreak } = tieAfterCore(sheet);
        if (tiedTypes.length) coreTied++;
        const extra = tieBreak.map((q, i) => answer(q.id, rng() < pYes, 101 + i));
        const result = scoreCareerAnswers([...sheet, ...extra], 1, 'en');
        if (result.noClearType) noClear++;
        else if (result.tiedTypes.length === 2) twoLeft++;
        if (result.cautions.length) cautioned++;
        wins.set(result.primaryType, (wins.get(result.primaryType) ?? 0) + 1);
      }
      const pct = (k: number) => `${((k / SHEETS) * 100).toFixed(1)} %`;
      console.log(
        `career, ${_style}: primary type 1–9 ${TYPE_IDS.map((t) => pct(wins.get(t) ?? 0)).join(' / ')}; ` +
          `core tie ${pct(coreTied)}, two types left ${pct(twoLeft)}, no clear type ${pct(noClear)}, cautioned ${pct(cautioned)}`,
      );
      // Each type 1/9 ± 3 standard errors (SE ≈ 0.1 %).
      for (const type of TYPE_IDS)
        expect(Math.abs((wins.get(type) ?? 0) / SHEETS - 1 / 9), `type ${type}`).toBeLessThan(0.003);
    },
    120_000,
  );
});

describe('the nine type profiles', () => {
  const titles = {
    en: ['Inspector', 'Coordinator', 'Frontman', 'Creator', 'Expert', 'Analyst', 'Generator', 'Boss', 'Mediator'],
    uk: ['Інспектор', 'Координатор', 'Фронтмен', 'Творець', 'Експерт', 'Аналітик', 'Генератор', 'Бос', 'Медіатор'],
  };

  it('carry the spec titles, a colour, and every section in both languages', () => {
    for (const lang of ['uk', 'en'] as const) {
      for (const type of TYPE_IDS) {
        const p = PROFILES[lang][type];
        expect(p.type).toBe(type);
        expect(p.title).toBe(titles[lang][type - 1]);
        expect(p.color).toMatch(/^#[0-9A-F]{6}$/i);
        expect(p.color).toBe(PROFILES.uk[type].color);
        for (const section of PROFILE_SECTIONS)
          expect(p[section].length, `${lang} ${type} ${section}`).toBeGreaterThan(100);
        expect(p.generalDescription.split(/\s+/).length, `${lang} ${type}`).toBeGreaterThanOrEqual(150);
        for (const group of PROFESSION_GROUPS)
          expect(p.careerRoadmap.recommendedProfessions[group].length).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('say the same thing in both languages, list for list', () => {
    for (const type of TYPE_IDS) {
      const [uk, en] = [PROFILES.uk[type], PROFILES.en[type]];
      expect(uk.professions.length).toBe(en.professions.length);
      for (const key of Object.keys(en.careerRoadmap) as (keyof typeof en.careerRoadmap)[]) {
        if (key === 'recommendedProfessions') continue;
        expect(uk.careerRoadmap[key].length, `${type} ${key}`).toBe(en.careerRoadmap[key].length);
      }
    }
  });

  it('recommend distinct main professions for each type', () => {
    const tops = TYPE_IDS.flatMap((t) => PROFILES.en[t].professions.slice(0, 3));
    expect(new Set(tops).size).toBe(tops.length);
  });

  it('fall back to type 1 for an unknown type', () => {
    expect(profileOf(0, 'en').title).toBe('Inspector');
    expect(profileOf(42, 'uk').title).toBe('Інспектор');
  });
});
