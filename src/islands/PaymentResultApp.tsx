/**
 * The payment outcome (spec part 2): the status the server knows for the order (asked again while pending), its
 * title and message (with WayForPay's reason when a payment did not go through), subscription details, benefits,
 * the test it unlocks, and a 5 s countdown to that result that the person can turn off.
 */
import { useEffect, useRef, useState } from 'react';
import { forgetPurchase, orderStatus, purchaseStarted, resumePurchaseLater } from '../stores/payment.ts';
import type { OrderStatus } from '../api/payments.ts';
import { declineReason } from '../domain/decline-reasons.ts';
import type { PurchaseContext } from '../lib/client/session.ts';
import { makeT, type Texts } from '../lib/client/texts.ts';
import { track } from '../lib/analytics.ts';
import type { Lang } from '../i18n/paths.ts';

export const COUNTDOWN_SECONDS = 5;
const POLL_MS = 2000;
const POLL_FOR_MS = 30_000;

type Order = OrderStatus;
type Kind = 'approved' | 'declined' | 'pending' | 'unknown';
const kindOf = (status: string): Kind =>
  status === 'Approved'
    ? 'approved'
    : status === 'Declined' || status === 'Failed' || status === 'Expired'
      ? 'declined'
      : ['Pending', 'InProcessing', 'WaitingAuthComplete', 'Created'].includes(status)
        ? 'pending'
        : 'unknown';

interface Arrival {
  reference: string | null;
  status: string | null;
  context: PurchaseContext | null;
}

interface Props {
  texts: Texts;
  lang: Lang;
  links: { home: string; profile: string; results: string; proResults: string };
}

export default function PaymentResultApp({ texts, lang, links }: Props) {
  const t = makeT(texts, lang);
  const [order, setOrder] = useState<Order | null>(null);
  const [status, setStatus] = useState<Kind>('pending');
  const [seconds, setSeconds] = useState(COUNTDOWN_SECONDS);
  // The 5 s move to the results can be turned off (WCAG 2.2.1): the person stays to read the page.
  const [stayed, setStayed] = useState(false);
  const viewLink = useRef<HTMLAnchorElement>(null);
  // What the address and this tab know is read after hydration, so the first render is the server's (no #418).
  const [arrival, setArrival] = useState<Arrival | null>(null);
  const reference = arrival?.reference ?? null;
  const context = arrival?.context ?? null;
  const testType = order?.testType ?? context?.testType ?? null;
  const resultId = order?.testResultId ?? context?.testResultId ?? null;
  const target = testType
    ? `${testType === 'iq' ? links.results : links.proResults}${resultId ? `?id=${resultId}` : ''}`
    : links.profile;

  useEffect(() => {
    const query = new URLSearchParams(location.search);
    setArrival({
      reference: query.get('orderReference') ?? query.get('paymentId'),
      status: query.get('transactionStatus') ?? query.get('status'),
      context: purchaseStarted(),
    });
  }, []);

  useEffect(() => {
    if (!arrival) return;
    if (!reference) return setStatus(kindOf(arrival.status ?? ''));
    let stopped = false;
    const started = Date.now();
    const ask = async () => {
      const res = await orderStatus(reference);
      if (stopped) return;
      if (!res.ok) return setStatus('unknown');
      setOrder(res.data);
      const kind = kindOf(res.data.status);
      setStatus(kind);
      if (kind === 'pending' && Date.now() - started < POLL_FOR_MS) setTimeout(() => void ask(), POLL_MS);
    };
    void ask();
    return () => {
      stopped = true;
    };
  }, [arrival, reference]);

  useEffect(() => {
    if (status === 'approved') {
      // The amount the order was charged, as the server recorded it; without the order there is no figure to report.
      if (order) track('purchase', { transaction_id: reference, value: order.amount, currency: order.currency });
      track('purchase_complete', { transaction_id: reference });
    }
    if (status === 'declined') track('purchase_failed', { transaction_id: reference });
    if (status !== 'approved' || stayed) return;
    const timer = setInterval(() => setSeconds((s) => s - 1), 1000);
    return () => clearInterval(timer);
  }, [status, order, reference, stayed]);

  useEffect(() => {
    if (status !== 'approved' || stayed || seconds > 0) return;
    forgetPurchase();
    location.assign(target);
  }, [seconds, status, stayed, target]);

  const reason = status === 'declined' && order ? declineReason(order.status, order.reasonCode) : null;
  // Until the order's state is known, only the heading shows: the details then arrive below it rather than being
  // pushed down by a reason or a support line that the outcome adds (a layout shift of 0.12 on a declined payment).
  const settled = arrival !== null && (reference === null || order !== null || status === 'unknown');

  return (
    <section className={`payment-result payment-${status}`} aria-labelledby="payment-result-title">
      <p className="payment-icon" aria-hidden="true">
        {status === 'approved' ? '✓' : status === 'declined' ? '✗' : status === 'pending' ? '…' : '?'}
      </p>
      <h1 id="payment-result-title">{t(`paymentResult.${status}.title`)}</h1>
      <p role="status">{t(`paymentResult.${status}.text`)}</p>
      {settled ? (
        <>
          {reason ? (
            <p className="decline-reason">
              <strong>{t('paymentResult.reason.label')}:</strong> {t(`paymentResult.reason.${reason}`)}
            </p>
          ) : null}
          {status === 'declined' ? <p>{t('paymentResult.support')}</p> : null}
          {/* The way on first: on a phone the countdown and "stay" are on the first screen, the details below. */}
          {status === 'approved' ? (
            <>
              <p aria-live="polite">
                {stayed ? t('paymentResult.stayed') : t('paymentResult.countdown', { n: Math.max(0, seconds) })}
              </p>
              <p className="result-actions">
                <a className="button" href={target} ref={viewLink}>
                  {t('paymentResult.view')}
                </a>
                <a className="button button-ghost" href={links.home}>
                  {t('paymentResult.tests')}
                </a>
                {stayed ? null : (
                  <button
                    type="button"
                    className="button button-ghost"
                    onClick={() => {
                      setStayed(true);
                      // The button goes; focus goes to the way on, not to the page's start.
                      viewLink.current?.focus();
                    }}
                  >
                    {t('paymentResult.stay')}
                  </button>
                )}
              </p>
            </>
          ) : null}
          <dl className="facts">
            <div>
              <dt>{t('paymentResult.subscription')}</dt>
              <dd>{order?.subscription.active ? t('paymentResult.active') : t('paymentResult.inactive')}</dd>
            </div>
            <div>
              <dt>{t('paymentResult.order')}</dt>
              <dd className="order-ref">{reference ?? '—'}</dd>
            </div>
            <div className="fact-words">
              <dt>{t('paymentResult.type')}</dt>
              <dd>{t('paymentResult.premium30')}</dd>
            </div>
            {testType ? (
              <div className="fact-words">
                <dt>{t('paymentResult.test')}</dt>
                <dd>{t(`paymentResult.test.${testType}`)}</dd>
              </div>
            ) : null}
          </dl>
          {status === 'approved' ? (
            <>
              <h2>{t('paymentResult.benefits')}</h2>
              <ul className="check-list">
                {[1, 2, 3, 4].map((n) => (
                  <li key={n}>{t(`paymentResult.benefit.${n}`)}</li>
                ))}
              </ul>
            </>
          ) : (
            <p className="result-actions">
              {/* Declined: tried again where it started, a result or the profile, with the form open there. */}
              {status === 'declined' ? (
                <button
                  type="button"
                  className="button"
                  onClick={() => {
                    resumePurchaseLater(testType ?? 'profile');
                    location.assign(target);
                  }}
                >
                  {t('paymentResult.retry')}
                </button>
              ) : null}
              {testType ? (
                <a className="button button-ghost" href={target}>
                  {t('paymentResult.backToResult')}
                </a>
              ) : null}
              <a className={testType || status === 'declined' ? 'button button-ghost' : 'button'} href={links.home}>
                {t('results.home')}
              </a>
            </p>
          )}
        </>
      ) : null}
    </section>
  );
}
