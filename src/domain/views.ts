/**
 * What a caller sees of a result: the teaser for visitors and non-subscribers, the full result for callers with
 * access (DESIGN.md §3.2). The browser never receives what it has not unlocked.
 */
import { iqBank, itemShown } from './iq/bank.ts';
import { anchorIds } from './iq/linking.ts';
import { breakdownOf, type IqResult } from './iq/scoring.ts';
import type { CareerResult } from './career/scoring.ts';
import { profileOf } from './career/profiles.ts';
import { PROFILE_SECTIONS, type ProfileSection } from './career/sections.ts';
import type { Lang } from '../i18n/paths.ts';
import type { Access } from './access.ts';

/**
 * The reading, cautions and counts are for everyone; the breakdown and the review of the form's key are unlocked.
 * The review withholds the anchors — the items every served form shares (iq/linking.ts) — showing the question only:
 * neither the option chosen, the key, right or wrong, nor the explanation, or one form's review would give away part
 * of every other's; and the breakdown is over the other items, since each category holds one anchor and its share
 * right, beside the review's right and wrong, would tell the anchor's.
 */
export function iqView(result: IqResult, access: Access, lang: Lang) {
  const teaser = {
    kind: 'iq' as const,
    access,
    language: lang,
    formId: result.formId,
    iqEstimate: result.iqEstimate,
    iqBound: result.iqBound,
    iqBoundAt: result.iqBoundAt,
    iqMeasured: result.iqMeasured,
    iqInterval: result.iqInterval,
    ratingLabel: result.ratingLabel,
    reliability: result.reliability,
    /** How the reading was made: on provisional or calibrated item parameters, or (null) by number right, before. */
    scale: result.scale === null ? null : result.scale.provisional ? ('provisional' as const) : ('calibrated' as const),
    cautions: result.cautions,
    /** Within what blind picking gives: a kind notice beside the reading, never a caution (cautions.ts). */
    nearChance: result.nearChance,
    followsDifficulty: result.followsDifficulty,
    score: result.score,
    maxScore: result.maxScore,
    totalQuestions: result.totalQuestions,
    correctAnswers: result.correctAnswers,
    accuracy: result.accuracy,
    timeSpent: result.timeSpent,
  };
  if (access === 'teaser') return teaser;
  const bank = iqBank(result.formId);
  const items = new Map(bank.map((item) => [item.id, item]));
  const anchors = anchorIds(result.formId);
  const shown = (_: unknown, i: number) => !anchors.has(bank[i].id);
  return {
    ...teaser,
    breakdown: anchors.size ? breakdownOf(bank.filter(shown), result.review.filter(shown)) : result.breakdown,
    /** How many items the breakdown leaves out (the anchors), which the page says: its shares then differ from accuracy. */
    breakdownOmits: anchors.size,
    /** The breakdown as the page shows it: per category items, right, interval, and a difference only beyond error. */
    subscores: result.subscores,
    speed: result.speed,
    correctness: result.correctness,
    averageTimePerQuestion: result.averageTimePerQuestion,
    review: result.review.map((r) => {
      const item = items.get(r.questionId)!;
      const { text, ...shown } = itemShown(item, lang);
      if (anchors.has(r.questionId))
        return { questionId: r.questionId, ...shown, question: text, withheld: true as const };
      return { ...r, ...shown, question: text, explanation: item.explanation[lang], withheld: false as const };
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
    corePerType: result.corePerType,
    scoreBands: result.scoreBands,
    /** The closest type's lead over the next, and whether a retake could as well name the next (lead.ts). */
    lead: { ...result.lead, nextTitle: profileOf(result.lead.nextType, lang).title },
    tieBreakScores: result.tieBreakScores,
    tiedTypes: result.tiedTypes,
    noClearType: result.noClearType,
    cautions: result.cautions,
    /** The headline of every type still tied, so the page can say "between X and Y" and show each. */
    tiedProfiles: result.tiedTypes.map((type) => {
      const p = profileOf(type, lang);
      return { type, title: p.title, tagline: p.tagline, color: p.color };
    }),
    additionalQuestionsNeeded: result.additionalQuestionsNeeded,
  };
  // Three or more types level: no one type's profile stands for the sheet, at any access.
  if (access === 'teaser' || result.noClearType) return teaser;
  return {
    ...teaser,
    secondaryType: result.secondaryType,
    recommendedProfessions: result.recommendedProfessions,
    strengthsDescription: result.strengthsDescription,
    developmentAreas: result.developmentAreas,
    /**
     * The full profile of the type, or of each of two tied types, in the sheet's order: a tie is shown equally,
     * each type with its professions, roadmap and areas to develop (issue 31).
     */
    profiles:
      result.tiedTypes.length === 2
        ? result.tiedTypes.map((type) => fullProfile(type, lang, profileOf(type, lang).professions.slice(0, 4)))
        : [fullProfile(result.primaryType, lang, result.recommendedProfessions, result.developmentAreas)],
  };
}

/** A type's profile as the unlocked page shows it: its sections, roadmap, professions and areas to develop. */
function fullProfile(type: number, lang: Lang, professions: string[], developmentAreas?: string[]) {
  const profile = profileOf(type, lang);
  return {
    type: profile.type,
    title: profile.title,
    tagline: profile.tagline,
    color: profile.color,
    recommendedProfessions: professions,
    developmentAreas: developmentAreas ?? [
      ...profile.careerRoadmap.weaknesses,
      ...profile.careerRoadmap.careerRecommendations,
    ],
    sections: Object.fromEntries(PROFILE_SECTIONS.map((section) => [section, profile[section]])) as Record<
      ProfileSection,
      string
    >,
    careerRoadmap: profile.careerRoadmap,
  };
}

/**
 * What a page receives, derived from the views above rather than re-typed: the teaser's fields, and the full
 * view's others as optional (present with premium). `K` is a field only the full view has.
 */
type AtEitherAccess<V, K extends PropertyKey> = Exclude<V, Record<K, unknown>> &
  Partial<Omit<Extract<V, Record<K, unknown>>, keyof Exclude<V, Record<K, unknown>>>>;
export type IqResultView = AtEitherAccess<ReturnType<typeof iqView>, 'review'>;
export type CareerResultView = AtEitherAccess<ReturnType<typeof careerView>, 'profiles'>;
export type ResultView = IqResultView | CareerResultView;
export type TestKind = ResultView['kind'];
