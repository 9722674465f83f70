-- Every charge WayForPay reports for an order (DESIGN.md §3.3): the first payment (charge_reference = the order's
-- reference) and each later charge of its monthly regular payment (<orderReference>_WFPREG-<n>). A charge extends
-- premium once when Approved and gives those days back once when Refunded or Voided; its approval is never
-- overwritten by what comes later.
CREATE TABLE payment_charges (
  charge_reference text PRIMARY KEY,
  order_reference text NOT NULL REFERENCES payments (order_reference) ON DELETE CASCADE,
  status text NOT NULL,
  amount numeric(10, 2) NOT NULL,
  currency text NOT NULL,
  -- Days this charge added to premium (taken back on a refund).
  days integer NOT NULL DEFAULT 0,
  approved_at timestamptz,
  reversed_at timestamptz,
  provider_payload jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_charges_order_idx ON payment_charges (order_reference, created_at);

-- A charge's own record of the money going back; its approval (approved_at, provider_payload) stays as it was.
ALTER TABLE payment_charges ADD COLUMN reversal_payload jsonb;

-- Stopping an order's regular payment at WayForPay: asked for (by the user, or because a newer order replaced it)
-- and confirmed (REMOVE answered Ok). Asked but not confirmed means a scheduled retry keeps asking.
ALTER TABLE payments ADD COLUMN stop_requested_at timestamptz;
ALTER TABLE payments ADD COLUMN stop_confirmed_at timestamptz;

-- The regular payment's own schedule, as sent to WayForPay (dateNext, dateEnd, monthly): when it charges next,
-- which is what the profile states — not the premium expiry, which promo codes and refunds move.
ALTER TABLE payments ADD COLUMN next_charge_at timestamptz;
ALTER TABLE payments ADD COLUMN schedule_ends_at timestamptz;

-- What the profile says about a subscription (issue 12 §5): where premium came from (a payment renews, a promo
-- code does not) and the last renewal of the current order that failed.
ALTER TABLE user_profiles ADD COLUMN subscription_source text CHECK (subscription_source IN ('payment', 'promo'));
ALTER TABLE user_profiles ADD COLUMN subscription_renewal_failed_at timestamptz;
UPDATE user_profiles SET subscription_source = 'payment' WHERE subscription_payment_id IS NOT NULL;
UPDATE user_profiles SET subscription_source = 'promo' WHERE subscription_payment_id IS NULL AND subscription_status <> 'inactive';

-- Orders approved before this table existed are their own first charge.
INSERT INTO payment_charges (charge_reference, order_reference, status, amount, currency, days, approved_at)
SELECT order_reference, order_reference, 'Approved', amount, currency, days, activated_at FROM payments WHERE activated_at IS NOT NULL;
