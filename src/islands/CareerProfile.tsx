/**
 * The unlocked part of a career result: professions, the type's profile, the roadmap and what to develop — for the
 * type, or, when the sheet stays between two types, for each of them equally, one after the other (issue 31).
 */
import type { ReactNode } from 'react';
import type { T } from '../lib/client/texts.ts';
import type { CareerResultView as Data } from './results-data.ts';
import { PROFESSION_GROUPS, PROFILE_SECTIONS, ROADMAP_LISTS } from '../domain/career/sections.ts';

type Profile = NonNullable<Data['profiles']>[number];

const paragraphs = (text: string) => text.split(/\n\n+/).map((p, i) => <p key={i}>{p}</p>);

/** One type's profile; in a tie its headings sit a level lower, under the type's, and ids carry the type. */
function OneProfile({ profile, t, tied, badge }: { profile: Profile; t: T; tied: boolean; badge?: ReactNode }) {
  const H = tied ? 'h3' : 'h2';
  const Sub = tied ? 'h4' : 'h3';
  const id = (name: string) => `${name}-${profile.type}`;
  return (
    <>
      <section className="result-block" aria-labelledby={id('professions')}>
        {badge}
        <H id={id('professions')}>{t('results.career.professions')}</H>
        <p className="muted">{t('results.career.professionsNote')}</p>
        <ul className="chips">
          {profile.recommendedProfessions.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      </section>
      {PROFILE_SECTIONS.map((section) => (
        <section key={section} className="result-block" aria-labelledby={id(`s-${section}`)}>
          <H id={id(`s-${section}`)}>{t(`career.section.${section}`)}</H>
          {paragraphs(profile.sections[section])}
        </section>
      ))}
      <section className="result-block" aria-labelledby={id('roadmap')}>
        <H id={id('roadmap')}>{t('career.section.careerRoadmap')}</H>
        <div className="roadmap">
          {ROADMAP_LISTS.map((key) => (
            <div key={key}>
              <Sub>{t(`career.roadmap.${key}`)}</Sub>
              <ul>
                {profile.careerRoadmap[key].map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <Sub>{t('career.roadmap.recommendedProfessions')}</Sub>
        <dl className="profession-groups">
          {PROFESSION_GROUPS.map((group) => (
            <div key={group}>
              <dt>{t(`career.group.${group}`)}</dt>
              <dd>{profile.careerRoadmap.recommendedProfessions[group].join(', ')}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="result-block" aria-labelledby={id('development')}>
        <H id={id('development')}>{t('results.career.development')}</H>
        <ul>
          {profile.developmentAreas.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>
    </>
  );
}

export function CareerProfile({ result, t, premiumDays }: { result: Data; t: T; premiumDays: number | null }) {
  const profiles = result.profiles!;
  const tied = profiles.length > 1;
  const badge = (
    <p className="premium-badge">
      {t('premium.badge')}
      {premiumDays ? ` · ${t('premium.active', { n: premiumDays })}` : ''}
    </p>
  );
  if (!tied) return <OneProfile profile={profiles[0]} t={t} tied={false} badge={badge} />;
  return (
    <>
      <div className="result-block">
        {badge}
        <p>{t('results.career.bothProfiles')}</p>
        <nav aria-label={t('results.career.bothProfilesNav')}>
          <ul className="chips">
            {profiles.map((p) => (
              <li key={p.type}>
                <a href={`#type-${p.type}`}>{p.title}</a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {profiles.map((p) => (
        <section
          key={p.type}
          id={`type-${p.type}`}
          className="tied-profile"
          aria-labelledby={`type-title-${p.type}`}
          style={{ ['--type-color' as string]: p.color }}
        >
          <header className="result-block">
            <h2 id={`type-title-${p.type}`}>{p.title}</h2>
            <p className="lead">{p.tagline}</p>
          </header>
          <OneProfile profile={p} t={t} tied />
        </section>
      ))}
    </>
  );
}
