/** Pieces both results pages share: actions, the premium gate card, statistics and samples (certificate: CertificateSection.tsx). */
import { useEffect, useState } from 'react';
import { track } from '../lib/analytics.ts';
import type { T } from '../lib/client/texts.ts';
import { startUnlock } from '../lib/client/unlock.ts';
import { ShareModal } from './ShareModal.tsx';
import { PaymentModal } from './PaymentModal.tsx';
import { isSignedIn } from '../lib/client/auth-state.ts';
import type { ResultsLinks, SiteSamples } from './results-data.ts';
import type { Lang } from '../i18n/paths.ts';

export function ResultActions({
  t,
  links,
  onRestart,
  shareText,
}: {
  t: T;
  links: ResultsLinks;
  onRestart: () => void;
  shareText: string;
}) {
  const [shareOpen, setShareOpen] = useState(false);
  return (
    <div className="result-actions">
      <a className="button button-ghost" href={links.home}>
        {t('results.home')}
      </a>
      <a className="button button-ghost" href={links.profile}>
        {t('results.profile')}
      </a>
      <a className="button button-ghost" href={links.otherTest}>
        {t('results.other')}
      </a>
      <button type="button" className="button button-ghost" onClick={() => setShareOpen(true)}>
        {t('share.open')}
      </button>
      <button type="button" className="button" onClick={onRestart}>
        {t('results.restart')}
      </button>
      <ShareModal
        open={shareOpen}
        onClose={() => setShareOpen(false)}
        url={new URL(links.share, location.origin).toString()}
        text={shareText}
        t={t}
      />
    </div>
  );
}

/**
 * What replaces full content for callers without access (spec part 1 "Premium gate"): the subscribe button sends
 * a visitor to sign in (remembering the way back) and opens the payment modal for a signed-in user.
 */
export function PremiumGate({
  t,
  kind,
  resultId,
  links,
  what,
  lang,
}: {
  t: T;
  kind: 'iq' | 'professional';
  resultId?: string;
  links: ResultsLinks;
  what: string;
  lang: Lang;
}) {
  const [open, setOpen] = useState(false);
  useEffect(
    () => track('view_promotion', { promotion_id: 'premium_30_days', promotion_name: 'Premium', creative_slot: kind }),
    [kind],
  );
  return (
    <div className="premium-gate">
      <p className="premium-badge">
        <span aria-hidden="true">🔒</span> {t('premium.feature')}
      </p>
      <p>{what}</p>
      <button
        type="button"
        className="button"
        onClick={() => (isSignedIn() ? setOpen(true) : startUnlock(kind, resultId, links.login))}
      >
        {t('premium.unlock')}
      </button>
      <PaymentModal
        open={open}
        onClose={() => setOpen(false)}
        t={t}
        lang={lang}
        kind={kind}
        resultId={resultId}
        resultHref={`${kind === 'iq' ? links.results : links.proResults}${resultId ? `?id=${resultId}` : ''}`}
        paymentResultHref={links.paymentResult}
      />
    </div>
  );
}

export function StatsPanel({ t, samples }: { t: T; samples: SiteSamples }) {
  return (
    <section className="result-block" aria-labelledby="stats-title">
      <h2 id="stats-title">{t('stats.title')}</h2>
      <div className="stats-grid">
        <table className="ranking">
          <caption>{t('stats.ranking')}</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{t('stats.country')}</th>
              <th scope="col">IQ</th>
              <th scope="col">{t('stats.people')}</th>
            </tr>
          </thead>
          <tbody>
            {samples.ranking.map((row) => (
              <tr key={row.code}>
                <td>{row.rank}</td>
                <th scope="row">{row.name}</th>
                <td>{row.iq}</td>
                <td>{row.people}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <ul className="shares">
          {samples.shares.map((s) => (
            <li key={s.above}>
              <strong>{s.percent}%</strong> {t('stats.above', { iq: s.above })}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Stars({ rating, t }: { rating: number; t: T }) {
  return (
    <span className="stars" role="img" aria-label={t('samples.rating', { n: rating })}>
      {'★'.repeat(rating)}
      {'☆'.repeat(5 - rating)}
    </span>
  );
}

export function Samples({ t, samples, kind }: { t: T; samples: SiteSamples; kind: 'iq' | 'professional' }) {
  return (
    <section className="result-block samples" aria-labelledby="samples-title">
      <h2 id="samples-title">{t('samples.title')}</h2>
      <p className="muted">{t('samples.note')}</p>
      <div className="cards">
        {samples.testimonials[kind].map((s) => (
          <figure key={s.name} className="card testimonial">
            <blockquote>{s.text}</blockquote>
            <figcaption>
              <span className="avatar" aria-hidden="true">
                {s.avatar}
              </span>{' '}
              {s.name} · {s.score} <Stars rating={s.rating} t={t} />
            </figcaption>
          </figure>
        ))}
      </div>
      {kind === 'iq' ? (
        <>
          <h3>{t('samples.benchmarks')}</h3>
          <ul className="plain-list">
            {samples.benchmarks.map((b) => (
              <li key={b.name}>
                <strong>{b.iq}</strong> — {b.name} <span className="muted">({b.note})</span>
              </li>
            ))}
          </ul>
          <h3>{t('samples.countries')}</h3>
          <ul className="plain-list">
            {samples.countries.map((c) => (
              <li key={c.country}>
                <span aria-hidden="true">{c.flag}</span> {c.country}: <strong>{c.averageIQ}</strong>{' '}
                <span className="muted">({c.population})</span>
              </li>
            ))}
          </ul>
          <h3>{t('samples.recent')}</h3>
          <ul className="plain-list">
            {samples.recent.map((r) => (
              <li key={r.name}>
                <span className="avatar" aria-hidden="true">
                  {r.avatar}
                </span>{' '}
                {r.name}: IQ {r.score} · {r.time} · {t(`iq.label.${r.label}`)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
