/**
 * The profile (spec part 2): user card, and three tabs — overview, history, achievements — with the premium
 * gate and "?" figures for users without premium. Entries open their result in the current language.
 */
import { BOUNDS } from '../domain/iq/reading.ts';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { getJson, postJson } from '../lib/client/api.ts';
import { makeT, type T, type Texts, clock } from '../lib/client/texts.ts';
import { startUnlock } from '../lib/client/unlock.ts';
import { Dialog } from './Dialog.tsx';
import type { Lang } from '../i18n/paths.ts';

interface Me {
  user: { id: string; email: string; createdAt: string };
  profile: { fullName: string; displayName: string };
  subscription: {
    status: string;
    active: boolean;
    daysLeft: number | null;
    expiresAt: string | null;
    cancelledAt: string | null;
    source: 'payment' | 'promo' | null;
    nextCharge: { at: string; amount: string } | null;
    renewalFailedAt: string | null;
    stopPending: boolean;
  };
}
interface Stats {
  totalTests: number;
  professionalTests: number;
  bestIQ: number | null;
  averageIQ: number | null;
  averageAccuracy: number | null;
  improvementTrend: number | null;
  achievements: { unlocked: string[]; locked: string[] };
}
interface Entry {
  id: string;
  createdAt: string;
  iqEstimate?: number;
  iqBound?: 'below' | 'above' | null;
  ratingLabel?: string;
  cautions?: string[];
  personalityType?: string;
  primaryType?: number;
  accuracy?: number;
  timeSpent?: number;
  correctAnswers?: number;
  totalQuestions?: number;
  score?: number;
  breakdown?: Record<string, number>;
  recommendedProfessions?: string[];
  developmentAreas?: string[];
}
type Loaded =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'failed' }
  | { status: 'ready'; me: Me; stats: Stats; iq: Entry[]; pro: Entry[]; premium: boolean };

interface Props {
  lang: Lang;
  texts: Texts;
  links: { home: string; login: string; iqTest: string; proTest: string; results: string; proResults: string };
}

const TABS = ['overview', 'history', 'achievements'] as const;

/** What the subscription card says beyond "active": promo end date, next charge, stopped renewal, a failed renewal. */
function SubscriptionFacts({
  subscription: s,
  t,
  expiry,
  formatDate,
}: {
  subscription: Me['subscription'];
  t: T;
  expiry: string;
  formatDate: (iso: string) => string;
}) {
  // A failed renewal and a stop not yet confirmed matter most once premium has lapsed, so they show either way.
  const notices = (
    <>
      {s.renewalFailedAt ? (
        <p className="notice notice-error">
          {t(s.active ? 'profile.subscription.renewalFailed' : 'profile.subscription.renewalFailedEnded', {
            date: expiry,
          })}
        </p>
      ) : null}
      {s.stopPending ? <p className="notice notice-error">{t('profile.subscription.stopPending')}</p> : null}
    </>
  );
  if (!s.active) return notices;
  if (s.source === 'promo')
    return (
      <>
        {notices}
        <p>{t('profile.subscription.promoUntil', { date: expiry })}</p>
      </>
    );
  // After a failed charge WayForPay's next attempt is not ours to date: the notice says what is known.
  if (s.renewalFailedAt) return notices;
  return (
    <>
      {notices}
      {s.nextCharge ? (
        <p>
          {t('profile.subscription.nextCharge', { amount: s.nextCharge.amount, date: formatDate(s.nextCharge.at) })}
        </p>
      ) : (
        <p>{t(s.cancelledAt ? 'profile.cancelled' : 'profile.subscription.scheduleEnded', { date: expiry })}</p>
      )}
    </>
  );
}

export default function ProfileApp({ lang, texts, links }: Props) {
  const t = makeT(texts, lang);
  const [state, setState] = useState<Loaded>({ status: 'loading' });
  const [tab, setTab] = useState<(typeof TABS)[number]>('overview');
  const [reload, setReload] = useState(0);
  const [promo, setPromo] = useState('');
  const [promoMessage, setPromoMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [cancelMessage, setCancelMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  // Ukrainian long dates end in "р." ("23 грудня 2026 р."); the texts put dates mid-sentence and at its end, so the
  // date goes without it rather than doubling the full stop.
  const date = (iso: string) =>
    new Date(iso)
      .toLocaleDateString(lang === 'uk' ? 'uk-UA' : 'en-GB', { day: 'numeric', month: 'long', year: 'numeric' })
      .replace(/ р\.$/, '');

  useEffect(() => {
    (async () => {
      const me = await getJson<Me>('/api/me');
      if (!me.ok) return setState(me.status === 401 ? { status: 'signed-out' } : { status: 'failed' });
      const [stats, iq, pro] = await Promise.all([
        getJson<Stats>('/api/me/stats'),
        getJson<{ items: Entry[]; access: string }>(`/api/results?type=iq&lang=${lang}`),
        getJson<{ items: Entry[]; access: string }>(`/api/results?type=professional&lang=${lang}`),
      ]);
      if (!stats.ok || !iq.ok || !pro.ok) return setState({ status: 'failed' });
      setState({
        status: 'ready',
        me: me.data,
        stats: stats.data,
        iq: iq.data.items,
        pro: pro.data.items,
        premium: me.data.subscription.active,
      });
    })();
  }, [lang, reload]);

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
          <a className="button" href={links.login}>
            {t('nav.signin')}
          </a>
          <a className="button button-ghost" href={links.home}>
            {t('results.home')}
          </a>
        </p>
      </section>
    );
  }

  const { me, stats, iq, pro, premium } = state;
  const figure = (value: number | null, suffix = '') => (value === null ? '?' : `${value}${suffix}`);
  const signOut = async () => {
    await postJson('/api/auth/signout', {});
    location.assign(links.home);
  };
  const onTabKey = (event: KeyboardEvent) => {
    const i = TABS.indexOf(tab);
    const next =
      event.key === 'ArrowRight'
        ? (i + 1) % 3
        : event.key === 'ArrowLeft'
          ? (i + 2) % 3
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? 2
              : -1;
    if (next < 0) return;
    event.preventDefault();
    setTab(TABS[next]);
    tabRefs.current[next]?.focus();
  };
  const gate = (
    <div className="premium-gate">
      <p className="premium-badge">
        <span aria-hidden="true">🔒</span> {t('premium.feature')}
      </p>
      <p>{t('profile.gate')}</p>
      <button type="button" className="button" onClick={() => startUnlock('iq', undefined, links.login)}>
        {t('premium.unlock')}
      </button>
    </div>
  );
  const iqItem = (entry: Entry) => (
    <li key={entry.id} className="card history-item">
      <a href={`${links.results}?id=${entry.id}`} className="history-link">
        <strong className="history-score">
          IQ{' '}
          {entry.iqBound
            ? t(`iq.value.${entry.iqBound}`, { n: entry.iqBound === 'below' ? BOUNDS.low : BOUNDS.high })
            : entry.iqEstimate}
        </strong>{' '}
        · {entry.cautions?.length ? t('profile.history.caution') : t(`iq.label.${entry.ratingLabel}`)} ·{' '}
        <time dateTime={entry.createdAt}>{date(entry.createdAt)}</time>
      </a>
      {premium && entry.breakdown ? (
        <p className="muted">
          {t('profile.history.score', { score: entry.score ?? 0 })} · {t('results.accuracy')}: {entry.accuracy}% ·{' '}
          {t('results.time')}: {clock(entry.timeSpent ?? 0)} · {entry.correctAnswers}/{entry.totalQuestions}
          <br />
          {Object.entries(entry.breakdown)
            .map(([k, v]) => `${t(`iq.category.${k}`)} ${v}%`)
            .join(' · ')}
        </p>
      ) : null}
    </li>
  );
  const proItem = (entry: Entry) => (
    <li key={entry.id} className="card history-item">
      <a href={`${links.proResults}?id=${entry.id}`} className="history-link">
        <strong>{entry.personalityType}</strong> · {t('results.career.primary')} {entry.primaryType} ·{' '}
        <time dateTime={entry.createdAt}>{date(entry.createdAt)}</time>
      </a>
      {premium && entry.recommendedProfessions ? (
        <p className="muted">
          {t('results.career.questions')}: {entry.totalQuestions} · {t('results.time')}: {clock(entry.timeSpent ?? 0)}
          <br />
          {entry.recommendedProfessions.slice(0, 3).join(', ')}
        </p>
      ) : null}
    </li>
  );
  const empty = iq.length === 0 && pro.length === 0;
  const applyPromo = async () => {
    const res = await postJson<{ message: string }>('/api/promo', { promoCode: promo, lang });
    setPromoMessage(
      res.ok
        ? { ok: true, text: res.data.message }
        : { ok: false, text: res.status === 0 ? t('promo.error.network') : (res.message ?? t('promo.error.network')) },
    );
    if (res.ok) {
      setPromo('');
      setReload((n) => n + 1);
    }
  };
  const cancel = async () => {
    const res = await postJson('/api/subscription/cancel', { lang });
    setCancelOpen(false);
    setCancelMessage(
      res.ok
        ? { ok: true, text: t('subscription.cancel.success') }
        : { ok: false, text: res.message ?? t('subscription.cancel.error') },
    );
    // Renewal is recorded as stopped even when the provider has not confirmed yet: the card then says so.
    if (res.ok || res.status === 502) setReload((n) => n + 1);
  };
  const expiry = me.subscription.expiresAt ? date(me.subscription.expiresAt) : '';

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
          <p className="muted profile-email">{me.user.email}</p>
          <p className="muted">
            {t('profile.joined', { date: date(me.user.createdAt) })} ·{' '}
            {t('profile.achievementsCount', { n: stats.achievements.unlocked.length })}
          </p>
        </div>
      </section>

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

      <section role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="tab-panel" tabIndex={0}>
        {tab === 'overview' ? (
          <>
            <div className="card subscription-card">
              <h2>{t('profile.subscription')}</h2>
              <p className={me.subscription.active ? 'premium-badge' : undefined}>
                {me.subscription.active
                  ? t('profile.premium.active', { n: me.subscription.daysLeft ?? 30 })
                  : t(`profile.subscription.${me.subscription.status}`)}
              </p>
              <SubscriptionFacts subscription={me.subscription} t={t} expiry={expiry} formatDate={date} />
              {me.subscription.active && me.subscription.source === 'payment' && !me.subscription.cancelledAt ? (
                <button type="button" className="button button-ghost" onClick={() => setCancelOpen(true)}>
                  {t('profile.cancel')}
                </button>
              ) : null}
              {cancelMessage ? (
                <p className={`notice ${cancelMessage.ok ? 'notice-success' : 'notice-error'}`} role="status">
                  {cancelMessage.text}
                </p>
              ) : null}
            </div>
            <form
              className="card promo-box"
              onSubmit={(e) => {
                e.preventDefault();
                void applyPromo();
              }}
            >
              <h2>
                <label htmlFor="promo-code">{t('profile.promo.title')}</label>
              </h2>
              <div className="promo-row">
                <input
                  id="promo-code"
                  value={promo}
                  placeholder={t('profile.promo.label')}
                  onChange={(e) => setPromo(e.target.value)}
                  maxLength={64}
                  autoComplete="off"
                />
                <button type="submit" className="button" disabled={!promo.trim()}>
                  {t('profile.promo.apply')}
                </button>
              </div>
              {promoMessage ? (
                <p className={`notice ${promoMessage.ok ? 'notice-success' : 'notice-error'}`} role="status">
                  {promoMessage.text}
                </p>
              ) : null}
            </form>
            <Dialog open={cancelOpen} onClose={() => setCancelOpen(false)} labelledBy="cancel-title">
              <h2 id="cancel-title">{t('profile.cancel.title')}</h2>
              <p>{t('profile.cancel.text', { date: expiry })}</p>
              <div className="dialog-actions">
                <button type="button" className="button" onClick={() => setCancelOpen(false)}>
                  {t('profile.cancel.keep')}
                </button>
                <button type="button" className="button button-ghost" onClick={() => void cancel()}>
                  {t('profile.cancel.confirm')}
                </button>
              </div>
            </Dialog>
            <dl className="facts">
              <div>
                <dt>{t('profile.stats.total')}</dt>
                <dd>{stats.totalTests}</dd>
              </div>
              <div>
                <dt>{t('profile.stats.best')}</dt>
                <dd>{figure(stats.bestIQ)}</dd>
              </div>
              <div>
                <dt>{t('profile.stats.average')}</dt>
                <dd>
                  {figure(stats.averageIQ)}{' '}
                  <span className="muted fact-sub">
                    {t('results.accuracy')} {figure(stats.averageAccuracy, '%')}
                  </span>
                </dd>
              </div>
              <div>
                <dt>{t('profile.stats.trend')}</dt>
                <dd>
                  {stats.improvementTrend === null
                    ? '?'
                    : t('profile.points', {
                        n: stats.improvementTrend,
                        shown:
                          stats.improvementTrend > 0 ? `+${stats.improvementTrend}` : String(stats.improvementTrend),
                      })}
                </dd>
              </div>
              <div>
                <dt>{t('profile.stats.professional')}</dt>
                <dd>{stats.professionalTests}</dd>
              </div>
            </dl>
            {!premium ? gate : null}
            <h2>{t('profile.recentAchievements')}</h2>
            {stats.achievements.unlocked.length ? (
              <ul className="chips">
                {stats.achievements.unlocked.slice(-3).map((a) => (
                  <li key={a}>🏅 {t(`achievement.${a}.title`)}</li>
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
                <ul className="history">{iq.slice(0, 3).map(iqItem)}</ul>
                <ul className="history">{pro.slice(0, 2).map(proItem)}</ul>
              </>
            )}
          </>
        ) : null}
        {tab === 'history' ? (
          <>
            <h2>{t('profile.history.iq')}</h2>
            {iq.length ? (
              <ul className="history">{iq.map(iqItem)}</ul>
            ) : (
              <p className="muted">
                {t('profile.history.none')} <a href={links.iqTest}>{t('nav.cta.iq')}</a>
              </p>
            )}
            <h2>{t('profile.history.professional')}</h2>
            {pro.length ? (
              <ul className="history">{pro.map(proItem)}</ul>
            ) : (
              <p className="muted">
                {t('profile.history.none')} <a href={links.proTest}>{t('nav.cta.prof')}</a>
              </p>
            )}
            {!premium && !empty ? gate : null}
          </>
        ) : null}
        {tab === 'achievements' ? (
          <>
            <h2>{t('profile.achievements.unlocked')}</h2>
            <ul className="achievements">
              {stats.achievements.unlocked.map((a) => (
                <li key={a} className="card achievement">
                  <strong>🏅 {t(`achievement.${a}.title`)}</strong>
                  <span className="muted">{t(`achievement.${a}.text`)}</span>
                </li>
              ))}
            </ul>
            {stats.achievements.unlocked.length === 0 ? (
              <p className="muted">{t('profile.achievements.none')}</p>
            ) : null}
            <h2>{t('profile.achievements.locked')}</h2>
            <ul className="achievements">
              {stats.achievements.locked.map((a) => (
                <li key={a} className="card achievement achievement-locked">
                  <strong>
                    <span aria-hidden="true">🔒</span> {t(`achievement.${a}.title`)}
                  </strong>
                  <span className="muted">{t(`achievement.${a}.text`)}</span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
    </div>
  );
}
