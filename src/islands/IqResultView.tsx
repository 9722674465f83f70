/** The IQ result: cautions, then the one reading (provisional IQ, 95 % interval, percentile, band), breakdown and review when unlocked. */
import { clock } from '../lib/client/texts.ts';
import { iqReadingTexts } from '../lib/iq-reading.ts';
import type { IqResultView as Data, ResultViewProps } from './results-data.ts';
import { Cautions, KeptBanner, PremiumGate, ResultActions } from './ResultParts.tsx';
import { StatsPanel } from './ResultSamples.tsx';
import { CertificateSection } from './CertificateSection.tsx';
import { OPTION_SIZE } from '../domain/matrices/sizes.ts';

type Props = ResultViewProps<Data>;
type ReviewedItem = Extract<NonNullable<Data['review']>[number], { withheld: false }>;

/** An answer in the review: a matrix option as the test drew it (small, its description as alt text), else its text. */
function Answer({ item, index }: { item: ReviewedItem; index: number }) {
  if (!item.image) return <>{item.options[index]}</>;
  return (
    <img
      className="review-option"
      src={encodeURI(item.options[index])}
      alt={item.image.optionAlts[index]}
      width={OPTION_SIZE}
      height={OPTION_SIZE}
      loading="lazy"
    />
  );
}

export function IqResultView({
  result,
  t,
  samples,
  links,
  onRestart,
  resultId,
  signedIn,
  lang,
  premiumDays,
  kept,
  share,
  justSaved,
}: Props) {
  const full = result.access === 'full';
  const reading = iqReadingTexts(t, result);
  return (
    <article className="result" aria-labelledby="result-title">
      {kept ? <KeptBanner t={t} lang={lang} kind="iq" links={links} kept={kept} /> : null}
      {justSaved ? (
        <p className="notice notice-success" role="status" data-testid="just-saved">
          {t('success.save.iq.test')}
        </p>
      ) : null}
      <Cautions cautions={result.cautions} t={t} prefix="results.caution." testId="iq-cautions" />
      <header className="result-hero">
        <p className="eyebrow" aria-hidden="true">
          {t('results.iq.title')}
        </p>
        <h1 id="result-title">
          <span className="visually-hidden">{t('results.iq.title')}: </span>
          <span className="iq-value" data-testid="iq-estimate">
            {reading.value}
          </span>
        </h1>
        <p className="iq-range" data-testid="iq-interval">
          {reading.interval}
        </p>
        {/* A cautioned sheet gets no band (as on its certificate): "Average" would read as a measurement. */}
        <p className="iq-label" data-testid="iq-band">
          {result.cautions.length ? t(`cert.caution.${result.cautions[0]}`) : reading.band}
        </p>
        <p data-testid="iq-percentile">{reading.percentile}</p>
        <p className="muted iq-provisional">{t('results.iq.provisional')}</p>
        {result.scale ? (
          <p className="muted iq-provisional" data-testid="iq-scale">
            {t(`results.iq.scale.${result.scale}`)}
          </p>
        ) : null}
        {full ? (
          <p className="premium-badge">
            {t('premium.badge')}
            {premiumDays ? ` · ${t('premium.active', { n: premiumDays })}` : ''}
          </p>
        ) : null}
      </header>

      <dl className="facts">
        <div>
          <dt>{t('results.correct')}</dt>
          <dd>
            {result.correctAnswers} / {result.totalQuestions}
          </dd>
        </div>
        {/* The labels' weighted score is what a result saved before item response theory was read from; since, it is not. */}
        {result.scale ? null : (
          <div>
            <dt>{t('results.iq.weighted')}</dt>
            <dd>
              {result.score} / {result.maxScore}
            </dd>
          </div>
        )}
        <div>
          <dt>{t('results.accuracy')}</dt>
          <dd>{result.accuracy}%</dd>
        </div>
        <div>
          <dt>{t('results.time')}</dt>
          <dd>{clock(result.timeSpent)}</dd>
        </div>
        {full ? (
          <div>
            <dt>{t('results.avgTime')}</dt>
            <dd>{t('results.seconds', { n: result.averageTimePerQuestion ?? 0 })}</dd>
          </div>
        ) : null}
      </dl>

      <section className="result-block" aria-labelledby="detail-title">
        <h2 id="detail-title">{t('results.iq.details')}</h2>
        {full && result.breakdown ? (
          <>
            <p>
              {t(`iq.speed.${result.speed}`)} {t(`iq.correctness.${result.correctness}`)}
            </p>
            <ul className="breakdown">
              {Object.entries(result.breakdown).map(([category, percent]) => (
                <li key={category}>
                  <span className="breakdown-name">{t(`iq.category.${category}`)}</span>
                  <span className="bar" aria-hidden="true">
                    <span style={{ width: `${percent}%` }} />
                  </span>
                  <span className="breakdown-value">{percent}%</span>
                </li>
              ))}
            </ul>
            {result.breakdownOmits ? (
              <p className="muted">{t('results.iq.breakdownNote', { n: result.breakdownOmits })}</p>
            ) : null}
          </>
        ) : (
          <PremiumGate t={t} kind="iq" resultId={resultId} links={links} lang={lang} what={t('premium.iq.what')} />
        )}
      </section>

      {full && result.review ? (
        <section className="result-block" aria-labelledby="review-title">
          <h2 id="review-title">{t('review.title')}</h2>
          <ol className="review">
            {result.review.map((item, i) =>
              item.withheld ? (
                <li key={item.questionId} className="review-withheld">
                  <h3>
                    {t('runner.question', { n: i + 1, total: result.review!.length })} — {t('review.withheld')}
                  </h3>
                  <p>{item.question}</p>
                  {item.image ? (
                    <img className="review-image" src={encodeURI(item.image.src)} alt={item.image.alt} loading="lazy" />
                  ) : null}
                  <p className="muted">{t('review.withheldWhy')}</p>
                </li>
              ) : (
                <li key={item.questionId} className={item.correct ? 'review-right' : 'review-wrong'}>
                  <h3>
                    {t('runner.question', { n: i + 1, total: result.review!.length })} —{' '}
                    {item.correct ? `✓ ${t('review.right')}` : `✗ ${t('review.wrong')}`}
                  </h3>
                  <p>{item.question}</p>
                  {item.image ? (
                    <img className="review-image" src={encodeURI(item.image.src)} alt={item.image.alt} loading="lazy" />
                  ) : null}
                  <p className="review-answer">
                    {t('review.yours')}:{' '}
                    {item.selectedAnswer >= 0 ? <Answer item={item} index={item.selectedAnswer} /> : '—'}
                  </p>
                  {!item.correct ? (
                    <p className="review-answer">
                      {t('review.correct')}: <Answer item={item} index={item.correctAnswer} />
                    </p>
                  ) : null}
                  <p className="muted">{item.explanation}</p>
                </li>
              ),
            )}
          </ol>
        </section>
      ) : null}

      <StatsPanel t={t} samples={samples} lang={lang} />
      <CertificateSection
        t={t}
        links={links}
        signedIn={signedIn}
        kind="iq"
        resultId={resultId}
        lang={lang}
        refused={result.cautions.includes('key_seen') ? 'key_seen' : result.cautions.length > 0 ? 'caution' : undefined}
      />
      <ResultActions
        t={t}
        links={links}
        onRestart={onRestart}
        signedIn={signedIn}
        own={
          signedIn && resultId
            ? {
                kind: 'iq',
                id: resultId,
                lang,
                share: share ?? null,
                refused: result.cautions.length > 0 ? 'caution' : undefined,
              }
            : undefined
        }
        // With its interval, as the page states it; a bounded reading ("above 130") is its own range already.
        shareText={
          result.iqBound
            ? t('share.text.iqBound', { iq: reading.value })
            : t('share.text.iq', { iq: reading.value, interval: reading.interval })
        }
      />
    </article>
  );
}
