/**
 * A gentle note for an account whose address is not confirmed yet (issue 30, point 2): what to do, and "send again"
 * (three an hour; the server says when to stop). Nothing is blocked meanwhile: tests, results and premium work.
 */
import { useState } from 'react';
import { resendConfirmation } from '../stores/account.ts';
import type { Lang } from '../i18n/paths.ts';

type Sent = 'idle' | 'sending' | 'sent' | 'limited' | 'confirmed' | 'failed';

export function ConfirmBanner({
  t,
  lang,
  email,
}: {
  t: (key: string, vars?: Record<string, string | number>) => string;
  lang: Lang;
  email: string;
}) {
  const [sent, setSent] = useState<Sent>('idle');
  const send = async () => {
    setSent('sending');
    setSent(await resendConfirmation(lang));
  };
  return (
    <section className="card confirm-banner" aria-labelledby="confirm-banner-title">
      <h2 id="confirm-banner-title">{t('profile.confirm.title')}</h2>
      <p>{t('profile.confirm.text', { email })}</p>
      <button type="button" className="button button-ghost" disabled={sent === 'sending'} onClick={() => void send()}>
        {t('profile.confirm.sendAgain')}
      </button>
      {sent !== 'idle' && sent !== 'sending' ? (
        <p role="status" aria-live="polite">
          {t(`profile.confirm.${sent}`)}
        </p>
      ) : null}
    </section>
  );
}
