/** The profile's subscription card: its status and facts, the stop-renewal button, and the dialog that confirms it. */
import type { T } from '../lib/client/texts.ts';
import { Dialog } from './Dialog.tsx';
import type { Me } from './profile-data.ts';
import type { SubscriptionActions } from './subscription-actions.ts';

type Subscription = Me['subscription'];

/** What the subscription card says beyond "active": promo end date, next charge, stopped renewal, a failed renewal. */
function SubscriptionFacts({
  subscription: s,
  t,
  expiry,
  formatDate,
}: {
  subscription: Subscription;
  t: T;
  expiry: string;
  formatDate: (iso: string) => string;
}) {
  // A failed renewal and a stop not yet confirmed matter most once premium has lapsed, so they show either way.
  const notices = (
    <>
      {s.renewalFailedAt ? (
        <p className="notice notice-error">
          {t(s.active ? 'profile.subscription.renewalFailed' : 'profile.subscription.renewalFailedEnded', {
            date: expiry,
          })}
        </p>
      ) : null}
      {s.stopPending ? <p className="notice notice-error">{t('profile.subscription.stopPending')}</p> : null}
    </>
  );
  if (!s.active)
    return (
      <>
        {notices}
        {s.renewalStoppable && !s.stopPending ? <p>{t('profile.subscription.scheduleLive')}</p> : null}
      </>
    );
  if (s.source === 'promo')
    return (
      <>
        {notices}
        <p>{t('profile.subscription.promoUntil', { date: expiry })}</p>
      </>
    );
  // After a failed charge WayForPay's next attempt is not ours to date: the notice says what is known.
  if (s.renewalFailedAt) return notices;
  return (
    <>
      {notices}
      {s.nextCharge ? (
        <p>
          {t('profile.subscription.nextCharge', { amount: t('payment.amount'), date: formatDate(s.nextCharge.at) })}
        </p>
      ) : (
        <p>{t(s.cancelledAt ? 'profile.cancelled' : 'profile.subscription.scheduleEnded', { date: expiry })}</p>
      )}
    </>
  );
}

interface Props {
  subscription: Subscription;
  t: T;
  date: (iso: string) => string;
  actions: SubscriptionActions;
}

/** The premium end date as the card and the dialog put it in a sentence ('' without one). */
const expiryOf = (s: Subscription, date: (iso: string) => string) => (s.expiresAt ? date(s.expiresAt) : '');

export function SubscriptionCard({ subscription: s, t, date, actions }: Props) {
  return (
    <div className="card subscription-card">
      <h2>{t('profile.subscription')}</h2>
      <p className={s.active ? 'premium-badge' : undefined}>
        {s.active ? t('profile.premium.active', { n: s.daysLeft ?? 30 }) : t(`profile.subscription.${s.status}`)}
      </p>
      {/* Polite: what a change (stopping renewal, a promo code) leaves is read out as the card updates. */}
      <div aria-live="polite">
        <SubscriptionFacts subscription={s} t={t} expiry={expiryOf(s, date)} formatDate={date} />
      </div>
      {/* Whenever a schedule may still charge, premium or not: a lapsed subscription's schedule can charge again. */}
      {s.renewalStoppable ? (
        <button type="button" className="button button-ghost" onClick={() => actions.setCancelOpen(true)}>
          {t('profile.cancel')}
        </button>
      ) : null}
      {/* Stopped by the person while premium runs: one click turns it back on (issue 31). */}
      {s.renewalResumable && !s.renewalStoppable ? (
        <button type="button" className="button" disabled={actions.resuming} onClick={() => void actions.resume()}>
          {t('profile.resume')}
        </button>
      ) : null}
      <ActionMessage message={actions.cancelMessage} />
    </div>
  );
}

/** What an action said back: a success or an error, announced politely. */
export function ActionMessage({ message }: { message: SubscriptionActions['promoMessage'] }) {
  if (!message) return null;
  return (
    <p className={`notice ${message.ok ? 'notice-success' : 'notice-error'}`} role="status">
      {message.text}
    </p>
  );
}

export function CancelDialog({ subscription, t, date, actions }: Props) {
  return (
    <Dialog open={actions.cancelOpen} onClose={() => actions.setCancelOpen(false)} labelledBy="cancel-title">
      <h2 id="cancel-title">{t('profile.cancel.title')}</h2>
      <p>
        {subscription.active
          ? t('profile.cancel.text', { date: expiryOf(subscription, date) })
          : t('profile.cancel.textEnded')}
      </p>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={() => actions.setCancelOpen(false)}>
          {t('profile.cancel.keep')}
        </button>
        <button type="button" className="button button-ghost" onClick={() => void actions.cancel()}>
          {t('profile.cancel.confirm')}
        </button>
      </div>
    </Dialog>
  );
}
