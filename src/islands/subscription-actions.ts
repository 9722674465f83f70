/**
 * The overview's actions — redeem a promo code, stop renewal, turn it back on — with what they say back. The profile shell holds
 * them, so a typed code and the last message survive switching tabs; `refresh` reloads the profile after a change.
 */
import { useState } from 'react';
import { redeemPromo, resumeRenewal, stopRenewal } from '../stores/subscription.ts';
import { failureText } from '../lib/client/failure-text.ts';
import type { T } from '../lib/client/texts.ts';
import type { Lang } from '../i18n/paths.ts';

type Message = { ok: boolean; text: string } | null;

export function useSubscriptionActions(lang: Lang, t: T, refresh: () => void) {
  const [promo, setPromo] = useState('');
  const [promoMessage, setPromoMessage] = useState<Message>(null);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [cancelMessage, setCancelMessage] = useState<Message>(null);

  const applyPromo = async () => {
    const res = await redeemPromo(promo, lang);
    setPromoMessage(
      res.ok
        ? { ok: true, text: res.data.message }
        : { ok: false, text: failureText(res, t, lang, 'promo.error.network') },
    );
    if (res.ok) {
      setPromo('');
      refresh();
    }
  };
  const cancel = async () => {
    const res = await stopRenewal();
    setCancelOpen(false);
    // While premium runs on, the card's own line says it, with the date ("Renewal cancelled: premium stays active
    // until …", announced as it appears): a second, near-identical message under it would only repeat it (issue 31).
    setCancelMessage(
      res.ok
        ? res.data.subscription.active
          ? null
          : { ok: true, text: t('subscription.cancel.successEnded') }
        : { ok: false, text: failureText(res, t, lang, 'subscription.cancel.error') },
    );
    // Renewal is recorded as stopped even when the provider has not confirmed yet: the card then says so.
    if (res.ok || res.status === 502) refresh();
  };

  const [resuming, setResuming] = useState(false);
  /** Renewal back on: the card then names the next charge again, so only a failure needs words of its own. */
  const resume = async () => {
    setResuming(true);
    const res = await resumeRenewal();
    setResuming(false);
    setCancelMessage(res.ok ? null : { ok: false, text: failureText(res, t, lang, 'subscription.resume.failed') });
    if (res.ok) refresh();
  };

  return {
    promo,
    setPromo,
    promoMessage,
    applyPromo,
    cancelOpen,
    setCancelOpen,
    cancelMessage,
    cancel,
    resume,
    resuming,
  };
}

export type SubscriptionActions = ReturnType<typeof useSubscriptionActions>;
