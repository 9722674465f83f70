/**
 * "Forgot password?" (issue 30, point 3). Without a token: an address, and the same answer whatever it is ("if an
 * account uses it, a link is on its way"). With a mailed link's token (taken out of the address bar at once): a new
 * password; done, this browser is signed in and every other session has ended.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { checkResetToken, forgotPassword, loadMe, resetPassword } from '../stores/account.ts';
import { makeT, type Texts } from '../lib/client/texts.ts';
import type { Lang } from '../i18n/paths.ts';

const MIN_PASSWORD = 6;
type Asked = 'idle' | 'sending' | 'sent' | 'limited' | 'failed';
type Set = 'idle' | 'saving' | 'done' | 'short' | 'expired' | 'invalid' | 'limited' | 'failed';

export default function ResetPasswordApp({
  texts,
  lang,
  links,
}: {
  texts: Texts;
  lang: Lang;
  links: { profile: string; login: string };
}) {
  const t = makeT(texts, lang);
  /** undefined until the address is read; '' for none. */
  const [token, setToken] = useState<string | undefined>(undefined);
  const [email, setEmail] = useState('');
  const [asked, setAsked] = useState<Asked>('idle');
  const [password, setPassword] = useState('');
  const [set, setSet] = useState<Set>('idle');

  useEffect(() => {
    const found = new URLSearchParams(location.search).get('token');
    if (!found) return setToken('');
    history.replaceState(null, '', location.pathname);
    // A link used already, or past its hour, is said to be so before a new password is typed for nothing. If the
    // question goes unanswered the form is shown: setting the password will say.
    void checkResetToken(found).then((r) => {
      if (!r.ok && (r.error === 'auth.error.token.expired' || r.error === 'auth.error.token.invalid'))
        setSet(r.error === 'auth.error.token.expired' ? 'expired' : 'invalid');
      setToken(found);
    });
  }, []);

  async function ask(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) return setAsked('failed');
    setAsked('sending');
    const r = await forgotPassword(email.trim(), lang);
    setAsked(r.ok ? 'sent' : r.kind === 'limited' ? 'limited' : 'failed');
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (password.length < MIN_PASSWORD) return setSet('short');
    setSet('saving');
    const r = await resetPassword(token!, password);
    if (r.ok) {
      await loadMe({ fresh: true });
      return setSet('done');
    }
    setSet(
      r.kind === 'limited'
        ? 'limited'
        : r.error === 'auth.error.token.expired'
          ? 'expired'
          : r.error === 'auth.error.token.invalid'
            ? 'invalid'
            : r.error === 'auth.error.password.length'
              ? 'short'
              : 'failed',
    );
  }

  if (token === undefined) return null;

  if (!token || set === 'expired' || set === 'invalid')
    return (
      <section className="confirm reset" aria-labelledby="reset-title">
        <h1 id="reset-title">{t('reset.ask.title')}</h1>
        {set === 'expired' || set === 'invalid' ? (
          <p role="alert">{t(`reset.set.${set}`)}</p>
        ) : (
          <p>{t('reset.ask.lead')}</p>
        )}
        <form onSubmit={(e) => void ask(e)} noValidate>
          <div className="field">
            <label htmlFor="reset-email">{t('login.email')}</label>
            <input
              id="reset-email"
              name="email"
              type="email"
              autoComplete="email"
              required
              aria-invalid={asked === 'failed' && !email.trim() ? true : undefined}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <button type="submit" className="button" disabled={asked === 'sending'}>
            {t('reset.ask.submit')}
          </button>
        </form>
        {asked !== 'idle' && asked !== 'sending' ? (
          <p role="status" aria-live="polite">
            {t(asked === 'failed' && !email.trim() ? 'reset.ask.empty' : `reset.ask.${asked}`)}
          </p>
        ) : null}
        <p>
          <a className="standalone-link" href={links.login}>
            {t('reset.backToSignIn')}
          </a>
        </p>
      </section>
    );

  if (set === 'done')
    return (
      <section className="confirm reset" role="status" aria-live="polite">
        <h1>{t('reset.done.title')}</h1>
        <p>{t('reset.done.text')}</p>
        <a className="button" href={links.profile}>
          {t('reset.toProfile')}
        </a>
      </section>
    );

  return (
    <section className="confirm reset" aria-labelledby="reset-title">
      <h1 id="reset-title">{t('reset.set.title')}</h1>
      <form onSubmit={(e) => void save(e)} noValidate>
        <div className="field">
          <label htmlFor="reset-password">{t('reset.set.password')}</label>
          <input
            id="reset-password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={MIN_PASSWORD}
            aria-describedby="reset-hint"
            aria-invalid={set === 'short' ? true : undefined}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <p id="reset-hint" className="field-hint">
            {t('login.password.hint')}
          </p>
        </div>
        <button type="submit" className="button" disabled={set === 'saving'}>
          {t('reset.set.submit')}
        </button>
      </form>
      {set === 'short' || set === 'limited' || set === 'failed' ? <p role="alert">{t(`reset.set.${set}`)}</p> : null}
    </section>
  );
}
