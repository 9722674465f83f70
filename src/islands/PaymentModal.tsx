/**
 * The premium modal (spec part 2): full name and phone (required), read-only email, "Get results for $1", the
 * three trust blurbs, "Redirecting" while starting, the 600 s countdown, and the renewal terms before paying.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { loadMe } from '../stores/account.ts';
import { startCheckout } from '../stores/payment.ts';
import { failureText } from '../lib/client/failure-text.ts';
import { isPersonName, isPhone } from '../domain/contact.ts';
import type { T } from '../lib/client/texts.ts';
import { track } from '../lib/analytics.ts';
import { Dialog } from './Dialog.tsx';
import type { Lang } from '../i18n/paths.ts';
import type { TestKind } from '../domain/views.ts';

declare global {
  interface Window {
    Wayforpay?: new () => {
      run(
        params: unknown,
        approved: (r: unknown) => void,
        declined: (r: unknown) => void,
        pending: (r: unknown) => void,
      ): void;
    };
  }
}

function loadWidget(): Promise<void> {
  if (window.Wayforpay) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.id = 'widget-wfp-script';
    script.src = 'https://secure.wayforpay.com/server/pay-widget.js';
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('widget'));
    document.head.appendChild(script);
  });
}

interface Props {
  open: boolean;
  onClose: () => void;
  t: T;
  lang: Lang;
  kind?: TestKind;
  resultId?: string;
  resultHref: string;
  paymentResultHref: string;
}

export function PaymentModal({ open, onClose, t, lang, kind, resultId, resultHref, paymentResultHref }: Props) {
  const [email, setEmail] = useState('');
  const [fullName, setFullName] = useState('');
  const [phone, setPhone] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    void loadMe().then((r) => {
      if (!r.ok) return;
      setEmail(r.data.user.email);
      setFullName((current) => current || r.data.profile.fullName);
    });
  }, [open]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!isPersonName(fullName)) return setError(t('payment.error.fullName'));
    if (!isPhone(phone)) return setError(t('payment.error.phone'));
    setBusy(true);
    track('begin_checkout', {
      value: 1,
      currency: 'USD',
      items: [{ item_id: 'premium_30', item_name: 'Premium 30 days' }],
    });
    const res = await startCheckout({ fullName, phone, testType: kind, testResultId: resultId, lang }, resultHref);
    if (!res.ok) {
      setBusy(false);
      return setError(failureText(res, t, lang, 'payment.error.init'));
    }
    const outcome = (status: string) =>
      location.assign(`${paymentResultHref}?orderReference=${res.data.orderReference}&transactionStatus=${status}`);
    const checkout = res.data;
    if ('redirectUrl' in checkout) return location.assign(checkout.redirectUrl);
    try {
      await loadWidget();
      new window.Wayforpay!().run(
        checkout.widget,
        () => outcome('Approved'),
        () => {
          setError(t('payment.error.declined'));
          outcome('Declined');
        },
        () => outcome('Pending'),
      );
    } catch {
      setBusy(false);
      setError(t('payment.error.init'));
    }
  }

  return (
    <Dialog open={open} onClose={onClose} labelledBy="payment-title" className="payment-dialog">
      <div className="dialog-head">
        <h2 id="payment-title">{t('payment.title')}</h2>
        <button type="button" className="dialog-close" onClick={onClose} aria-label={t('payment.close')}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <p className="muted">{t('payment.terms')}</p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <label htmlFor="pay-name">{t('payment.fullName')}</label>
          <input
            id="pay-name"
            autoComplete="name"
            required
            value={fullName}
            onChange={(e) => setFullName(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="pay-phone">{t('payment.phone')}</label>
          <input
            id="pay-phone"
            type="tel"
            autoComplete="tel"
            required
            placeholder={t('payment.phone.placeholder')}
            aria-describedby="pay-phone-hint"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
          />
          <p id="pay-phone-hint" className="field-hint">
            {t('payment.phone.hint')}
          </p>
        </div>
        <div className="field">
          <label htmlFor="pay-email">{t('login.email')}</label>
          <input id="pay-email" type="email" readOnly value={email} />
        </div>
        {error ? (
          <p className="notice notice-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button button-large login-submit" disabled={busy}>
          {busy ? t('payment.redirecting') : t('payment.submit')}
        </button>
      </form>
      {kind ? (
        <ul className="trust">
          {[1, 2, 3].map((n) => (
            <li key={n}>{t(`payment.trust.${kind}.${n}`)}</li>
          ))}
        </ul>
      ) : null}
    </Dialog>
  );
}
