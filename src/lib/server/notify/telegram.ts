/** Telegram Bot API sendMessage to the team's chat: POST /bot<token>/sendMessage with chat_id and text. */
import type { Delivery } from './mailchimp.ts';
import { env } from '../env.ts';

export interface ChatNotification {
  type: 'registration' | 'subscription_purchased' | 'ownerless_charge';
  data: Record<string, unknown>;
}

export function chatText(n: ChatNotification): string {
  const d = n.data;
  if (n.type === 'registration')
    return `🆕 New user: ${d.fullName ?? ''} <${d.email}> (${d.via ?? 'email'}) · id ${d.userId}`;
  // 0015: a charge WayForPay took after its payer deleted the account; it granted nothing and is to be refunded.
  if (n.type === 'ownerless_charge')
    return `⚠️ Charge approved for a deleted account — refund it in WayForPay: ${d.charge} · ${d.subscriptionAmount} ${d.subscriptionCurrency} · order ${d.paymentId}`;
  return `💳 Premium ${d.renewal ? 'renewed' : 'purchased'}: ${d.email} · ${d.subscriptionAmount} ${d.subscriptionCurrency} · order ${d.paymentId} · id ${d.userId}`;
}

export async function sendChatNotification(n: ChatNotification): Promise<Delivery> {
  const token = env().TELEGRAM_BOT_TOKEN;
  const chat = env().TELEGRAM_CHAT_ID;
  if (!token || !chat) return { status: 'skipped', reason: 'TELEGRAM_BOT_TOKEN or TELEGRAM_CHAT_ID not set' };
  const base = (env().TELEGRAM_API_BASE ?? 'https://api.telegram.org').replace(/\/+$/, '');
  const res = await fetch(`${base}/bot${token}/sendMessage`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ chat_id: chat, text: chatText(n), disable_web_page_preview: true }),
  }).catch((err: Error) => ({ ok: false, status: 0, text: async () => err.message }));
  if (!res.ok) return { status: 'failed', error: `sendMessage ${res.status}: ${(await res.text()).slice(0, 200)}` };
  return { status: 'delivered' };
}
