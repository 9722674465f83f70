/** The profile's achievements tab: those unlocked, then those still locked, each with what earns it. */
import type { T } from '../lib/client/texts.ts';
import type { Stats } from './profile-data.ts';
import { Icon } from '../components/Icon.tsx';

export function ProfileAchievements({ t, achievements }: { t: T; achievements: Stats['achievements'] }) {
  return (
    <>
      <h2>{t('profile.achievements.unlocked')}</h2>
      <ul className="achievements">
        {achievements.unlocked.map((a) => (
          <li key={a} className="card achievement">
            <strong>
              <Icon name="medal" /> {t(`achievement.${a}.title`)}
            </strong>
            <span className="muted">{t(`achievement.${a}.text`)}</span>
          </li>
        ))}
      </ul>
      {achievements.unlocked.length === 0 ? <p className="muted">{t('profile.achievements.none')}</p> : null}
      <h2>{t('profile.achievements.locked')}</h2>
      <ul className="achievements">
        {achievements.locked.map((a) => (
          <li key={a} className="card achievement achievement-locked">
            <strong>
              <Icon name="lock" /> {t(`achievement.${a}.title`)}
            </strong>
            <span className="muted">{t(`achievement.${a}.text`)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
