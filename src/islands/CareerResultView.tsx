/**
 * The career result: the closest type and how far ahead it is (within or beyond error: src/domain/career/lead.ts),
 * the nine scores with their error bands, and the full profile and roadmap when unlocked.
 */
import { clock, type T } from '../lib/client/texts.ts';
import type { CareerResultView as Data, ResultsLinks, ResultViewProps } from './results-data.ts';
import type { Saving } from '../stores/results.ts';
import { failureText } from '../lib/client/failure-text.ts';
import { Cautions, KeptBanner, PremiumGate, ResultActions } from './ResultParts.tsx';
import { CertificateSection } from './CertificateSection.tsx';
import { CareerProfile } from './CareerProfile.tsx';
import { TIE_BREAK_PER_TYPE } from '../domain/career/counts.ts';
import type { Lang } from '../i18n/paths.ts';

type Props = ResultViewProps<Data> & { saving: Saving; onSaveAgain: () => void };

function SaveBanner({
  saving,
  onSaveAgain,
  t,
  lang,
  links,
  kept,
}: {
  saving: Saving;
  onSaveAgain: () => void;
  t: T;
  lang: Lang;
  links: ResultsLinks;
  kept: Props['kept'];
}) {
  if (saving.status === 'saving')
    return (
      <p className="notice" role="status">
        {saving.attempt === 0 ? t('save.saving') : t('save.retrying', { n: saving.attempt, max: saving.max })}
      </p>
    );
  if (saving.status === 'success')
    return (
      <p className="notice notice-success" role="status">
        ✓ {t('success.save.professional.test')}
      </p>
    );
  // Said once nothing is trying any more: what happened, and a button that does try again.
  if (saving.status === 'error')
    return (
      <div className="notice notice-error" role="alert">
        <p>{t('error.save.professional.test')}</p>
        {saving.failure && saving.failure.kind !== 'unavailable' ? <p>{failureText(saving.failure, t, lang)}</p> : null}
        <button type="button" className="button" onClick={onSaveAgain}>
          {t('call.retry')}
        </button>
      </div>
    );
  return kept ? <KeptBanner t={t} lang={lang} kind="professional" links={links} kept={kept} /> : null;
}

const names = (lang: Lang, items: string[]) => new Intl.ListFormat(lang, { type: 'conjunction' }).format(items);

/**
 * How the tie-break went: it settled the type, or the sheet is honestly between types (then each one's headline). A
 * normal outcome, said in the page's neutral notice, not a warning's colours (issue 31).
 */
function TieNotice({ result, t, lang, links }: { result: Data; t: T; lang: Lang; links: ResultsLinks }) {
  if (result.tiedProfiles.length > 1) {
    return (
      <section className="notice" aria-labelledby="between-title">
        <p id="between-title">
          {t(
            result.noClearType
              ? 'results.career.noClear'
              : // With premium the full profiles are on this page: "part of premium" would tell the subscriber to buy it.
                result.access === 'full'
                ? 'results.career.betweenFull'
                : 'results.career.between',
            {
              types: names(
                lang,
                result.tiedProfiles.map((p) => p.title),
              ),
            },
          )}
        </p>
        <ul className="tied-profiles">
          {result.tiedProfiles.map((p) => (
            <li key={p.type} style={{ ['--type-color' as string]: p.color }}>
              <a href={`${links.types}/${p.type}`}>
                <strong>{p.title}</strong>
              </a>{' '}
              — {p.tagline}
            </li>
          ))}
        </ul>
      </section>
    );
  }
  if (!result.additionalQuestionsNeeded) return null;
  const tied = Object.keys(result.tieBreakScores).map((type) => t(`career.type.${type}`));
  return (
    <p className="notice">{t('results.career.tiebreak', { types: names(lang, tied), type: result.personalityType })}</p>
  );
}

/**
 * How far the closest type is ahead of the next, said plainly (issue 43): beyond error, or within it — then the next
 * type is as close on a retake. Not said for a result between types (the tie notice says it).
 */
function LeadNotice({ result, t }: { result: Data; t: T }) {
  if (result.tiedProfiles.length > 1) return null;
  const { points, beyondError, nextTitle } = result.lead;
  const vars = { type: result.personalityType, next: nextTitle, n: points, max: result.corePerType };
  return (
    <p className="notice" data-testid="career-lead" data-beyond-error={beyondError}>
      {t(
        beyondError
          ? 'results.career.lead.beyond'
          : points === 0
            ? 'results.career.lead.level'
            : 'results.career.lead.within',
        vars,
      )}
    </p>
  );
}

export function CareerResultView({
  result,
  saving,
  onSaveAgain,
  t,
  links,
  onRestart,
  resultId,
  lang,
  premiumDays,
  signedIn,
  kept,
  share,
}: Props) {
  const full = result.access === 'full' && result.profiles;
  const max = result.corePerType;
  const tied = result.tiedProfiles.length > 1;
  return (
    <article className="result" aria-labelledby="result-title" style={{ ['--type-color' as string]: result.color }}>
      <SaveBanner saving={saving} onSaveAgain={onSaveAgain} t={t} lang={lang} links={links} kept={kept} />
      <Cautions cautions={result.cautions} t={t} prefix="results.career.caution." testId="career-cautions" />
      {tied ? (
        <header className="result-hero result-hero-type">
          <p className="eyebrow">
            {t(result.noClearType ? 'results.career.eyebrowNoClear' : 'results.career.eyebrowTied')}
          </p>
          <h1 id="result-title" data-testid="personality-type">
            {names(
              lang,
              result.tiedProfiles.map((p) => p.title),
            )}
          </h1>
        </header>
      ) : (
        <header className="result-hero result-hero-type">
          <p className="eyebrow">{t('results.career.eyebrow', { n: result.primaryType })}</p>
          <h1 id="result-title" data-testid="personality-type">
            {result.personalityType}
          </h1>
          <p className="lead">{result.tagline}</p>
          <p>
            <a href={`${links.types}/${result.primaryType}`}>{t('types.about', { title: result.personalityType })}</a>
          </p>
        </header>
      )}
      <TieNotice result={result} t={t} lang={lang} links={links} />
      <LeadNotice result={result} t={t} />

      <dl className="facts">
        {tied ? (
          <div className="fact-words">
            <dt>{t('results.career.types')}</dt>
            <dd>
              {names(
                lang,
                result.tiedProfiles.map((p) => p.title),
              )}
            </dd>
          </div>
        ) : (
          <div className="fact-words">
            <dt>{t('results.career.primary')}</dt>
            <dd>{result.personalityType}</dd>
          </div>
        )}
        <div>
          <dt>{t('results.career.questions')}</dt>
          <dd>{result.totalQuestions}</dd>
        </div>
        <div>
          <dt>{t('results.time')}</dt>
          <dd>{clock(result.timeSpent)}</dd>
        </div>
      </dl>

      <section className="result-block" aria-labelledby="scores-title">
        <h2 id="scores-title">{t('results.career.scores')}</h2>
        <p className="muted">{t('results.career.scoresNote', { n: max })}</p>
        {/* Each score with its 95 % error band: the bar draws the band, the mark the score; the band is said in words too. */}
        <ul className="breakdown type-scores" data-testid="type-scores">
          {Object.entries(result.enneagramScores).map(([type, score]) => {
            const [low, high] = result.scoreBands[Number(type) as keyof typeof result.scoreBands];
            const at = (value: number) => `${(value / max) * 100}%`;
            return (
              <li key={type} className={!tied && Number(type) === result.primaryType ? 'breakdown-primary' : ''}>
                <span className="breakdown-name">
                  {t(`career.type.${type}`)}
                  {!tied && Number(type) === result.primaryType ? ` — ${t('results.career.yours')}` : ''}
                </span>
                <span className="bar bar-interval" aria-hidden="true">
                  <span style={{ marginLeft: at(low), width: `${((high - low) / max) * 100}%` }} />
                  <i style={{ left: at(score) }} />
                </span>
                <span className="breakdown-value">
                  {score} / {max}
                </span>
                <span className="breakdown-detail">
                  {t('results.career.band', { low: low.toLocaleString(lang), high: high.toLocaleString(lang) })}
                </span>
              </li>
            );
          })}
        </ul>
        <p className="muted">{t('results.career.bandsNote', { n: max })}</p>
        {Object.keys(result.tieBreakScores).length ? (
          <p className="muted">
            {t('results.career.tieBreakScores', {
              scores: Object.entries(result.tieBreakScores)
                .map(([type, n]) => `${t(`career.type.${type}`)} ${n} / ${TIE_BREAK_PER_TYPE}`)
                .join(', '),
            })}
          </p>
        ) : null}
      </section>

      {result.noClearType ? (
        <section className="result-block" aria-labelledby="no-profile-title">
          <h2 id="no-profile-title">{t('results.career.full')}</h2>
          <p>{t('results.career.noClearProfile')}</p>
        </section>
      ) : full ? (
        <CareerProfile result={result} t={t} premiumDays={premiumDays} />
      ) : (
        <section className="result-block" aria-labelledby="locked-title">
          <h2 id="locked-title">{t(tied ? 'results.career.fullBoth' : 'results.career.full')}</h2>
          <PremiumGate
            t={t}
            kind="professional"
            resultId={resultId}
            links={links}
            lang={lang}
            what={t(tied ? 'premium.career.whatTie' : 'premium.career.what')}
          />
        </section>
      )}

      <CertificateSection
        t={t}
        links={links}
        signedIn={signedIn}
        kind="professional"
        resultId={resultId}
        lang={lang}
        refused={result.cautions.length > 0 ? 'caution' : result.noClearType ? 'no_clear_type' : undefined}
      />
      <ResultActions
        t={t}
        links={links}
        onRestart={onRestart}
        signedIn={signedIn}
        own={
          signedIn && resultId
            ? {
                kind: 'professional',
                id: resultId,
                lang,
                share: share ?? null,
                refused: result.cautions.length > 0 ? 'caution' : result.noClearType ? 'no_clear_type' : undefined,
              }
            : undefined
        }
        shareText={t('share.text.professional', { type: result.personalityType })}
      />
    </article>
  );
}
