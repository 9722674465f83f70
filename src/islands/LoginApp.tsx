/**
 * Sign in / sign up (spec part 2): one form that toggles modes (clearing messages), full name only for sign-up,
 * loading state, Google button (or why it is unavailable), benefits and the terms note. Success continues at
 * /auth/callback, which saves any visitor results and returns the user where they came from. Come from a result
 * ("Get all results", "Sign in to keep it"), it says so above the form and opens on sign-up: a visitor most likely
 * has no account yet, and signing in is one click away.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { googleConfigured, signInWith } from '../stores/account.ts';
import { failureText } from '../lib/client/failure-text.ts';
import { makeT, type Texts } from '../lib/client/texts.ts';
import { track } from '../lib/analytics.ts';
import { cleanEmail } from '../domain/email.ts';
import { resultWayBack, type ResultWayBack } from '../lib/client/auth-state.ts';
import { LOGIN_MODE_ATTRIBUTE } from '../lib/login-hint.ts';
import { Benefits, GoogleButton, TermsNote } from './LoginParts.tsx';
import type { Lang } from '../i18n/paths.ts';

export const SIGNUP_REDIRECT_MS = 2000;
const GOOGLE_ERRORS: Record<string, string> = {
  google_not_configured: 'auth.error.google.not_configured',
  failed: 'auth.error.google.failed',
  unverified: 'auth.error.google.unverified',
  password_first: 'auth.error.google.password_first',
  account_unverified: 'auth.error.google.account_unverified',
};

type Field = 'email' | 'password';
/** The fields a server refusal is about (a wrong address or password: either may be it). */
const FIELDS_OF: Record<string, Field[]> = {
  'auth.error.email.invalid': ['email'],
  'auth.error.exists': ['email'],
  'auth.error.password.length': ['password'],
  'auth.error.invalid': ['email', 'password'],
};
const ERROR_ID = 'login-error';

interface Props {
  lang: Lang;
  texts: Texts;
  links: {
    home: string;
    callback: string;
    terms: string;
    privacy: string;
    consent: string;
    google: string;
    reset: string;
  };
}

/** The four things the page can say of a way back: data-iq-pay … on the notice, for the pre-paint CSS. */
const CONTEXTS = ['iq-pay', 'iq-keep', 'professional-pay', 'professional-keep'] as const;

export default function LoginApp({ lang, texts, links }: Props) {
  const t = useMemo(() => makeT(texts, lang), [texts, lang]);
  const [mode, setMode] = useState<'signin' | 'signup'>('signin');
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [mailingList, setMailingList] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [google, setGoogle] = useState<boolean | null>(null);
  const [wayBack, setWayBack] = useState<ResultWayBack | null>(null);
  // The fields the error is about: marked invalid and pointing at it, until they are changed.
  const [invalid, setInvalid] = useState<Field[]>([]);
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  useEffect(() => {
    const code = new URLSearchParams(location.search).get('error');
    if (code && GOOGLE_ERRORS[code]) setError(t(GOOGLE_ERRORS[code]));
    void googleConfigured().then(setGoogle);
  }, [t]);

  // The sign-up form asked for before this island was running (the toggle's plain form, below): ?mode=signup.
  // Come from a result, sign-up unless sign-in was asked for, or Google sent the person back here with an error.
  useEffect(() => {
    const query = new URLSearchParams(location.search);
    const asked = query.get('mode');
    const back = resultWayBack();
    setWayBack(back);
    const signup = asked === 'signup' || (back && asked !== 'signin' && !query.has('error'));
    if (signup) setMode('signup');
    // Should the hint have read it otherwise, the island's reading wins.
    else document.documentElement.removeAttribute(LOGIN_MODE_ATTRIBUTE);
  }, []);

  const toggle = () => {
    const next = mode === 'signin' ? 'signup' : 'signin';
    // From here the island's state alone says the mode (the hint only bridged the first paint).
    document.documentElement.removeAttribute(LOGIN_MODE_ATTRIBUTE);
    // With a result to go back to, sign-in is no longer the default, so the address says it (a reload keeps it).
    const signin = wayBack ? '?mode=signin' : location.pathname;
    history.replaceState(history.state, '', next === 'signup' ? '?mode=signup' : signin);
    setMode(next);
    setError(null);
    setInvalid([]);
    setSuccess(null);
  };

  /** Shows `message` as the form's error, marks `fields` with it and takes the focus to the first of them. */
  const refuse = (message: string, fields: Field[]) => {
    setError(message);
    setInvalid(fields);
    if (fields.length) inputs[fields[0]].current?.focus();
  };
  const fieldError = (field: Field, hint?: string) =>
    invalid.includes(field)
      ? {
          'aria-invalid': true,
          'aria-errormessage': ERROR_ID,
          'aria-describedby': hint ? `${ERROR_ID} ${hint}` : ERROR_ID,
        }
      : { 'aria-describedby': hint };
  const edited = (field: Field) => setInvalid((fields) => fields.filter((f) => f !== field));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setInvalid([]);
    setSuccess(null);
    const empty = (['email', 'password'] as const).filter((f) => !(f === 'email' ? email.trim() : password));
    if (empty.length) return refuse(t('auth.error.fill.fields'), empty);
    // Sign-up checks what the server will (auth.ts), in its order; sign-in leaves the address to the server.
    if (mode === 'signup' && !cleanEmail(email)) return refuse(t('auth.error.email.invalid'), ['email']);
    if (mode === 'signup' && password.length < 6) return refuse(t('auth.error.password.length'), ['password']);
    setLoading(true);
    track(mode === 'signin' ? 'login_attempt' : 'signup_attempt', { method: 'email' });
    const result = await signInWith(mode, {
      email,
      password,
      lang,
      ...(mode === 'signup' ? { fullName, mailingList } : {}),
    });
    if (!result.ok) {
      setLoading(false);
      track(mode === 'signin' ? 'login_error' : 'signup_error', { method: 'email', error: result.error });
      return refuse(failureText(result, t, lang, 'auth.error.network'), FIELDS_OF[result.error] ?? []);
    }
    // Google found this account's address but wants the password first: signed in, go back to Google to link it.
    if (mode === 'signin')
      return location.assign(
        new URLSearchParams(location.search).get('error') === 'password_first' ? links.google : links.callback,
      );
    // Said as it will happen: the return step goes back to a remembered result, else to the profile.
    setSuccess(t(wayBack ? 'login.signup.success.result' : 'login.signup.success'));
    setTimeout(() => location.assign(links.callback), SIGNUP_REDIRECT_MS);
  }

  const title = mode === 'signin' ? t('login.signin.title') : t('login.signup.title');
  return (
    <div className="login">
      <a className="button button-ghost" href={links.home}>
        <span aria-hidden="true">←</span> {t('login.back')}
      </a>
      <div className="login-grid">
        <section className="card login-card" aria-labelledby="login-title">
          <h1 id="login-title">{title}</h1>
          {/* Rendered empty and hidden until the way back is read; before that, the hint's CSS shows the text
              the island will write (src/lib/login-hint.ts), so the form below does not move when it does. */}
          <p
            className="notice login-context"
            data-testid="login-context"
            hidden={!wayBack}
            {...Object.fromEntries(
              CONTEXTS.map((context) => [`data-${context}`, t(`login.context.${context.replace('-', '.')}`)]),
            )}
          >
            {wayBack ? t(`login.context.${wayBack.kind}.${wayBack.purchase ? 'pay' : 'keep'}`) : null}
          </p>
          <form onSubmit={(e) => void submit(e)} noValidate>
            {/* The sign-up parts are in the page in either mode, hidden when signing in (see the context above). */}
            <div className="field login-signup-only" hidden={mode !== 'signup'}>
              <label htmlFor="full-name">
                {t('login.fullName')} <span className="muted">{t('login.optional')}</span>
              </label>
              <input
                id="full-name"
                type="text"
                name="name"
                autoComplete="name"
                value={fullName}
                maxLength={100}
                aria-describedby="full-name-hint"
                onChange={(e) => setFullName(e.target.value)}
              />
              <p id="full-name-hint" className="field-hint">
                {t('login.fullName.hint')}
              </p>
            </div>
            <div className="field">
              <label htmlFor="email">{t('login.email')}</label>
              <input
                id="email"
                name="email"
                type="email"
                autoComplete="email"
                required
                ref={inputs.email}
                {...fieldError('email')}
                value={email}
                onChange={(e) => {
                  setEmail(e.target.value);
                  edited('email');
                }}
              />
            </div>
            <div className="field">
              <label htmlFor="password">{t('login.password')}</label>
              <input
                id="password"
                name="password"
                type="password"
                required
                minLength={6}
                ref={inputs.password}
                {...fieldError('password', mode === 'signup' ? 'password-hint' : undefined)}
                autoComplete={mode === 'signin' ? 'current-password' : 'new-password'}
                value={password}
                onChange={(e) => {
                  setPassword(e.target.value);
                  edited('password');
                }}
              />
              <p id="password-hint" className="field-hint login-signup-only" hidden={mode !== 'signup'}>
                {t('login.password.hint')}
              </p>
              <p className="field-hint login-signin-only" hidden={mode === 'signup'}>
                <a className="standalone-link" href={links.reset}>
                  {t('login.forgot')}
                </a>
              </p>
            </div>
            <div className="field field-check login-signup-only" hidden={mode !== 'signup'}>
              <input
                id="mailing-list"
                type="checkbox"
                checked={mailingList}
                onChange={(e) => setMailingList(e.target.checked)}
                aria-describedby="mailing-list-hint"
              />
              <label htmlFor="mailing-list">{t('login.mailingList')}</label>
              <p id="mailing-list-hint" className="field-hint">
                {t('login.mailingList.hint')}
              </p>
            </div>
            <div aria-live="polite">
              {error ? (
                <p id={ERROR_ID} className="notice notice-error" role="alert">
                  {error}
                </p>
              ) : null}
              {success ? (
                <p className="notice notice-success" role="status">
                  {success}
                </p>
              ) : null}
            </div>
            <button type="submit" className="button button-large login-submit" disabled={loading}>
              {loading ? t('login.loading') : mode === 'signin' ? t('login.signin.submit') : t('login.signup.submit')}
            </button>
          </form>
          {/* A plain GET form, so a click before hydration is not lost: it reloads the page as ?mode=signup. */}
          <form
            className="login-toggle"
            method="get"
            onSubmit={(event) => {
              event.preventDefault();
              toggle();
            }}
          >
            {mode === 'signin' ? t('login.toggle.toSignup') : t('login.toggle.toSignin')}{' '}
            <button type="submit" className="link-button" name="mode" value={mode === 'signin' ? 'signup' : 'signin'}>
              {mode === 'signin' ? t('login.signup.title') : t('login.signin.title')}
            </button>
          </form>
          {/* "or" only before a way in: not before the note that Google sign-in is not available. */}
          {google === false ? null : (
            <p className="divider">
              <span>{t('login.or')}</span>
            </p>
          )}
          <GoogleButton t={t} google={google} href={links.google} />
          <TermsNote t={t} links={links} />
        </section>
        <Benefits t={t} />
      </div>
    </div>
  );
}
