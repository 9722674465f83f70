/** The certificate block of both result pages. */
import { useEffect, useState, type FormEvent } from 'react';
import { track } from '../lib/analytics.ts';
import type { T } from '../lib/client/texts.ts';
import { SignInLink } from './ResultParts.tsx';
import { certificateAddress, downloadCertificate } from '../stores/certificates.ts';
import { loadMe, renameAccount } from '../stores/me.ts';
import { failureText } from '../lib/client/failure-text.ts';
import { isPersonName } from '../domain/contact.ts';
import type { ResultsLinks } from './results-data.ts';
import type { Lang } from '../i18n/paths.ts';
import type { TestKind } from '../domain/views.ts';

export const CERTIFICATE_READ_DELAY_MS = 2000;

/**
 * The certificate section (spec part 1): visitors are invited to sign in; a signed-in owner sees the certificate
 * in the page's language (rendered on the server, 2 s after load) and downloads it under the spec's file name.
 * A cautioned result earns none (the server answers 409): the section says why, to everyone, and offers a retake.
 * A certificate carries its holder's own name: an owner who has given none is asked for it here first (issue 31);
 * the PNG can be downloaded in either language, whatever the page's.
 */
export function CertificateSection({
  t,
  links,
  signedIn,
  kind,
  resultId,
  lang,
  refused,
}: {
  t: T;
  links: ResultsLinks;
  signedIn: boolean;
  kind: TestKind;
  resultId?: string;
  lang: Lang;
  /**
   * Why the result earns no certificate, if it does not: a caution, no clear type (the career test), or the
   * form's worked answers seen before it was taken (a retake on an unseen form is the way, not this form again).
   */
  refused?: 'caution' | 'no_clear_type' | 'key_seen' | 'near_chance';
}) {
  const [ready, setReady] = useState(false);
  const [state, setState] = useState<'generating' | 'shown' | 'failed'>('generating');
  const [downloading, setDownloading] = useState<Lang | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The holder's name: unknown until the profile is read, '' when none is given. */
  const [holder, setHolder] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [naming, setNaming] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const wanted = signedIn && Boolean(resultId) && !refused;
  useEffect(() => {
    if (!wanted) return;
    void loadMe().then((r) => setHolder(r.ok ? r.data.profile.fullName : 'unknown'));
  }, [wanted]);
  const named = holder !== null && holder !== '';
  useEffect(() => {
    if (!wanted || !named) return;
    const timer = setTimeout(() => setReady(true), CERTIFICATE_READ_DELAY_MS);
    return () => clearTimeout(timer);
  }, [wanted, named]);
  const url = resultId ? certificateAddress(resultId, lang) : '';
  const other: Lang = lang === 'uk' ? 'en' : 'uk';

  async function download(as: Lang) {
    setDownloading(as);
    setError(null);
    try {
      if (!(await downloadCertificate(resultId!, as))) setError(t('certificate.error.download'));
    } finally {
      setDownloading(null);
    }
  }

  async function saveName(event: FormEvent) {
    event.preventDefault();
    setNameError(null);
    // Nothing typed is asked for; something typed that is no name is said to be so.
    if (!name.trim()) return setNameError(t('certificate.name.empty'));
    if (!isPersonName(name)) return setNameError(t('certificate.name.invalid'));
    setNaming(true);
    const r = await renameAccount(name, lang);
    setNaming(false);
    if (!r.ok) return setNameError(failureText(r, t, lang));
    void loadMe({ fresh: true });
    setHolder(r.data.profile.fullName);
  }

  return (
    <section className="result-block" aria-labelledby="cert-title">
      <h2 id="cert-title">{t('certificate.title')}</h2>
      {refused ? (
        // The way on is the page's own "start again", below: one button for it (issue 31 audit: two, named apart).
        <p data-testid="certificate-refused">{t(`certificate.error.${refused}`)}</p>
      ) : !signedIn ? (
        <>
          <p>{t('certificate.signin')}</p>
          <SignInLink className="button button-ghost" kind={kind} resultId={resultId} links={links}>
            {t('nav.signin')}
          </SignInLink>
        </>
      ) : !resultId ? (
        <p>{t('certificate.saving')}</p>
      ) : holder === '' ? (
        <form onSubmit={(e) => void saveName(e)} noValidate className="certificate-name">
          <p id="cert-name-intro">{t('certificate.name.intro')}</p>
          <div className="field">
            <label htmlFor="cert-name">{t('certificate.name.label')}</label>
            <input
              id="cert-name"
              autoComplete="name"
              maxLength={100}
              required
              aria-describedby="cert-name-intro"
              aria-invalid={nameError ? true : undefined}
              aria-errormessage={nameError ? 'cert-name-error' : undefined}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          {nameError ? (
            <p id="cert-name-error" className="notice notice-error" role="alert">
              {nameError}
            </p>
          ) : null}
          <button type="submit" className="button" disabled={naming}>
            {naming ? t('certificate.name.saving') : t('certificate.name.save')}
          </button>
        </form>
      ) : (
        <>
          {/* The certificate's place is kept from the start, so its picture arriving moves nothing below it. */}
          <div className={`certificate-frame${state === 'failed' ? ' certificate-frame-failed' : ''}`}>
            {state === 'generating' ? (
              <p role="status" className="loading">
                <span className="spinner" aria-hidden="true" /> {t('certificate.generating')}
              </p>
            ) : null}
            {ready ? (
              <img
                className="certificate-preview"
                src={url}
                alt={t('certificate.preview')}
                width={1754}
                height={1240}
                hidden={state !== 'shown'}
                onLoad={() => {
                  setState('shown');
                  track('certificate_generated', { testType: kind, language: lang });
                }}
                onError={() => {
                  setState('failed');
                  setError(t('certificate.error.generate'));
                }}
              />
            ) : null}
          </div>
          {error ? (
            <p className="notice notice-error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="actions">
            <button
              type="button"
              className="button"
              disabled={state !== 'shown' || downloading !== null}
              onClick={() => void download(lang)}
            >
              {downloading === lang ? t('certificate.downloading') : t(`certificate.download.${lang}`)}
            </button>
            <button
              type="button"
              className="button button-ghost"
              disabled={state !== 'shown' || downloading !== null}
              onClick={() => void download(other)}
            >
              {downloading === other ? t('certificate.downloading') : t(`certificate.download.${other}`)}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
