/**
 * The profile (spec part 2): user card, and three tabs — overview, history, achievements — with the premium
 * gate and "?" figures for users without premium. Entries open their result in the current language.
 */
import { Fragment, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import { makeT, type Texts } from '../lib/client/texts.ts';
import type { ProfileLinks } from './profile-data.ts';
import { $profile, loadMoreHistory, loadProfile } from '../stores/profile.ts';
import { signOut as endSession } from '../stores/account.ts';
import { useSubscriptionActions } from './subscription-actions.ts';
import { ProfileOverview } from './ProfileOverview.tsx';
import { ConfirmBanner } from './ConfirmBanner.tsx';
import { ProfileSettings } from './ProfileSettings.tsx';
import { ProfileHistory } from './ProfileHistory.tsx';
import { ProfileAchievements } from './ProfileAchievements.tsx';
import type { Lang } from '../i18n/paths.ts';
import { formatNumber, type NumberStyle } from '../i18n/numbers.ts';
import { longDate } from '../i18n/dates.ts';

interface Props {
  lang: Lang;
  texts: Texts;
  links: ProfileLinks;
}

/** An address with a chance to break after its "@" and before each dot, so a phone wraps it there, not mid-word. */
const breakableEmail = (email: string) =>
  email.split(/(?<=@)|(?=\.)/).map((part, i) => (
    <Fragment key={i}>
      {i ? <wbr /> : null}
      {part}
    </Fragment>
  ));

const TABS = ['overview', 'history', 'achievements', 'settings'] as const;

export default function ProfileApp({ lang, texts, links }: Props) {
  const t = makeT(texts, lang);
  const state = useStore($profile);
  // A link to "Delete account" (where a fresh Google sign-in comes back) opens the settings.
  const [tab, setTab] = useState<(typeof TABS)[number]>(() =>
    typeof location !== 'undefined' && ['#settings', '#delete-account'].includes(location.hash)
      ? 'settings'
      : 'overview',
  );
  const [deleted, setDeleted] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const actions = useSubscriptionActions(lang, t, () => setReload((n) => n + 1));
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  // Ukrainian long dates end in "р." ("23 грудня 2026 р."); the texts put dates mid-sentence and at its end, so the
  // date goes without it rather than doubling the full stop.
  const date = (iso: string) => longDate(lang, iso).replace(/ р\.$/, '');
  const figure = (value: number, style?: NumberStyle) => formatNumber(lang, value, style);

  /** The next page of one history, appended; false when it could not be loaded. */
  const more = (kind: 'iq' | 'professional') => loadMoreHistory(kind, lang);

  useEffect(() => {
    void loadProfile(lang);
  }, [lang, reload]);

  if (deleted !== null)
    return (
      <section className="page-narrow" aria-labelledby="profile-deleted">
        <h1
          id="profile-deleted"
          tabIndex={-1}
          ref={(el) => {
            // What replaces the profile is read from its top, where the focus goes (at once, not smoothly).
            if (!el) return;
            el.focus({ preventScroll: true });
            window.scrollTo({ top: 0, behavior: 'instant' });
          }}
        >
          {t('profile.settings.delete.done.title')}
        </h1>
        <p role="status">{t('profile.settings.delete.done.text', { email: deleted })}</p>
        <p className="result-actions">
          <a className="button" href={links.home}>
            {t('results.home')}
          </a>
        </p>
      </section>
    );
  if (state.status === 'loading')
    return (
      <p className="loading" role="status">
        <span className="spinner" aria-hidden="true" /> {t('common.loading')}
      </p>
    );
  if (state.status === 'signed-out' || state.status === 'failed') {
    return (
      <section className="page-narrow" aria-labelledby="profile-out">
        <h1 id="profile-out">{state.status === 'failed' ? t('profile.failed') : t('profile.signin.title')}</h1>
        <p>{state.status === 'failed' ? t('results.failed') : t('profile.signin.text')}</p>
        <p className="result-actions">
          {state.status === 'failed' ? (
            <button type="button" className="button" onClick={() => setReload((n) => n + 1)}>
              {t('call.retry')}
            </button>
          ) : (
            <a className="button" href={links.login}>
              {t('nav.signin')}
            </a>
          )}
          <a className="button button-ghost" href={links.home}>
            {t('results.home')}
          </a>
        </p>
      </section>
    );
  }

  const { status: _status, ...data } = state;
  const { me, stats } = data;
  const parts = { t, lang, date, figure, links };
  const signOut = async () => {
    await endSession();
    location.assign(links.home);
  };
  const onTabKey = (event: KeyboardEvent) => {
    const i = TABS.indexOf(tab);
    const n = TABS.length;
    const next =
      event.key === 'ArrowRight'
        ? (i + 1) % n
        : event.key === 'ArrowLeft'
          ? (i + n - 1) % n
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? n - 1
              : -1;
    if (next < 0) return;
    event.preventDefault();
    setTab(TABS[next]);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="profile">
      <div className="profile-bar">
        <a className="button button-ghost" href={links.home}>
          <span aria-hidden="true">←</span> {t('results.home')}
        </a>
        <button type="button" className="button button-ghost" onClick={() => void signOut()}>
          {t('profile.signout')}
        </button>
      </div>
      <section className="card user-card" aria-labelledby="user-name">
        <span className="avatar avatar-large" aria-hidden="true">
          {me.profile.displayName.slice(0, 1).toUpperCase()}
        </span>
        <div>
          <h1 id="user-name">{me.profile.displayName}</h1>
          <p className="muted profile-email">{breakableEmail(me.user.email)}</p>
          <p className="muted">
            {t('profile.joined', { date: date(me.user.createdAt) })} ·{' '}
            {t('profile.achievementsCount', { n: stats.achievements.unlocked.length })}
          </p>
        </div>
      </section>

      {me.user.emailVerified ? null : <ConfirmBanner t={t} lang={lang} email={me.user.email} />}

      <div role="tablist" aria-label={t('profile.tabs')} className="tabs" onKeyDown={onTabKey}>
        {TABS.map((key, i) => (
          <button
            key={key}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            role="tab"
            type="button"
            id={`tab-${key}`}
            aria-controls={`panel-${key}`}
            aria-selected={tab === key}
            tabIndex={tab === key ? 0 : -1}
            className="tab"
            onClick={() => setTab(key)}
          >
            {t(`profile.tab.${key}`)}
          </button>
        ))}
      </div>

      {/* Every tab's panel exists for its aria-controls; only the selected one is shown, and drawn. */}
      {TABS.map((key) => (
        <section
          key={key}
          role="tabpanel"
          id={`panel-${key}`}
          aria-labelledby={`tab-${key}`}
          className="tab-panel"
          tabIndex={0}
          hidden={tab !== key}
        >
          {tab !== key ? null : key === 'overview' ? (
            <ProfileOverview {...parts} data={data} actions={actions} />
          ) : key === 'history' ? (
            <ProfileHistory {...parts} data={data} more={more} />
          ) : key === 'settings' ? (
            <ProfileSettings
              t={t}
              lang={lang}
              fullName={me.profile.fullName}
              email={me.user.email}
              hasPassword={me.user.hasPassword}
              premium={me.subscription.active || me.subscription.renewalStoppable}
              links={{ google: links.google, refund: links.refund, settings: links.deleteAccount }}
              onChanged={() => setReload((n) => n + 1)}
              onDeleted={() => setDeleted(me.user.email)}
            />
          ) : (
            <ProfileAchievements t={t} achievements={stats.achievements} />
          )}
        </section>
      ))}
    </div>
  );
}
