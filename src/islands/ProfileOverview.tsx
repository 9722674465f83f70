/** The profile's first tab: subscription, promo code, statistics, recent achievements and recent results. */
import type { T } from '../lib/client/texts.ts';
import type { ProfileData, ProfileParts, Stats } from './profile-data.ts';
import { CareerItem, Entries, IqItem, ProfileGate } from './ProfileEntries.tsx';
import { iqValueText } from '../lib/iq-reading.ts';
import { ActionMessage, CancelDialog, SubscriptionCard } from './SubscriptionCard.tsx';
import type { SubscriptionActions } from './subscription-actions.ts';
import { Icon } from '../components/Icon.tsx';
import type { NumberStyle } from '../i18n/numbers.ts';

type Props = ProfileParts & { data: ProfileData; actions: SubscriptionActions };

export function ProfileOverview({ data, actions, ...parts }: Props) {
  const { t, links } = parts;
  const { me, stats, iq, pro, premium, empty } = data;
  const card = { subscription: me.subscription, t, date: parts.date, actions };
  return (
    <>
      <SubscriptionCard {...card} />
      <PromoForm t={t} actions={actions} />
      <CancelDialog {...card} />
      <StatsFacts {...parts} stats={stats} />
      {!premium ? <ProfileGate {...parts} /> : null}
      <h2>{t('profile.recentAchievements')}</h2>
      {stats.achievements.unlocked.length ? (
        <ul className="chips">
          {stats.achievements.unlocked.slice(-3).map((a) => (
            <li key={a}>
              <Icon name="medal" /> {t(`achievement.${a}.title`)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('profile.achievements.none')}</p>
      )}
      <h2>{t('profile.recent')}</h2>
      {empty ? (
        <div className="empty-state">
          <p>{t('profile.empty')}</p>
          <a className="button" href={links.iqTest}>
            {t('profile.firstTest')}
          </a>
        </div>
      ) : (
        <>
          <Entries {...parts} entries={iq.slice(0, 3)} premium={premium} Item={IqItem} />
          <Entries {...parts} entries={pro.slice(0, 2)} premium={premium} Item={CareerItem} />
        </>
      )}
    </>
  );
}

function PromoForm({ t, actions }: { t: T; actions: SubscriptionActions }) {
  return (
    <form
      className="card promo-box"
      onSubmit={(e) => {
        e.preventDefault();
        void actions.applyPromo();
      }}
    >
      <h2>
        <label htmlFor="promo-code">{t('profile.promo.title')}</label>
      </h2>
      <div className="promo-row">
        <input
          id="promo-code"
          value={actions.promo}
          placeholder={t('profile.promo.label')}
          onChange={(e) => actions.setPromo(e.target.value)}
          maxLength={64}
          autoComplete="off"
        />
        <button type="submit" className="button" disabled={!actions.promo.trim()}>
          {t('profile.promo.apply')}
        </button>
      </div>
      <ActionMessage message={actions.promoMessage} />
    </form>
  );
}

/** The statistics: "?" for a figure premium unlocks, "—" for one the history cannot give yet. */
function StatsFacts({ t, figure, stats }: ProfileParts & { stats: Stats }) {
  // The spec's "?", said to a screen reader too, and explained under the figures.
  const locked = (
    <>
      <span aria-hidden="true">?</span>
      <span className="visually-hidden">{t('profile.stats.locked')}</span>
    </>
  );
  const shown = (value: number | null, style?: NumberStyle) =>
    stats.statsLocked ? locked : value === null ? '—' : figure(value, style);
  const trend = stats.improvementTrend;
  return (
    <>
      <dl className="facts">
        <div>
          <dt>{t('profile.stats.total')}</dt>
          <dd>{figure(stats.totalTests)}</dd>
        </div>
        <div>
          <dt>{t('profile.stats.best')}</dt>
          <dd>
            {stats.bestIQ === null ? '—' : iqValueText(t, stats.bestIQ)}
            {stats.bestIQ?.iqInterval && !stats.bestIQ.iqBound ? (
              <>
                {' '}
                <span className="muted fact-sub" data-testid="best-interval">
                  {t('profile.stats.bestInterval', {
                    low: stats.bestIQ.iqInterval[0],
                    high: stats.bestIQ.iqInterval[1],
                  })}
                </span>
              </>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t('profile.stats.average')}</dt>
          <dd>
            {shown(stats.averageIQ)}{' '}
            <span className="muted fact-sub">
              {t('results.accuracy')} {shown(stats.averageAccuracy, 'percent')}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('profile.stats.trend')}</dt>
          <dd data-testid="trend">
            {/* A change is news only beyond the two readings' error (achievements.ts reliableChange). */}
            {stats.statsLocked || trend === null ? (
              shown(null)
            ) : trend.reliable ? (
              <>
                {t('profile.points', { n: trend.change, shown: figure(trend.change, 'signed') })}{' '}
                <span className="muted fact-sub">{t('profile.trend.reliable')}</span>
              </>
            ) : (
              <>
                {t('profile.trend.none')}{' '}
                <span className="muted fact-sub">
                  {t('profile.trend.within', { n: trend.change, shown: figure(trend.change, 'signed') })}
                </span>
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('profile.stats.professional')}</dt>
          <dd>{figure(stats.professionalTests)}</dd>
        </div>
      </dl>
      {stats.statsLocked ? <p className="muted facts-note">{t('profile.stats.lockedNote')}</p> : null}
      {/* The highest of several readings has most likely erred upwards: said wherever a best is one of several. */}
      {stats.bestIQ !== null && stats.totalTests - stats.cautionedTests > 1 ? (
        <p className="muted facts-note" data-testid="best-note">
          {t('profile.stats.bestNote')}
        </p>
      ) : null}
      {stats.cautionedTests > 0 ? (
        <p className="muted facts-note">{t('profile.stats.cautioned', { n: stats.cautionedTests })}</p>
      ) : null}
    </>
  );
}
