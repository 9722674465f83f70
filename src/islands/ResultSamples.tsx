/** The sample content the results pages show, passed in by the page: IQ statistics, testimonials, benchmarks. */
import type { T } from '../lib/client/texts.ts';
import type { SiteSamples } from './results-data.ts';
import type { TestKind } from '../domain/views.ts';
import { Flag } from '../components/Icon.tsx';

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

export function Samples({ t, samples, kind }: { t: T; samples: SiteSamples; kind: TestKind }) {
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
              <li key={c.code}>
                <Flag code={c.code} /> {c.name}: <strong>{c.averageIQ}</strong>{' '}
                <span className="muted">({c.population})</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
