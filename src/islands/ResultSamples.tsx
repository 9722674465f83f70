/** The sample content the results pages show, passed in by the page: how rare a score is, testimonials, benchmarks. */
import type { T } from '../lib/client/texts.ts';
import type { SiteSamples } from './results-data.ts';
import type { TestKind } from '../domain/views.ts';
import { formatNumber, type NumberStyle } from '../i18n/numbers.ts';
import type { Lang } from '../i18n/paths.ts';

export function StatsPanel({ t, samples, lang }: { t: T; samples: SiteSamples; lang: Lang }) {
  const figure = (value: number, style?: NumberStyle) => formatNumber(lang, value, style);
  return (
    <section className="result-block" aria-labelledby="stats-title">
      <h2 id="stats-title">{t('stats.title')}</h2>
      <ul className="shares">
        {samples.shares.map((s) => (
          <li key={s.above}>
            <strong>{figure(s.percent, 'percent')}</strong> {t('stats.above', { iq: figure(s.above) })}
          </li>
        ))}
      </ul>
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

export function Samples({ t, samples, kind, lang }: { t: T; samples: SiteSamples; kind: TestKind; lang: Lang }) {
  const figure = (value: number, style?: NumberStyle) => formatNumber(lang, value, style);
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
                <strong>{figure(b.iq)}</strong> — {b.name} <span className="muted">({b.note})</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
