/**
 * A results page (/results, /professional-results): finds the result — a saved one by ?id, the visitor's
 * temporary one (this tab's, or the one this device keeps), or the answer sheet still being scored — and shows it at
 * the access the server granted; with none, it says so and offers the test.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { isUuid } from '../domain/ids.ts';
import { makeT, type Texts } from '../lib/client/texts.ts';
import { track } from '../lib/analytics.ts';
import {
  $saving,
  ATTEMPTS,
  clearTemporaryResults,
  forgetResult,
  KEEP_DAYS,
  loadSaved,
  readPending,
  readTempResult,
  relocalize,
  saveStoredResult,
  scorePending,
  takeSavedAfterAuth,
} from '../stores/results.ts';
import { loadMe } from '../stores/me.ts';
import type { Failure } from '../lib/client/call.ts';
import { failureText } from '../lib/client/failure-text.ts';
import type { StoredResult } from '../lib/client/session.ts';
import { isSignedIn } from '../lib/client/auth-state.ts';
import { IqResultView } from './IqResultView.tsx';
import { CareerResultView } from './CareerResultView.tsx';
import { RestartDialog } from './RestartDialog.tsx';
import { SignInLink } from './ResultParts.tsx';
import type { ResultsLinks } from './results-data.ts';

export type { ResultsLinks };
import type { Lang } from '../i18n/paths.ts';
import type { TestKind } from '../domain/views.ts';

interface Props {
  kind: TestKind;
  lang: Lang;
  texts: Texts;
  links: ResultsLinks;
}

type State =
  | { status: 'loading' }
  | { status: 'scoring'; attempt: number }
  | { status: 'ready'; stored: StoredResult }
  | { status: 'not-found' }
  /** No result in this tab nor kept on this device: said, with the ways on, rather than a silent redirect. */
  | { status: 'none' }
  | { status: 'failed'; message: string }
  /**
   * Stopped: a limit, or the server out of reach after every try. `sheet`: it was the answers being scored, and they
   * are kept for another try; else a saved result being read.
   */
  | { status: 'waiting'; failure: Failure; sheet: boolean };

export default function ResultsApp({ kind, lang, texts, links }: Props) {
  const t = useMemo(() => makeT(texts, lang), [texts, lang]);
  const [state, setState] = useState<State>({ status: 'loading' });
  const saving = useStore($saving);
  const [scoreTry, setScoreTry] = useState(0);
  const [signedIn, setSignedIn] = useState(false);
  const [premiumDays, setPremiumDays] = useState<number | null>(null);
  const [warnOpen, setWarnOpen] = useState(false);
  const [justSaved, setJustSaved] = useState(false);
  // A limited sheet's "Try again" waits for the time the server gave (asking sooner would only count against it).
  const retryAt = state.status === 'waiting' && state.failure.kind === 'limited' ? state.failure.retryAt : 0;
  const [, setTick] = useState(0);
  useEffect(() => {
    const ms = retryAt - Date.now();
    if (ms <= 0) return;
    const timer = setTimeout(() => setTick((n) => n + 1), ms + 50);
    return () => clearTimeout(timer);
  }, [retryAt]);

  useEffect(() => {
    let cancelled = false;
    const ready = (stored: StoredResult) => !cancelled && setState({ status: 'ready', stored });
    void (async () => {
      const id = new URLSearchParams(location.search).get('id');
      // An id that cannot be one (a mistyped or cut link) is not found, whichever test it names.
      if (id !== null && !isUuid(id)) return setState({ status: 'not-found' });
      if (id) {
        const saved = await loadSaved(kind, id, lang);
        if (saved.ok) return ready({ result: saved.data.result, id, share: saved.data.share });
        if (cancelled) return;
        if (saved.kind !== 'refused') return setState({ status: 'waiting', failure: saved, sheet: false });
        return setState({ status: 'not-found' });
      }
      const temp = readTempResult(kind);
      if (temp) return ready(await relocalize(kind, temp, lang));
      if (readPending(kind)) {
        setState({ status: 'scoring', attempt: 0 });
        const outcome = await scorePending(kind, (attempt) => !cancelled && setState({ status: 'scoring', attempt }));
        if (outcome?.ok) return ready(await relocalize(kind, outcome.data, lang));
        if (cancelled) return;
        if (outcome && !outcome.ok && outcome.kind !== 'refused')
          return setState({ status: 'waiting', failure: outcome, sheet: true });
        return setState({
          status: 'failed',
          message: (outcome && !outcome.ok && outcome.message) || t('results.failed'),
        });
      }
      if (!cancelled) setState({ status: 'none' });
    })();
    return () => {
      cancelled = true;
    };
  }, [kind, lang, scoreTry, t]);

  // A saved result's address names it (?id=), so a reload, a bookmark or a shared link opens the same result.
  const savedId = state.status === 'ready' ? state.stored.id : undefined;
  useEffect(() => {
    if (!savedId) return;
    const url = new URL(location.href);
    if (url.searchParams.get('id') === savedId) return;
    url.searchParams.set('id', savedId);
    history.replaceState(history.state, '', url);
  }, [savedId]);

  /** Saves the signed-in user's result into the account (again, from the banner's "Try again"). */
  const save = useCallback(
    async (stored: StoredResult) => {
      const updated = await saveStoredResult(kind, stored, lang);
      if (updated) setState({ status: 'ready', stored: updated });
    },
    [kind, lang],
  );

  // A signed-in user's result is saved: by the scoring call, or (if that failed) from its token, with retries.
  const ready = state.status === 'ready' ? state.stored : null;
  useEffect(() => {
    if (!ready) return;
    const signed = isSignedIn();
    setSignedIn(signed);
    // "Premium Active · N days" for subscribers (the subscribe button's subscriber state).
    if (signed)
      void loadMe().then(
        (r) => r.ok && r.data.subscription.active && setPremiumDays(r.data.subscription.daysLeft ?? 30),
      );
    // Back from signing up or in with this result: it is in the account now, and the page says so once.
    if (ready.id && signed) setJustSaved((said) => said || takeSavedAfterAuth(kind));
    if (ready.id) return $saving.set({ status: signed ? 'success' : 'idle' });
    if (!signed) return $saving.set({ status: 'idle' });
    void save(ready);
  }, [ready, save, kind]);

  const shown = ready?.result ?? null;
  useEffect(() => {
    if (!shown) return;
    const r = shown;
    track(
      'view_item',
      r.kind === 'iq'
        ? { item_id: 'iq_result', item_name: 'IQ result', item_category: 'iq' }
        : {
            item_id: 'professional_result',
            item_name: 'Career result',
            item_category: 'professional',
            personality_type: r.personalityType,
            primary_type: r.primaryType,
            total_questions: r.totalQuestions,
          },
    );
  }, [shown]);

  // Restarting clears the temporary results (spec part 1 §2) and opens the test afresh; the not-found and
  // failed states' "Home" button clears them the same way and goes home.
  const clearAndGo = (href: string) => () => {
    clearTemporaryResults();
    location.assign(href);
  };

  if (state.status === 'loading')
    return (
      <p className="loading" role="status">
        <span className="spinner" aria-hidden="true" /> {t('results.loading')}
      </p>
    );
  if (state.status === 'scoring') {
    return (
      <div className="loading" role="status">
        <span className="spinner" aria-hidden="true" />
        <p>{state.attempt === 0 ? t('results.scoring') : t('results.retrying', { n: state.attempt, max: ATTEMPTS })}</p>
        <p className="muted">{t('results.safe')}</p>
      </div>
    );
  }
  if (state.status === 'waiting') {
    const { failure } = state;
    return (
      <section className="page-narrow" aria-labelledby="wait-title">
        <h1 id="wait-title">
          {failure.kind === 'limited' ? t('results.limited.title') : t('results.unreachable.title')}
        </h1>
        <p role="alert">
          {failure.kind === 'limited' ? failureText(failure, t, lang) : t('call.stopped', { n: ATTEMPTS })}
        </p>
        {state.sheet && failure.kind !== 'limited' ? <p className="muted">{t('results.safe')}</p> : null}
        <button
          type="button"
          className="button"
          disabled={retryAt > Date.now()}
          onClick={() => setScoreTry((n) => n + 1)}
        >
          {t('call.retry')}
        </button>
      </section>
    );
  }
  if (state.status === 'none') {
    return (
      <section className="page-narrow" aria-labelledby="none-title">
        <h1 id="none-title">{t('results.none.title')}</h1>
        <p>{t('results.none.hint', { days: KEEP_DAYS })}</p>
        <div className="actions">
          <a className="button" href={links.test}>
            {t(`results.none.take.${kind}`)}
          </a>
          {isSignedIn() ? (
            <a className="button button-ghost" href={links.profile}>
              {t('results.profile')}
            </a>
          ) : (
            <SignInLink className="button button-ghost" kind={kind} links={links}>
              {t('nav.signin')}
            </SignInLink>
          )}
        </div>
      </section>
    );
  }
  if (state.status === 'not-found' || state.status === 'failed') {
    return (
      <section className="page-narrow" aria-labelledby="nf-title">
        <h1 id="nf-title">{state.status === 'failed' ? t('results.failed.title') : t('results.notfound.title')}</h1>
        <p>{state.status === 'failed' ? state.message : t('results.notfound.hint')}</p>
        <button type="button" className="button" onClick={clearAndGo(links.home)}>
          {t('results.home')}
        </button>
      </section>
    );
  }
  const { stored } = state;
  const startOver = clearAndGo(links.test);
  // A result saved to an account is kept there; one that is not is lost by restarting, so that asks first.
  const onRestart = () => (stored.id ? startOver() : setWarnOpen(true));
  // A visitor's result kept on this device: forgetting it removes it here and goes home.
  const forget = () => {
    forgetResult(kind);
    location.assign(links.home);
  };
  const kept = !stored.id && !isSignedIn() ? { until: stored.keptUntil, forget } : undefined;
  const common = {
    t,
    lang,
    links,
    onRestart,
    resultId: stored.id,
    kind,
    signedIn,
    premiumDays,
    kept,
    share: stored.share,
    justSaved,
  };
  return (
    <>
      {stored.result.kind === 'iq' ? (
        <IqResultView result={stored.result} {...common} />
      ) : (
        <CareerResultView result={stored.result} saving={saving} onSaveAgain={() => void save(stored)} {...common} />
      )}
      <RestartDialog
        open={warnOpen}
        onClose={() => setWarnOpen(false)}
        onConfirm={startOver}
        t={t}
        kind={kind}
        signedIn={signedIn}
        links={links}
      />
    </>
  );
}
