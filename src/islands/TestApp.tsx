/**
 * A test from start to finish: loads the questions for the page's language, shows the intro, the runner, then
 * the calculation overlay while the answers are scored, and moves to the results 3 s after completion whatever
 * the outcome of scoring (the results page finishes a pending score).
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { $progress, DELAYS, loadSitting, resetTest, startTest } from '../stores/test-session.ts';
import type { TestKind } from '../domain/views.ts';
import { scorePending } from '../stores/results.ts';
import { makeT, type Texts } from '../lib/client/texts.ts';
import type { Failure } from '../lib/client/call.ts';
import { failureText } from '../lib/client/failure-text.ts';
import { track } from '../lib/analytics.ts';
import { Runner } from './Runner.tsx';
import { CalculationOverlay } from './CalculationOverlay.tsx';
import type { Lang } from '../i18n/paths.ts';

interface Props {
  kind: TestKind;
  lang: Lang;
  texts: Texts;
  resultsHref: string;
  homeHref: string;
  /** Shown on the intro under its title: the page's static notice of a result kept in this browser. */
  children?: ReactNode;
}

export default function TestApp({ kind, lang, texts, resultsHref, homeHref, children }: Props) {
  const t = makeT(texts, lang);
  const progress = useStore($progress);
  const [loaded, setLoaded] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [failure, setFailure] = useState<Failure | null>(null);
  const [overlayDone, setOverlayDone] = useState(false);
  const [offline, setOffline] = useState(false);
  /** IQ: the user has seen the worked answers of every form within the year, so this one's too. */
  const [reviewed, setReviewed] = useState(false);

  const load = useCallback(async () => {
    setLoaded('loading');
    const sitting = await loadSitting(kind, lang);
    setReviewed(sitting.ok && sitting.data.reviewed);
    setFailure(sitting.ok ? null : sitting);
    setLoaded(sitting.ok ? 'ready' : 'failed');
  }, [kind, lang]);
  useEffect(() => void load(), [load]);

  const calculating = progress.phase === 'calculating';
  // Score as soon as the test completes; the overlay runs meanwhile.
  useEffect(() => {
    if (calculating) void scorePending(kind);
  }, [calculating, kind]);

  // Move to the results 3 s after completion — once the browser can load a page at all.
  useEffect(() => {
    if (!calculating || !overlayDone) return;
    const wait = Math.max(0, (progress.completedAt ?? 0) + DELAYS.toResults - Date.now());
    let cancelled = false;
    const go = () => {
      if (cancelled) return;
      if (!navigator.onLine) {
        setOffline(true);
        window.addEventListener('online', go, { once: true });
        return;
      }
      resetTest(kind);
      window.location.assign(resultsHref);
    };
    const timer = setTimeout(go, wait);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      window.removeEventListener('online', go);
    };
  }, [calculating, overlayDone, progress.completedAt, kind, resultsHref]);

  if (loaded === 'failed') {
    return (
      <div className="notice notice-error" role="alert">
        <p>{failure ? failureText(failure, t, lang, 'runner.load.failed') : t('runner.load.failed')}</p>
        <button type="button" className="button" onClick={() => void load()}>
          {t('runner.retry')}
        </button>
      </div>
    );
  }

  // Until the questions are here (and on the server-rendered page) the intro shows, its button waiting.
  if (loaded === 'loading' || progress.phase === 'intro') {
    return (
      <section className="intro" aria-labelledby="intro-title">
        <h1 id="intro-title">{t(`intro.${kind}.title`)}</h1>
        {children}
        <ul className="intro-points">
          {[1, 2, 3, 4].map((n) => (
            <li key={n}>{t(`intro.${kind}.point${n}`)}</li>
          ))}
        </ul>
        <button
          type="button"
          className="button button-large"
          disabled={loaded !== 'ready'}
          onClick={() => {
            track(kind === 'iq' ? 'start_iq_test_click' : 'start_professional_test_click', { location: 'test_intro' });
            startTest();
          }}
        >
          {t(`intro.${kind}.start`)}
        </button>
        {reviewed ? (
          <p className="notice notice-warning" data-testid="form-reviewed">
            {t('intro.iq.reviewed')}
          </p>
        ) : null}
        {loaded === 'loading' ? (
          <p className="loading" role="status">
            <span className="spinner" aria-hidden="true" /> {t('common.loading')}
          </p>
        ) : null}
      </section>
    );
  }

  return (
    <>
      {progress.phase === 'running' ? <Runner kind={kind} homeHref={homeHref} t={t} /> : null}
      {calculating ? (
        <>
          <CalculationOverlay
            steps={Array.from({ length: kind === 'iq' ? 8 : 10 }, (_, i) => t(`overlay.${kind}.${i + 1}`))}
            t={t}
            onDone={() => setOverlayDone(true)}
          />
          {offline ? (
            <p className="notice notice-warning overlay-offline" role="status">
              {t('overlay.offline')}
            </p>
          ) : null}
        </>
      ) : null}
    </>
  );
}
