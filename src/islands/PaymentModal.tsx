/**
 * The premium modal (spec part 2): full name and phone (required), read-only email, the three trust blurbs,
 * "Redirecting" while starting, and the renewal terms before paying. The subscription is said where it is bought
 * (issue 31): the button names the monthly renewal, the price shows in hryvnias beside the dollars on the Ukrainian
 * site (the charge is in USD, as WayForPay is configured), and the payer agrees to the public offer and the refund
 * policy, linked, before paying. A name typed here goes on the profile (and certificates) when the payer says so.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { loadMe } from '../stores/me.ts';
import { lastPayer, loadPrice, startCheckout } from '../stores/payment.ts';
import { failureText } from '../lib/client/failure-text.ts';
import { isPersonName, isPhone, phoneNumber } from '../domain/contact.ts';
import type { T } from '../lib/client/texts.ts';
import { track } from '../lib/analytics.ts';
import { Dialog } from './Dialog.tsx';
import { localizedPath, type Lang } from '../i18n/paths.ts';
import type { Price } from '../api/payments.ts';
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

/** The fields the form checks, in its order, each with what it says when wrong. */
const PROBLEMS = { name: 'payment.error.fullName', phone: 'payment.error.phone', consent: 'payment.error.consent' };
type PayField = keyof typeof PROBLEMS;

export function PaymentModal({ open, onClose, t, lang, kind, resultId, resultHref, paymentResultHref }: Props) {
  const [email, setEmail] = useState('');
  const [fullName, setFullName] = useState('');
  const [phone, setPhone] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The profile's name as stored ('' when none is given), once read. */
  const [profileName, setProfileName] = useState<string | null>(null);
  const [saveName, setSaveName] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const [price, setPrice] = useState<Price | null>(null);
  /** What is wrong with each field, said under it, all at once; a field's goes when it is changed. */
  const [problems, setProblems] = useState<PayField[]>([]);
  const fields = {
    name: useRef<HTMLInputElement>(null),
    phone: useRef<HTMLInputElement>(null),
    consent: useRef<HTMLInputElement>(null),
  };
  const fixed = (field: PayField) => setProblems((all) => all.filter((f) => f !== field));
  const marked = (field: PayField, hint = '') =>
    problems.includes(field)
      ? { 'aria-invalid': true, 'aria-describedby': `pay-${field}-error ${hint}` }
      : { 'aria-describedby': hint || undefined };
  const problem = (field: PayField) =>
    problems.includes(field) ? (
      <p id={`pay-${field}-error`} className="field-error">
        {t(PROBLEMS[field])}
      </p>
    ) : null;

  useEffect(() => {
    if (!open) return;
    // "Try again" after a declined payment: the name and phone that order was placed with, not asked again. The
    // consent is: it is given for each order, never ticked in advance.
    const payer = lastPayer();
    if (payer) setPhone((current) => current || payer.phone);
    void loadMe().then((r) => {
      if (!r.ok) return;
      setEmail(r.data.user.email);
      setProfileName(r.data.profile.fullName);
      // With no name on the profile yet, the one typed here is offered for it, ticked.
      setSaveName(r.data.profile.fullName === '');
      setFullName((current) => current || payer?.fullName || r.data.profile.fullName);
    });
    if (lang === 'uk') void loadPrice().then((r) => r.ok && setPrice(r.data));
  }, [open, lang]);
  const nameDiffers = profileName !== null && fullName.trim() !== '' && fullName.trim() !== profileName;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const ok = { name: isPersonName(fullName), phone: isPhone(phone), consent: agreed };
    const found = (Object.keys(PROBLEMS) as PayField[]).filter((field) => !ok[field]);
    setProblems(found);
    if (found.length) return fields[found[0]].current?.focus();
    setBusy(true);
    track('begin_checkout', {
      value: 1,
      currency: 'USD',
      items: [{ item_id: 'premium_30', item_name: 'Premium 30 days' }],
    });
    const res = await startCheckout(
      { fullName, phone, testType: kind, testResultId: resultId, saveName: nameDiffers && saveName, lang },
      resultHref,
    );
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
      <p className="muted payment-price">
        {t('payment.price')}
        {price?.uah
          ? ` ${t('payment.price.uah', {
              amount: price.uah.amount,
              date: new Date(`${price.uah.date}T12:00:00Z`).toLocaleDateString('uk-UA', { timeZone: 'UTC' }),
            })}`
          : null}
      </p>
      <form
        onSubmit={(e) => void submit(e)}
        // A changed field's error goes at once (pay-name → name …), not at the next submit.
        onChange={(e) => fixed((e.target as HTMLElement).id.slice(4) as PayField)}
        noValidate
      >
        <div className="field">
          <label htmlFor="pay-name">{t('payment.fullName')}</label>
          <input
            id="pay-name"
            autoComplete="name"
            required
            ref={fields.name}
            value={fullName}
            {...marked('name', 'pay-name-hint')}
            onChange={(e) => setFullName(e.target.value)}
          />
          {problem('name')}
          <p id="pay-name-hint" className="field-hint">
            {t('payment.fullName.hint')}
          </p>
        </div>
        {nameDiffers ? (
          <div className="field field-check">
            <input
              id="pay-save-name"
              type="checkbox"
              checked={saveName}
              onChange={(e) => setSaveName(e.target.checked)}
            />
            <label htmlFor="pay-save-name">{t('payment.saveName')}</label>
          </div>
        ) : null}
        <div className="field">
          <label htmlFor="pay-phone">{t('payment.phone')}</label>
          <input
            id="pay-phone"
            type="tel"
            autoComplete="tel"
            required
            placeholder={t('payment.phone.placeholder')}
            ref={fields.phone}
            {...marked('phone', 'pay-phone-hint')}
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            // The number as it will be kept and sent, once it is one: "050 123 45 67" shows as +380501234567.
            onBlur={() => setPhone((typed) => phoneNumber(typed) ?? typed)}
          />
          {problem('phone')}
          <p id="pay-phone-hint" className="field-hint">
            {t('payment.phone.hint')}
          </p>
        </div>
        <div className="field">
          <label htmlFor="pay-email">{t('login.email')}</label>
          <input id="pay-email" type="email" readOnly value={email} />
        </div>
        <div className="field field-check">
          <input
            id="pay-consent"
            type="checkbox"
            required
            ref={fields.consent}
            checked={agreed}
            {...marked('consent')}
            onChange={(e) => setAgreed(e.target.checked)}
          />
          <label htmlFor="pay-consent">
            {t('payment.consent.before')}{' '}
            <a href={localizedPath(lang, '/legal/offer')} target="_blank" rel="noopener">
              {t('payment.consent.offer')}
            </a>{' '}
            {t('payment.consent.and')}{' '}
            <a href={localizedPath(lang, '/legal/refund')} target="_blank" rel="noopener">
              {t('payment.consent.refund')}
            </a>
            {t('payment.consent.after')}
          </label>
        </div>
        {problem('consent')}
        {error ? (
          <p className="notice notice-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button button-large login-submit payment-submit" disabled={busy}>
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
