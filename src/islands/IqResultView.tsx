/**
 * The IQ result: behaviour cautions, then the one reading (provisional IQ-equivalent, 95 % interval, band of the
 * provisional scale), a kind notice when the number right is within what guessing gives, and with premium the
 * category breakdown with its error and the review.
 */
import { clock } from '../lib/client/texts.ts';
import { iqReadingTexts } from '../lib/iq-reading.ts';
import type { IqResultView as Data, ResultViewProps } from './results-data.ts';
import { Cautions, KeptBanner, PremiumGate, ResultActions } from './ResultParts.tsx';
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
        <p className="muted iq-provisional" data-testid="iq-scale-note">
          {t('results.iq.provisional')}
        </p>
        {/* How it was computed, and what its interval does not include; a result saved before IRT says so too. */}
        <p className="muted iq-provisional" data-testid="iq-scale">
          {t(`results.iq.scale.${result.scale ?? 'classical'}`)}
        </p>
        {full ? (
          <p className="premium-badge">
            {t('premium.badge')}
            {premiumDays ? ` · ${t('premium.active', { n: premiumDays })}` : ''}
          </p>
        ) : null}
      </header>
      <NearChance result={result} t={t} />

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
            <Subscores subscores={result.subscores ?? []} t={t} />
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

      <CertificateSection
        t={t}
        links={links}
        signedIn={signedIn}
        kind="iq"
        resultId={resultId}
        lang={lang}
        refused={
          result.cautions.includes('key_seen')
            ? 'key_seen'
            : result.cautions.length > 0
              ? 'caution'
              : result.nearChance
                ? 'near_chance'
                : undefined
        }
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

/**
 * A number right within what blind picking gives: said beside the reading, kindly and truly — not a caution. Where the
 * pattern can tell (the right answers follow the items' difficulty), it says so.
 */
function NearChance({ result, t }: { result: Data; t: Props['t'] }) {
  // A cautioned sheet's caution says what matters; "your figure stands" beside it would contradict it.
  if (!result.nearChance || result.cautions.length) return null;
  const vars = { right: result.correctAnswers, total: result.totalQuestions };
  return (
    <section
      className="notice notice-near-chance"
      role="note"
      aria-labelledby="near-chance-title"
      data-testid="near-chance"
    >
      <h2 id="near-chance-title">{t('results.iq.nearChance.title')}</h2>
      <p>
        {t(result.followsDifficulty ? 'results.iq.nearChance.followsDifficulty' : 'results.iq.nearChance.text', vars)}
      </p>
    </section>
  );
}

/**
 * The premium breakdown with its error (src/domain/iq/subscores.ts): per category its items, number right and the
 * interval of its share — the bar draws the interval, the mark the share — and a strength or weakness only where it
 * stands apart from the other items beyond error; otherwise it says the category is within it.
 */
function Subscores({ subscores, t }: { subscores: NonNullable<Data['subscores']>; t: Props['t'] }) {
  return (
    <>
      <ul className="breakdown subscores" data-testid="subscores">
        {subscores.map((s) => (
          <li key={s.category} data-relative={s.relative ?? 'within'}>
            <span className="breakdown-name">{t(`iq.category.${s.category}`)}</span>
            <span className="bar bar-interval" aria-hidden="true">
              <span style={{ marginLeft: `${s.interval[0]}%`, width: `${s.interval[1] - s.interval[0]}%` }} />
              <i style={{ left: `${Math.round((s.right / s.items) * 100)}%` }} />
            </span>
            <span className="breakdown-value">
              {t('results.iq.subscore.count', { right: s.right, items: s.items })}
            </span>
            <span className="breakdown-detail">
              {t('results.iq.subscore.interval', { low: s.interval[0], high: s.interval[1] })}{' '}
              {s.relative ? <strong>{t(`results.iq.subscore.${s.relative}`)}</strong> : t('results.iq.subscore.within')}
            </span>
          </li>
        ))}
      </ul>
      <p className="muted">{t('results.iq.subscoresNote')}</p>
    </>
  );
}
