/**
 * The shape of a career type profile, shared by the server's views and the result page: the section keys in reading
 * order, the roadmap lists the page shows, the profession groups. No content is imported here, so the browser can
 * use it without the profiles.
 */

/** The section keys of a profile, in reading order (spec part 1 "Career results page"). */
export const PROFILE_SECTIONS = [
  'generalDescription',
  'externalManifestations',
  'attitudeToLife',
  'inWork',
  'inRelationships',
  'influenceOnOthers',
  'internalCritic',
  'childhoodExperience',
  'inComfort',
  'inStress',
  'reminder',
] as const;
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];

export const PROFESSION_GROUPS = [
  'business',
  'it',
  'creative',
  'psychology',
  'education',
  'service',
  'finance',
] as const;

/** The roadmap lists the page shows; weaknesses and recommendations are shown once, under "Areas to develop". */
export const ROADMAP_LISTS = ['motivations', 'values', 'fears', 'strengths'] as const;

export interface CareerRoadmap {
  motivations: string[];
  values: string[];
  fears: string[];
  strengths: string[];
  weaknesses: string[];
  careerRecommendations: string[];
  recommendedProfessions: Record<(typeof PROFESSION_GROUPS)[number], string[]>;
}
