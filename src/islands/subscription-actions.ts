/**
 * The overview's two actions — redeem a promo code, stop renewal — with what they say back. The profile shell holds
 * them, so a typed code and the last message survive switching tabs; `refresh` reloads the profile after a change.
 */
import { useState } from 'react';
import { postJson } from '../lib/client/api.ts';
import type { T } from '../lib/client/texts.ts';
import type { Lang } from '../i18n/paths.ts';

type Message = { ok: boolean; text: string } | null;

export function useSubscriptionActions(lang: Lang, t: T, refresh: () => void) {
  const [promo, setPromo] = useState('');
  const [promoMessage, setPromoMessage] = useState<Message>(null);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [cancelMessage, setCancelMessage] = useState<Message>(null);

  const applyPromo = async () => {
    const res = await postJson<{ message: string }>('/api/promo', { promoCode: promo, lang });
    setPromoMessage(
      res.ok
        ? { ok: true, text: res.data.message }
        : { ok: false, text: res.status === 0 ? t('promo.error.network') : (res.message ?? t('promo.error.network')) },
    );
    if (res.ok) {
      setPromo('');
      refresh();
    }
  };
  const cancel = async () => {
    const res = await postJson<{ subscription: { active: boolean } }>('/api/subscription/cancel', { lang });
    setCancelOpen(false);
    setCancelMessage(
      res.ok
        ? {
            ok: true,
            text: t(res.data.subscription.active ? 'subscription.cancel.success' : 'subscription.cancel.successEnded'),
          }
        : { ok: false, text: res.message ?? t('subscription.cancel.error') },
    );
    // Renewal is recorded as stopped even when the provider has not confirmed yet: the card then says so.
    if (res.ok || res.status === 502) refresh();
  };

  return { promo, setPromo, promoMessage, applyPromo, cancelOpen, setCancelOpen, cancelMessage, cancel };
}

export type SubscriptionActions = ReturnType<typeof useSubscriptionActions>;
