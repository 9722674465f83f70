/**
 * The page a confirmation link opens (issue 30, point 2): it posts the link's token once and says what happened —
 * confirmed; the link expired or does not work (with "send again" for the signed-in holder); or the server could not
 * be reached (try again). The token leaves the address bar at once, so it is not kept in history or shared.
 */
import { useEffect, useState } from 'react';
import { confirmEmail, loadMe, resendConfirmation } from '../stores/account.ts';
import { makeT, type Texts } from '../lib/client/texts.ts';
import type { Lang } from '../i18n/paths.ts';

type State =
  | { status: 'checking' }
  | { status: 'confirmed' }
  | { status: 'expired' | 'invalid' | 'missing' }
  | { status: 'unavailable' };
type Resend = 'idle' | 'sending' | 'sent' | 'limited' | 'confirmed' | 'failed';

export default function ConfirmEmailApp({
  texts,
  lang,
  links,
}: {
  texts: Texts;
  lang: Lang;
  links: { profile: string; login: string; home: string };
}) {
  const t = makeT(texts, lang);
  const [state, setState] = useState<State>({ status: 'checking' });
  /** undefined until the address is read; '' when it carries none. */
  const [token, setToken] = useState<string | undefined>(undefined);
  const [tries, setTries] = useState(0);
  const [signedIn, setSignedIn] = useState(false);
  const [resend, setResend] = useState<Resend>('idle');

  useEffect(() => {
    const found = new URLSearchParams(location.search).get('token');
    history.replaceState(null, '', location.pathname);
    setToken(found ?? '');
    void loadMe().then((me) => setSignedIn(me.ok));
  }, []);

  useEffect(() => {
    if (token === undefined) return;
    if (!token) return setState({ status: 'missing' });
    setState({ status: 'checking' });
    void confirmEmail(token).then((r) => {
      if (r.ok) {
        void loadMe({ fresh: true });
        return setState({ status: 'confirmed' });
      }
      if (r.kind === 'unavailable') return setState({ status: 'unavailable' });
      setState({ status: r.error === 'auth.error.token.expired' ? 'expired' : 'invalid' });
    });
    // Posted once, and again only when the server could not be reached and the person asks.
  }, [token, tries]);

  const sendAgain = async () => {
    setResend('sending');
    setResend(await resendConfirmation(lang));
  };

  if (state.status === 'checking')
    return (
      <section className="confirm" role="status" aria-live="polite">
        <h1>{t('confirm.checking')}</h1>
      </section>
    );
  if (state.status === 'confirmed')
    return (
      <section className="confirm" role="status" aria-live="polite">
        <h1>{t('confirm.done.title')}</h1>
        <p>{t('confirm.done.text')}</p>
        <a className="button" href={signedIn ? links.profile : links.login}>
          {t(signedIn ? 'confirm.toProfile' : 'confirm.toSignIn')}
        </a>
      </section>
    );
  if (state.status === 'unavailable')
    return (
      <section className="confirm" role="alert">
        <h1>{t('confirm.unavailable.title')}</h1>
        <p>{t('confirm.unavailable.text')}</p>
        <button type="button" className="button" onClick={() => setTries((n) => n + 1)}>
          {t('call.retry')}
        </button>
      </section>
    );
  return (
    <section className="confirm" role="alert">
      <h1>{t(`confirm.${state.status}.title`)}</h1>
      <p>{t(`confirm.${state.status}.text`)}</p>
      {signedIn ? (
        <>
          <button type="button" className="button" disabled={resend === 'sending'} onClick={() => void sendAgain()}>
            {t('confirm.sendAgain')}
          </button>
          {resend !== 'idle' && resend !== 'sending' ? (
            <p role="status" aria-live="polite">
              {t(`confirm.resend.${resend}`)}
            </p>
          ) : null}
        </>
      ) : (
        <p>
          <a href={links.login}>{t('confirm.signInToResend')}</a>
        </p>
      )}
    </section>
  );
}
