/**
 * How rare a score is, from the normal curve of the IQ scale (passed in by the page). No benchmarks beside it: the
 * figures we had for "an average graduate" or Einstein had no source we could name (issue 31 audit).
 */
import type { T } from '../lib/client/texts.ts';
import type { SiteSamples } from './results-data.ts';
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
      <p className="muted">{t('stats.note')}</p>
    </section>
  );
}
