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
  coreQuestionsInOrder,
  publicCareerQuestions,
  tieBreakQuestions,
} from '../../src/domain/career/questions.ts';
import {
  rankTypes,
  scoreCareerAnswers,
  tieAfterCore,
  yesCounts,
  type CareerAnswer,
} from '../../src/domain/career/scoring.ts';
import { CORE_PER_TYPE, TIE_BREAK_PER_TYPE } from '../../src/domain/career/counts.ts';
import { tiedForTop } from '../../src/domain/career/tie.ts';
import { $progress, initTest, tiedTypes } from '../../src/stores/test-session.ts';
import { createRng } from '../../src/domain/matrices/rng.ts';

const answer = (questionId: number, yes: boolean): CareerAnswer => ({
  questionId,
  selectedAnswer: yes,
  timeSpent: 3000,
});
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
  it('are 99: 54 core and 45 tie-break, the same number of each for every type, ids 1–99', () => {
    expect(CAREER_QUESTIONS.map((q) => q.id)).toEqual(Array.from({ length: 99 }, (_, i) => i + 1));
    for (const type of TYPE_IDS) {
      const ofType = CAREER_QUESTIONS.filter((q) => q.type === type);
      expect(
        ofType.filter((q) => !q.isAdditional),
        `type ${type}`,
      ).toHaveLength(CORE_PER_TYPE);
      expect(
        ofType.filter((q) => q.isAdditional),
        `type ${type}`,
      ).toHaveLength(TIE_BREAK_PER_TYPE);
    }
    expect(CORE_PER_TYPE * 9 + TIE_BREAK_PER_TYPE * 9).toBe(99);
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
    expect(core).toHaveLength(54);
    for (let round = 0; round < 6; round++)
      expect(core.slice(round * 9, round * 9 + 9).map((q) => q.type)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const pub = publicCareerQuestions('uk');
    expect(pub[0].options).toEqual(['Так', 'Ні']);
    expect(publicCareerQuestions('en')[0].options).toEqual(['Yes', 'No']);
    expect(pub.slice(0, 54).every((q) => !q.isAdditional)).toBe(true);
    expect(pub.slice(54).every((q) => q.isAdditional)).toBe(true);
  });
});

describe('career scoring', () => {
  it('counts only Yes answers, per type', () => {
    expect(yesCounts(sheetWith({ 2: 3, 5: 6 }))).toMatchObject({ 1: 0, 2: 3, 5: 6, 9: 0 });
  });

  it('finds the types tied for the top, and only when more than one', () => {
    const counts = (scores: Record<number, number>) => (t: number) => scores[t] ?? 0;
    expect(tiedForTop(TYPE_IDS, counts({ 1: 4, 2: 4, 3: 1 }))).toEqual([1, 2]);
    expect(tiedForTop(TYPE_IDS, counts({ 1: 5, 2: 4, 3: 1 }))).toEqual([]);
    expect(tiedForTop([9, 4, 2], counts({ 9: 3, 4: 3, 2: 3 }))).toEqual([2, 4, 9]);
  });

  it('the test page asks tie-break statements for exactly the types the server finds tied', () => {
    const rng = createRng(20261123);
    initTest('professional', 'uk', publicCareerQuestions('uk'));
    const core = CAREER_QUESTIONS.filter((q) => !q.isAdditional);
    let ties = 0;
    for (let i = 0; i < 500; i++) {
      const sheet = core.map((q) => answer(q.id, rng() < 0.5));
      $progress.setKey('answers', Object.fromEntries(sheet.map((a) => [a.questionId, a])));
      const server = tieAfterCore(sheet).tiedTypes;
      expect(tiedTypes()).toEqual(server);
      if (server.length) ties++;
    }
    expect(ties).toBeGreaterThan(50);
  });

  it('asks the tie-break statements of exactly the tied types, round-robin', () => {
    const { tiedTypes, tieBreak } = tieAfterCore(sheetWith({ 3: 5, 7: 5, 1: 2 }));
    expect(tiedTypes).toEqual([3, 7]);
    expect(tieBreak.map((q) => q.type)).toEqual([3, 7, 3, 7, 3, 7, 3, 7, 3, 7]);
    expect(tieBreakQuestions([8, 9])).toHaveLength(10);
  });

  it('picks primary and secondary types, three professions of the first and one of the second', () => {
    const result = scoreCareerAnswers(sheetWith({ 5: 6, 2: 4, 1: 1 }), 300_000, 'en');
    expect(result).toMatchObject({
      primaryType: 5,
      secondaryType: 2,
      tiedTypes: [],
      additionalQuestionsNeeded: false,
      totalQuestions: 54,
    });
    expect(result.recommendedProfessions).toEqual([
      ...PROFILES.en[5].professions.slice(0, 3),
      PROFILES.en[2].professions[0],
    ]);
    expect(result.personalityType).toBe('Expert');
    expect(result.strengthsDescription).toBe(PROFILES.en[5].generalDescription);
  });

  it("draws development areas from the primary type's own weaknesses and recommendations", () => {
    const result = scoreCareerAnswers(sheetWith({ 1: 6, 2: 5, 3: 5, 4: 4, 5: 4, 6: 3, 7: 3, 8: 1, 9: 2 }), 1000, 'uk');
    const roadmap = PROFILES.uk[1].careerRoadmap;
    expect(result.developmentAreas).toEqual([...roadmap.weaknesses, ...roadmap.careerRecommendations]);
  });

  it('settles a tie with the tie-break answers and reports that they were needed', () => {
    const sheet = sheetWith({ 3: 5, 7: 5 });
    const tieBreak = tieAfterCore(sheet).tieBreak.map((q) => answer(q.id, q.type === 7));
    const result = scoreCareerAnswers([...sheet, ...tieBreak], 1000, 'en');
    expect(result).toMatchObject({
      primaryType: 7,
      secondaryType: 3,
      tiedTypes: [],
      additionalQuestionsNeeded: true,
      totalQuestions: 64,
    });
    expect(result.enneagramScores).toMatchObject({ 3: 5, 7: 5 });
    expect(result.tieBreakScores).toEqual({ 3: 0, 7: 5 });
  });

  it('reports a tie the tie-break leaves as a tie, with every tied type, whatever their numbers', () => {
    const sheet = sheetWith({ 2: 4, 6: 4, 9: 4 });
    const tieBreak = tieAfterCore(sheet).tieBreak.map((q, i) => answer(q.id, i % 3 !== 2 || q.type !== 6));
    const counts = yesCounts(tieBreak);
    const top = Math.max(counts[2], counts[6], counts[9]);
    const stillTied = ([2, 6, 9] as const).filter((t) => counts[t] === top);
    const result = scoreCareerAnswers([...sheet, ...tieBreak], 1000, 'en');
    expect(stillTied.length).toBeGreaterThan(1);
    expect(result.tiedTypes.slice().sort()).toEqual([...stillTied]);
    expect(stillTied).toContain(result.primaryType);
    // The same sheet always reads the same way.
    expect(scoreCareerAnswers([...sheet, ...tieBreak].reverse(), 1000, 'en').primaryType).toBe(result.primaryType);
  });

  it('favours no type: under random answering each wins 11 % ± 1.5 % of 100,000 sheets', () => {
    const rng = createRng(20261123);
    const wins = new Map<number, number>();
    let stillTied = 0;
    const SHEETS = 100_000;
    for (let n = 0; n < SHEETS; n++) {
      const sheet = core.map((q) => answer(q.id, rng() < 0.5));
      const extra = tieAfterCore(sheet).tieBreak.map((q) => answer(q.id, rng() < 0.5));
      const all = [...sheet, ...extra];
      const { order, core: c, tieBreak: t } = rankTypes(all);
      if (c[order[1]] === c[order[0]] && t[order[1]] === t[order[0]]) stillTied++;
      wins.set(order[0], (wins.get(order[0]) ?? 0) + 1);
    }
    for (const type of TYPE_IDS)
      expect(Math.abs((wins.get(type) ?? 0) / SHEETS - 1 / 9), `type ${type}`).toBeLessThan(0.015);
    expect(stillTied / SHEETS).toBeGreaterThan(0);
    console.log(
      `career simulation: wins per type ${TYPE_IDS.map((t) => (((wins.get(t) ?? 0) / SHEETS) * 100).toFixed(1)).join(' / ')} %, still tied after the tie-break ${((stillTied / SHEETS) * 100).toFixed(1)} %`,
    );
  }, 60_000);

  it('reads the primary type the way the ranking does', () => {
    const rng = createRng(7);
    for (let n = 0; n < 200; n++) {
      const sheet = core.map((q) => answer(q.id, rng() < 0.5));
      const all = [...sheet, ...tieAfterCore(sheet).tieBreak.map((q) => answer(q.id, rng() < 0.5))];
      expect(scoreCareerAnswers(all, 1000, 'en').primaryType).toBe(rankTypes(all).order[0]);
    }
  });
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
