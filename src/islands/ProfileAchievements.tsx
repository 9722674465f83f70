/**
 * The profile's achievements tab: those unlocked, then those still locked, each with what earns it, then any no test
 * served today can earn (a level of IQ above the highest figure a sheet can show), said as such.
 */
import type { T } from '../lib/client/texts.ts';
import type { Stats } from './profile-data.ts';
import { Icon } from '../components/Icon.tsx';

type Achievement = Stats['achievements']['unlocked'][number];

function Cards({ t, list, unlocked }: { t: T; list: Achievement[]; unlocked: boolean }) {
  return (
    <ul className="achievements">
      {list.map((a) => (
        <li key={a} className={unlocked ? 'card achievement' : 'card achievement achievement-locked'}>
          <strong>
            <Icon name={unlocked ? 'medal' : 'lock'} /> {t(`achievement.${a}.title`)}
          </strong>
          <span className="muted">{t(`achievement.${a}.text`)}</span>
        </li>
      ))}
    </ul>
  );
}

export function ProfileAchievements({ t, achievements }: { t: T; achievements: Stats['achievements'] }) {
  return (
    <>
      <h2>{t('profile.achievements.unlocked')}</h2>
      <Cards t={t} list={achievements.unlocked} unlocked />
      {achievements.unlocked.length === 0 ? <p className="muted">{t('profile.achievements.none')}</p> : null}
      <h2>{t('profile.achievements.locked')}</h2>
      <Cards t={t} list={achievements.locked} unlocked={false} />
      {achievements.outOfReach.length ? (
        <>
          <h2>{t('profile.achievements.outOfReach')}</h2>
          <p className="muted">{t('profile.achievements.outOfReach.text', { n: achievements.highestReading ?? '' })}</p>
          <Cards t={t} list={achievements.outOfReach} unlocked={false} />
        </>
      ) : null}
    </>
  );
}
