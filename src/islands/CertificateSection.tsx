/** The certificate block of both result pages. */
import { useEffect, useState } from 'react';
import { track } from '../lib/analytics.ts';
import type { T } from '../lib/client/texts.ts';
import { SignInLink } from './ResultParts.tsx';
import { certificateAddress, downloadCertificate } from '../stores/certificates.ts';
import type { ResultsLinks } from './results-data.ts';
import type { Lang } from '../i18n/paths.ts';
import type { TestKind } from '../domain/views.ts';

export const CERTIFICATE_READ_DELAY_MS = 2000;

/**
 * The certificate section (spec part 1): visitors are invited to sign in; a signed-in owner sees the certificate
 * in the page's language (rendered on the server, 2 s after load) and downloads it under the spec's file name.
 * A cautioned result earns none (the server answers 409): the section says why, to everyone, and offers a retake.
 */
export function CertificateSection({
  t,
  links,
  signedIn,
  kind,
  resultId,
  lang,
  refused,
  onRestart,
}: {
  t: T;
  links: ResultsLinks;
  signedIn: boolean;
  kind: TestKind;
  resultId?: string;
  lang: Lang;
  /**
   * Why the result earns no certificate, if it does not: a caution (or, for the career test, no clear type), or the
   * form's worked answers seen before it was taken (a retake on an unseen form is the way, not this form again).
   */
  refused?: 'caution' | 'key_seen';
  /** "Start again" as the page's own button does it (a visitor is warned before an unsaved result is dropped). */
  onRestart?: () => void;
}) {
  const [ready, setReady] = useState(false);
  const [state, setState] = useState<'generating' | 'shown' | 'failed'>('generating');
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!signedIn || !resultId || refused) return;
    const timer = setTimeout(() => setReady(true), CERTIFICATE_READ_DELAY_MS);
    return () => clearTimeout(timer);
  }, [signedIn, resultId, refused]);
  const url = resultId ? certificateAddress(resultId, lang) : '';

  async function download() {
    setDownloading(true);
    setError(null);
    try {
      if (!(await downloadCertificate(resultId!, lang))) setError(t('certificate.error.download'));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section className="result-block" aria-labelledby="cert-title">
      <h2 id="cert-title">{t('certificate.title')}</h2>
      {refused ? (
        <>
          <p data-testid="certificate-refused">{t(`certificate.error.${refused}`)}</p>
          {onRestart && refused === 'caution' ? (
            <button type="button" className="button button-ghost" onClick={onRestart}>
              {t('certificate.retake')}
            </button>
          ) : null}
        </>
      ) : !signedIn ? (
        <>
          <p>{t('certificate.signin')}</p>
          <SignInLink className="button button-ghost" kind={kind} resultId={resultId} links={links}>
            {t('nav.signin')}
          </SignInLink>
        </>
      ) : !resultId ? (
        <p>{t('certificate.saving')}</p>
      ) : (
        <>
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
          {error ? (
            <p className="notice notice-error" role="alert">
              {error}
            </p>
          ) : null}
          <button
            type="button"
            className="button"
            disabled={state !== 'shown' || downloading}
            onClick={() => void download()}
          >
            {downloading ? t('certificate.downloading') : t('certificate.download')}
          </button>
        </>
      )}
    </section>
  );
}
