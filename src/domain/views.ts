/**
 * What a caller sees of a result: the teaser for visitors and non-subscribers, the full result for callers with
 * access (DESIGN.md §3.2). The browser never receives what it has not unlocked.
 */
import type { IqItem } from './iq/bank.ts';
import type { IqResult } from './iq/scoring.ts';
import type { CareerResult } from './career/scoring.ts';
import { PROFILE_SECTIONS, profileOf } from './career/profiles.ts';

export type Access = 'teaser' | 'full';
type Lang = 'uk' | 'en';

export function iqView(result: IqResult, bank: IqItem[], access: Access, lang: Lang) {
  const teaser = {
    kind: 'iq' as const,
    access,
    language: lang,
    iqEstimate: result.iqEstimate,
    iqRange: result.iqRange,
    percentile: result.percentile,
    ratingLabel: result.ratingLabel,
    percentileText: result.percentileText,
    score: result.score,
    maxScore: result.maxScore,
    totalQuestions: result.totalQuestions,
    correctAnswers: result.correctAnswers,
    accuracy: result.accuracy,
    timeSpent: result.timeSpent,
  };
  if (access === 'teaser') return teaser;
  const items = new Map(bank.map((item) => [item.id, item]));
  return {
    ...teaser,
    level: result.level,
    breakdown: result.breakdown,
    speed: result.speed,
    correctness: result.correctness,
    averageTimePerQuestion: result.averageTimePerQuestion,
    review: result.review.map((r) => {
      const item = items.get(r.questionId)!;
      return {
        ...r,
        type: item.type,
        difficulty: item.difficulty,
        question: item.question[lang],
        options: item.options[lang],
        ...(item.image ? { image: { src: item.image.src, alt: item.image.alt[lang], optionAlts: item.image.optionAlts[lang] } } : {}),
        explanation: item.explanation[lang],
      };
    }),
  };
}

export function careerView(result: CareerResult, access: Access, lang: Lang) {
  const profile = profileOf(result.primaryType, lang);
  const teaser = {
    kind: 'professional' as const,
    access,
    language: lang,
    primaryType: result.primaryType,
    personalityType: result.personalityType,
    tagline: profile.tagline,
    color: profile.color,
    totalQuestions: result.totalQuestions,
    timeSpent: result.timeSpent,
    enneagramScores: result.enneagramScores,
    tiedTypes: result.tiedTypes,
    additionalQuestionsNeeded: result.additionalQuestionsNeeded,
  };
  if (access === 'teaser') return teaser;
  return {
    ...teaser,
    secondaryType: result.secondaryType,
    recommendedProfessions: result.recommendedProfessions,
    strengthsDescription: result.strengthsDescription,
    developmentAreas: result.developmentAreas,
    profile: {
      ...Object.fromEntries(PROFILE_SECTIONS.map((section) => [section, profile[section]])),
      professions: profile.professions,
      careerRoadmap: profile.careerRoadmap,
    },
  };
}
