/** The parts of the sign-in page around the form: the Google button, the terms note and the benefits. */
import type { T } from '../lib/client/texts.ts';
import { track } from '../lib/analytics.ts';

/** Google sign-in, disabled until the server says whether it is configured, or why it is unavailable. */
export function GoogleButton({ t, google, href }: { t: T; google: boolean | null; href: string }) {
  if (google === false) return <p className="notice">{t('auth.error.google.not_configured')}</p>;
  return (
    <a
      className="button button-ghost google-button"
      href={href}
      aria-disabled={google === null}
      onClick={() => track('login_attempt', { method: 'google' })}
    >
      <span aria-hidden="true" className="google-g">
        G
      </span>{' '}
      {t('login.google')}
    </a>
  );
}

export function TermsNote({ t, links }: { t: T; links: { terms: string; privacy: string; consent: string } }) {
  return (
    <p className="muted login-terms">
      {t('login.terms.before')} <a href={links.terms}>{t('login.terms.terms')}</a>,{' '}
      <a href={links.privacy}>{t('login.terms.privacy')}</a> {t('login.terms.and')}{' '}
      <a href={links.consent}>{t('login.terms.consent')}</a>.
    </p>
  );
}

export function Benefits({ t }: { t: T }) {
  return (
    <ul className="login-benefits">
      {['security', 'speed', 'convenience'].map((key) => (
        <li key={key} className="card">
          <h2>{t(`login.benefit.${key}.title`)}</h2>
          <p>{t(`login.benefit.${key}.text`)}</p>
        </li>
      ))}
    </ul>
  );
}
