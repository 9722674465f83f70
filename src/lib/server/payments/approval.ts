/** What an approved charge grants: premium days, the order's schedule moved on, and the purchase announced. */
import type { Queryable } from '../db.ts';
import { enqueueNotification, mailingPayloads } from '../outbox.ts';
import { extendPremium, replaceOlderSchedules } from '../subscription.ts';

/** The order an approved charge belongs to. */
export interface ApprovedOrder {
  order_reference: string;
  user_id: string;
  amount: string;
  currency: string;
  days: number;
}

export async function grantApprovedCharge(
  tx: Queryable,
  order: ApprovedOrder,
  chargeReference: string,
  firstCharge: boolean,
): Promise<void> {
  if (!firstCharge) {
    // WayForPay's monthly schedule moves a calendar month on, and ends at its end date.
    await tx.query(
      `UPDATE payments SET next_charge_at = CASE WHEN next_charge_at + interval '1 month' <= schedule_ends_at THEN next_charge_at + interval '1 month' END
       WHERE order_reference = $1`,
      [order.order_reference],
    );
  }
  if (firstCharge) {
    await tx.query('UPDATE payments SET activated_at = now() WHERE order_reference = $1', [order.order_reference]);
    // One schedule per user: a new subscription asks for the older ones to be stopped.
    await replaceOlderSchedules(tx, order.user_id, order.order_reference);
  }
  const profile = await extendPremium(tx, order.user_id, order.days, {
    source: 'payment',
    orderReference: order.order_reference,
    firstCharge,
  });
  const [schedule] = await tx.query<{ next_charge_at: Date | null }>(
    'SELECT next_charge_at FROM payments WHERE order_reference = $1',
    [order.order_reference],
  );
  const nextChargeDate = schedule?.next_charge_at ? new Date(schedule.next_charge_at).toISOString().slice(0, 10) : null;
  await enqueueNotification(tx, 'telegram', {
    type: 'subscription_purchased',
    data: {
      userId: order.user_id,
      email: profile.email,
      fullName: profile.full_name,
      subscriptionAmount: Number(order.amount),
      subscriptionCurrency: order.currency,
      paymentId: chargeReference,
      renewal: !firstCharge,
    },
  });
  // The mailing list hears of it only when the user asked for the list at sign-up (double opt-in, mailchimp.ts).
  if (profile.mailing_consent_at) {
    const charge = {
      reference: chargeReference,
      amount: Number(order.amount),
      currency: order.currency,
      nextChargeDate,
    };
    await enqueueNotification(tx, 'mailchimp', mailingPayloads.purchase(order.user_id, profile.email, charge));
  }
}
