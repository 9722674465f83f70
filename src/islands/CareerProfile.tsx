/** The unlocked part of a career result: professions, the type's profile, the roadmap and what to develop. */
import type { T } from '../lib/client/texts.ts';
import type { CareerResultView as Data } from './results-data.ts';
import { PROFESSION_GROUPS, PROFILE_SECTIONS, ROADMAP_LISTS } from '../domain/career/sections.ts';

const paragraphs = (text: string) => text.split(/\n\n+/).map((p, i) => <p key={i}>{p}</p>);

export function CareerProfile({ result, t, premiumDays }: { result: Data; t: T; premiumDays: number | null }) {
  return (
    <>
      <section className="result-block" aria-labelledby="professions-title">
        <p className="premium-badge">
          {t('premium.badge')}
          {premiumDays ? ` · ${t('premium.active', { n: premiumDays })}` : ''}
        </p>
        <h2 id="professions-title">{t('results.career.professions')}</h2>
        <ul className="chips">
          {result.recommendedProfessions!.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      </section>
      {PROFILE_SECTIONS.map((section) => (
        <section key={section} className="result-block" aria-labelledby={`s-${section}`}>
          <h2 id={`s-${section}`}>{t(`career.section.${section}`)}</h2>
          {paragraphs(result.profile![section])}
        </section>
      ))}
      <section className="result-block" aria-labelledby="roadmap-title">
        <h2 id="roadmap-title">{t('career.section.careerRoadmap')}</h2>
        <div className="roadmap">
          {ROADMAP_LISTS.map((key) => (
            <div key={key}>
              <h3>{t(`career.roadmap.${key}`)}</h3>
              <ul>
                {result.profile!.careerRoadmap[key].map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <h3>{t('career.roadmap.recommendedProfessions')}</h3>
        <dl className="profession-groups">
          {PROFESSION_GROUPS.map((group) => (
            <div key={group}>
              <dt>{t(`career.group.${group}`)}</dt>
              <dd>{result.profile!.careerRoadmap.recommendedProfessions[group].join(', ')}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="result-block" aria-labelledby="dev-title">
        <h2 id="dev-title">{t('results.career.development')}</h2>
        <ul>
          {result.developmentAreas!.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>
    </>
  );
}
