import { describe, expect, it } from 'vitest';
import { PROFESSION_GROUPS, PROFILE_SECTIONS, PROFILES, profileOf, TYPE_IDS } from '../../src/domain/career/profiles.ts';
import { CAREER_QUESTIONS, coreQuestionsInOrder, publicCareerQuestions, tieBreakQuestions } from '../../src/domain/career/questions.ts';
import { scoreCareerAnswers, tieAfterCore, tiedForTop, yesCounts, type CareerAnswer } from '../../src/domain/career/scoring.ts';

const answer = (questionId: number, yes: boolean): CareerAnswer => ({ questionId, selectedAnswer: yes, timeSpent: 3000 });
const core = coreQuestionsInOrder();
/** A core sheet answering Yes to exactly `yes` statements of each type. */
const sheetWith = (yes: Partial<Record<number, number>>) => {
  const used = new Map<number, number>();
  return core.map((q) => {
    const n = used.get(q.type) ?? 0;
    used.set(q.type, n + 1);
    return answer(q.id, n < (yes[q.type] ?? 0));
  });
};

describe('the career statements', () => {
  it('are 99: 56 core (6 per type, 7 for types 8 and 9) and 43 tie-break, ids 1–99', () => {
    expect(CAREER_QUESTIONS.map((q) => q.id)).toEqual(Array.from({ length: 99 }, (_, i) => i + 1));
    for (const type of TYPE_IDS) {
      const ofType = CAREER_QUESTIONS.filter((q) => q.type === type);
      expect(ofType.filter((q) => !q.isAdditional), `type ${type}`).toHaveLength(type >= 8 ? 7 : 6);
      expect(ofType.filter((q) => q.isAdditional), `type ${type}`).toHaveLength(type >= 8 ? 4 : 5);
    }
    expect(CAREER_QUESTIONS.filter((q) => q.isAdditional).every((q) => q.id > 56)).toBe(true);
  });

  it('exist in both languages, each distinct', () => {
    for (const lang of ['uk', 'en'] as const) {
      const texts = CAREER_QUESTIONS.map((q) => q.text[lang].trim());
      expect(texts.every((t) => t.length > 10)).toBe(true);
      expect(new Set(texts).size).toBe(99);
    }
    expect(CAREER_QUESTIONS.every((q) => /[а-яіїєґ]/i.test(q.text.uk) && !/[а-яіїєґ]/i.test(q.text.en))).toBe(true);
  });

  it('come in round-robin order across types 1–9, core first', () => {
    expect(core).toHaveLength(56);
    expect(core.slice(0, 9).map((q) => q.type)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(core.slice(9, 18).map((q) => q.type)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(core.slice(54).map((q) => q.type)).toEqual([8, 9]);
    const pub = publicCareerQuestions('uk');
    expect(pub[0].options).toEqual(['Так', 'Ні']);
    expect(publicCareerQuestions('en')[0].options).toEqual(['Yes', 'No']);
    expect(pub.slice(0, 56).every((q) => !q.isAdditional)).toBe(true);
  });
});

describe('career scoring', () => {
  it('counts only Yes answers, per type', () => {
    expect(yesCounts(sheetWith({ 2: 3, 5: 6 }))).toMatchObject({ 1: 0, 2: 3, 5: 6, 9: 0 });
  });

  it('finds the types tied for the top, and only when more than one', () => {
    expect(tiedForTop({ 1: 4, 2: 4, 3: 1, 4: 0, 5: 0, 6: 0, 7: 0, 8: 0, 9: 0 })).toEqual([1, 2]);
    expect(tiedForTop({ 1: 5, 2: 4, 3: 1, 4: 0, 5: 0, 6: 0, 7: 0, 8: 0, 9: 0 })).toEqual([]);
  });

  it('asks the tie-break statements of exactly the tied types, round-robin', () => {
    const { tiedTypes, tieBreak } = tieAfterCore(sheetWith({ 3: 5, 7: 5, 1: 2 }));
    expect(tiedTypes).toEqual([3, 7]);
    expect(tieBreak.map((q) => q.type)).toEqual([3, 7, 3, 7, 3, 7, 3, 7, 3, 7]);
    expect(tieBreakQuestions([8, 9])).toHaveLength(8);
  });

  it('picks primary and secondary types, three professions of the first and one of the second', () => {
    const result = scoreCareerAnswers(sheetWith({ 5: 6, 2: 4, 1: 1 }), 300_000, 'en');
    expect(result).toMatchObject({ primaryType: 5, secondaryType: 2, tiedTypes: [], additionalQuestionsNeeded: false, totalQuestions: 56 });
    expect(result.recommendedProfessions).toEqual([...PROFILES.en[5].professions.slice(0, 3), PROFILES.en[2].professions[0]]);
    expect(result.personalityType).toBe('Expert');
    expect(result.strengthsDescription).toBe(PROFILES.en[5].generalDescription);
  });

  it('draws development areas from the two lowest-scoring types', () => {
    const result = scoreCareerAnswers(sheetWith({ 1: 6, 2: 5, 3: 5, 4: 4, 5: 4, 6: 3, 7: 3, 8: 1, 9: 2 }), 1000, 'uk');
    expect(result.developmentAreas).toEqual([...PROFILES.uk[8].careerRoadmap.careerRecommendations, ...PROFILES.uk[9].careerRoadmap.careerRecommendations]);
  });

  it('settles a tie with the tie-break answers and reports that it was needed', () => {
    const sheet = sheetWith({ 3: 5, 7: 5 });
    const tieBreak = tieAfterCore(sheet).tieBreak.map((q) => answer(q.id, q.type === 7));
    const result = scoreCareerAnswers([...sheet, ...tieBreak], 1000, 'en');
    expect(result).toMatchObject({ primaryType: 7, secondaryType: 3, tiedTypes: [3, 7], additionalQuestionsNeeded: true, totalQuestions: 66 });
  });
});

describe('the nine type profiles', () => {
  const titles = { en: ['Inspector', 'Coordinator', 'Frontman', 'Creator', 'Expert', 'Analyst', 'Generator', 'Boss', 'Mediator'], uk: ['Інспектор', 'Координатор', 'Фронтмен', 'Творець', 'Експерт', 'Аналітик', 'Генератор', 'Бос', 'Медіатор'] };

  it('carry the spec titles, a colour, and every section in both languages', () => {
    for (const lang of ['uk', 'en'] as const) {
      for (const type of TYPE_IDS) {
        const p = PROFILES[lang][type];
        expect(p.type).toBe(type);
        expect(p.title).toBe(titles[lang][type - 1]);
        expect(p.color).toMatch(/^#[0-9A-F]{6}$/i);
        expect(p.color).toBe(PROFILES.uk[type].color);
        for (const section of PROFILE_SECTIONS) expect(p[section].length, `${lang} ${type} ${section}`).toBeGreaterThan(100);
        expect(p.generalDescription.split(/\s+/).length, `${lang} ${type}`).toBeGreaterThanOrEqual(150);
        for (const group of PROFESSION_GROUPS) expect(p.careerRoadmap.recommendedProfessions[group].length).toBeGreaterThanOrEqual(3);
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
