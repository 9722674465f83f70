/** The public check of a certificate by its code: genuine or not, and only what the certificate itself shows. */
import { useEffect, useState } from 'react';
import { getJson } from '../lib/client/api.ts';
import { makeT, type Texts } from '../lib/client/texts.ts';
import type { Lang } from '../i18n/paths.ts';
import type { TestKind } from '../domain/views.ts';

interface Verified {
  valid: true;
  holder: string;
  kind: TestKind;
  result: string;
  detail: string;
  date: string;
}

export default function VerifyApp({ texts, lang }: { texts: Texts; lang: Lang }) {
  const t = makeT(texts, lang);
  const [state, setState] = useState<
    { status: 'loading' } | { status: 'valid'; data: Verified } | { status: 'invalid' } | { status: 'missing' }
  >({ status: 'loading' });
  useEffect(() => {
    const code = new URLSearchParams(location.search).get('code');
    if (!code) return setState({ status: 'missing' });
    void getJson<Verified>(`/api/certificates/verify/${encodeURIComponent(code)}?lang=${lang}`).then((r) =>
      setState(r.ok ? { status: 'valid', data: r.data } : { status: 'invalid' }),
    );
  }, []);
  if (state.status === 'loading')
    return (
      <p className="loading" role="status">
        <span className="spinner" aria-hidden="true" /> {t('verify.loading')}
      </p>
    );
  if (state.status !== 'valid') {
    return (
      <section className="verify verify-invalid" aria-labelledby="verify-title">
        <h1 id="verify-title">
          <span aria-hidden="true">✗</span>{' '}
          {t(state.status === 'missing' ? 'verify.missing.title' : 'verify.invalid.title')}
        </h1>
        <p>{t(state.status === 'missing' ? 'verify.missing.text' : 'verify.invalid.text')}</p>
      </section>
    );
  }
  const { data } = state;
  return (
    <section className="verify verify-valid" aria-labelledby="verify-title">
      <h1 id="verify-title">
        <span aria-hidden="true">✓</span> {t('verify.valid.title')}
      </h1>
      <dl className="facts">
        <div>
          <dt>{t('verify.holder')}</dt>
          <dd>{data.holder}</dd>
        </div>
        <div>
          <dt>{t('verify.test')}</dt>
          <dd>{t(`verify.kind.${data.kind}`)}</dd>
        </div>
        <div>
          <dt>{t('verify.result')}</dt>
          <dd>{data.result}</dd>
        </div>
        <div>
          <dt>{t('verify.date')}</dt>
          <dd>
            {new Date(data.date).toLocaleDateString(lang === 'uk' ? 'uk-UA' : 'en-GB', {
              day: 'numeric',
              month: 'long',
              year: 'numeric',
            })}
          </dd>
        </div>
      </dl>
      <p className="muted">{data.detail}</p>
    </section>
  );
}
