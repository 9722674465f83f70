/**
 * The public check of a certificate by its code: genuine or not, only what the certificate itself shows, the
 * certificate image (the code is what lets its holder fetch it), and an invitation to take the test.
 */
import { useEffect, useState } from 'react';
import { verifyCode } from '../stores/certificates.ts';
import type { Verified } from '../api/certificates.ts';
import { makeT, type Texts } from '../lib/client/texts.ts';
import { cleanVerificationCode, printedCode, verifyPath } from '../domain/certificate-code.ts';
import { localizedPath, type Lang } from '../i18n/paths.ts';
import type { TestKind } from '../domain/views.ts';
import { longDate } from '../i18n/dates.ts';

type State =
  | { status: 'loading' }
  | { status: 'valid'; data: Verified; code: string }
  /** No certificate has the code: `asked` is the code as typed or linked (printed in groups when it reads as one), for the field to correct it. */
  | { status: 'invalid'; asked: string }
  /** The code names a saved result whose answers carry a caution, or a copy of another account's sheet: not certified. */
  | { status: 'cautioned' }
  | { status: 'no_clear_type' }
  /** An IQ result near chance: its reading stands, but no figure there is certified (issue 43). */
  | { status: 'near_chance' }
  | { status: 'duplicate' }
  | { status: 'withdrawn' }
  | { status: 'missing' }
  /** The server did not answer (after its tries): nothing is known about the code yet. */
  | { status: 'unavailable' };

export default function VerifyApp({
  texts,
  lang,
  testHrefs,
}: {
  texts: Texts;
  lang: Lang;
  testHrefs: Record<TestKind, string>;
}) {
  const t = makeT(texts, lang);
  const [state, setState] = useState<State>({ status: 'loading' });
  const [previewFailed, setPreviewFailed] = useState(false);
  const [tries, setTries] = useState(0);
  useEffect(() => {
    const asked = new URLSearchParams(location.search).get('code');
    if (!asked) return setState({ status: 'missing' });
    const code = cleanVerificationCode(asked);
    void verifyCode(asked, lang).then((r) => {
      if (r.ok && code) return setState({ status: 'valid', data: r.data, code });
      if (!r.ok && r.kind === 'unavailable') return setState({ status: 'unavailable' });
      const refusal = r.ok ? null : r.error;
      setState(
        refusal === 'certificate.error.caution'
          ? { status: 'cautioned' }
          : refusal === 'certificate.error.no_clear_type'
            ? { status: 'no_clear_type' }
            : refusal === 'certificate.error.near_chance'
              ? { status: 'near_chance' }
              : refusal === 'certificate.error.duplicate'
                ? { status: 'duplicate' }
                : refusal === 'certificate.error.withdrawn'
                  ? { status: 'withdrawn' }
                  : { status: 'invalid', asked: code ? printedCode(code) : asked },
      );
    });
  }, [lang, tries]);
  /** A field to type a code (or correct a mistyped one): its check opens this page for the code. */
  const codeForm = (typed: string) => (
    <form
      className="verify-form"
      method="get"
      action={localizedPath(lang, '/verify')}
      onSubmit={(event) => {
        const code = cleanVerificationCode(new FormData(event.currentTarget).get('code')?.toString() ?? '');
        if (!code) return;
        event.preventDefault();
        location.assign(verifyPath(lang, code));
      }}
    >
      <div className="field">
        <label htmlFor="verify-code-field">{t('verify.form.label')}</label>
        <div className="verify-form-row">
          <input
            id="verify-code-field"
            name="code"
            defaultValue={typed}
            required
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-describedby="verify-code-hint"
          />
          <button type="submit" className="button">
            {t('verify.form.submit')}
          </button>
        </div>
        <p id="verify-code-hint" className="field-hint">
          {t('verify.form.hint')}
        </p>
      </div>
    </form>
  );
  const testLink = (kind: TestKind, ghost = false) => (
    <a key={kind} className={ghost ? 'button button-ghost' : 'button'} href={testHrefs[kind]}>
      {t(`meta.action.${kind}`)}
    </a>
  );

  if (state.status === 'loading')
    return (
      <p className="loading" role="status">
        <span className="spinner" aria-hidden="true" /> {t('verify.loading')}
      </p>
    );
  if (state.status === 'unavailable')
    return (
      <section className="verify" aria-labelledby="verify-title">
        <h1 id="verify-title">{t('verify.unavailable.title')}</h1>
        <p role="alert">{t('verify.unavailable.text')}</p>
        <button
          type="button"
          className="button"
          onClick={() => {
            setState({ status: 'loading' });
            setTries((n) => n + 1);
          }}
        >
          {t('call.retry')}
        </button>
      </section>
    );
  if (state.status !== 'valid') {
    return (
      <section className="verify verify-invalid" aria-labelledby="verify-title">
        <h1 id="verify-title">
          <span aria-hidden="true">✗</span> {t(`verify.${state.status}.title`)}
        </h1>
        <p>{t(`verify.${state.status}.text`)}</p>
        {state.status === 'invalid' || state.status === 'missing'
          ? codeForm(state.status === 'invalid' ? state.asked : '')
          : null}
        <div className="verify-cta">
          <p>{t('verify.cta')}</p>
          <div className="verify-actions">{[testLink('iq'), testLink('professional', true)]}</div>
        </div>
      </section>
    );
  }
  const { data, code } = state;
  const test = t(`verify.kind.${data.kind}`);
  const date = longDate(lang, data.date);
  return (
    <section className="verify verify-valid" aria-labelledby="verify-title">
      <h1 id="verify-title">
        <span aria-hidden="true">✓</span> {t('verify.valid.title')}
      </h1>
      <div className="verify-layout">
        <div className="verify-facts">
          <dl className="facts">
            <div>
              <dt>{t('verify.holder')}</dt>
              <dd>{data.holder ?? t('verify.holderNone')}</dd>
            </div>
            <div>
              <dt>{t('verify.test')}</dt>
              <dd>{test}</dd>
            </div>
            <div>
              <dt>{t('verify.result')}</dt>
              <dd>{data.result}</dd>
            </div>
            <div>
              <dt>{t('verify.date')}</dt>
              <dd>{date}</dd>
            </div>
            <div className="verify-code">
              <dt>{t('verify.code')}</dt>
              <dd>{printedCode(code)}</dd>
            </div>
          </dl>
          <p className="muted">{data.detail}</p>
          {data.note ? <p className="muted">{data.note}</p> : null}
        </div>
        {previewFailed ? null : (
          <figure className="verify-preview">
            <img
              className="certificate-preview"
              src={`/api/certificates/${data.resultId}?lang=${lang}&code=${code}`}
              alt={t('verify.preview', {
                holder: data.holder ?? t('verify.holderNone'),
                test,
                result: data.result,
                date,
              })}
              width={1754}
              height={1240}
              loading="lazy"
              decoding="async"
              onError={() => setPreviewFailed(true)}
            />
          </figure>
        )}
        <div className="verify-cta">
          <p>{t('verify.cta')}</p>
          <div className="verify-actions">{testLink(data.kind)}</div>
        </div>
      </div>
    </section>
  );
}
