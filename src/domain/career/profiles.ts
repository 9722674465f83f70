/** The nine type profiles, one JSON file per type and language in src/content/career/profiles (editors change those). */
import { PROFESSION_GROUPS, PROFILE_SECTIONS, type CareerRoadmap } from './sections.ts';
import uk1 from '../../content/career/profiles/uk/1.json' with { type: 'json' };
import uk2 from '../../content/career/profiles/uk/2.json' with { type: 'json' };
import uk3 from '../../content/career/profiles/uk/3.json' with { type: 'json' };
import uk4 from '../../content/career/profiles/uk/4.json' with { type: 'json' };
import uk5 from '../../content/career/profiles/uk/5.json' with { type: 'json' };
import uk6 from '../../content/career/profiles/uk/6.json' with { type: 'json' };
import uk7 from '../../content/career/profiles/uk/7.json' with { type: 'json' };
import uk8 from '../../content/career/profiles/uk/8.json' with { type: 'json' };
import uk9 from '../../content/career/profiles/uk/9.json' with { type: 'json' };
import en1 from '../../content/career/profiles/en/1.json' with { type: 'json' };
import en2 from '../../content/career/profiles/en/2.json' with { type: 'json' };
import en3 from '../../content/career/profiles/en/3.json' with { type: 'json' };
import en4 from '../../content/career/profiles/en/4.json' with { type: 'json' };
import en5 from '../../content/career/profiles/en/5.json' with { type: 'json' };
import en6 from '../../content/career/profiles/en/6.json' with { type: 'json' };
import en7 from '../../content/career/profiles/en/7.json' with { type: 'json' };
import en8 from '../../content/career/profiles/en/8.json' with { type: 'json' };
import en9 from '../../content/career/profiles/en/9.json' with { type: 'json' };
import type { Lang } from '../../i18n/paths.ts';

export type TypeId = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
export const TYPE_IDS: TypeId[] = [1, 2, 3, 4, 5, 6, 7, 8, 9];
export { PROFESSION_GROUPS, PROFILE_SECTIONS, type CareerRoadmap };

export interface TypeProfile {
  type: number;
  lang: string;
  title: string;
  tagline: string;
  color: string;
  generalDescription: string;
  externalManifestations: string;
  attitudeToLife: string;
  inWork: string;
  inRelationships: string;
  influenceOnOthers: string;
  internalCritic: string;
  childhoodExperience: string;
  inComfort: string;
  inStress: string;
  reminder: string;
  /** Best fit first; the first three are the main recommendations. */
  professions: string[];
  careerRoadmap: CareerRoadmap;
}

export const PROFILES: Record<Lang, Record<TypeId, TypeProfile>> = {
  uk: { 1: uk1, 2: uk2, 3: uk3, 4: uk4, 5: uk5, 6: uk6, 7: uk7, 8: uk8, 9: uk9 },
  en: { 1: en1, 2: en2, 3: en3, 4: en4, 5: en5, 6: en6, 7: en7, 8: en8, 9: en9 },
};

/** The profile of a type; an unknown type falls back to type 1 (spec part 1). */
export function profileOf(type: number, lang: Lang): TypeProfile {
  return PROFILES[lang][(TYPE_IDS as number[]).includes(type) ? (type as TypeId) : 1];
}
