/** The sample content the results pages show, passed in by the page: how rare a score is, benchmarks. */
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

/**
 * Figures to compare an IQ reading with (each with how it is known). No testimonials: praise invented for people who
 * do not exist is not made honest by a label (issue 31).
 */
export function Samples({ t, samples, kind, lang }: { t: T; samples: SiteSamples; kind: TestKind; lang: Lang }) {
  const figure = (value: number, style?: NumberStyle) => formatNumber(lang, value, style);
  if (kind !== 'iq') return null;
  return (
    <section className="result-block samples" aria-labelledby="samples-title">
      <h2 id="samples-title">{t('samples.benchmarks')}</h2>
      <ul className="plain-list">
        {samples.benchmarks.map((b) => (
          <li key={b.name}>
            <strong>{figure(b.iq)}</strong> — {b.name} <span className="muted">({b.note})</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
