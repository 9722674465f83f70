-- Applying a provider status to a charge in one statement (DESIGN.md §3.3; §7: a payment callback ≤ 3 round trips).
-- charges.ts applyStatus calls `SELECT apply_charge_status(...)` once, for a WayForPay callback, CHECK_STATUS
-- reconciliation and the test provider alike.
--
-- Why a function, not statements from TypeScript: in production every statement is a round trip to Neon, and a
-- transaction there opens a WebSocket per call; the callback used to take 12. One statement is atomic by itself
-- (no BEGIN or COMMIT) and goes over Neon's one-shot HTTP path. A single CTE could not do it: what to do depends on
-- the charge as the previous callback left it (approved? reversed?), which a CTE cannot lock and then read back
-- from its own writes; one read and a guarded write would need a retry loop under concurrent callbacks. Here the
-- order's row is locked first (FOR UPDATE) so duplicate callbacks queue, and since the function is VOLATILE each
-- statement in it takes a fresh snapshot under READ COMMITTED: the second sees everything the first committed.
--
-- TypeScript keeps what it knows without the database: parsing the reference, the payload, and the notifications'
-- text (outbox.ts mailingPayloads, the Telegram message's fields); the database completes them with the buyer's
-- email, name and next charge date.

-- Adds days of premium from the later of now and the current expiry: the one rule for payments and promo codes
-- (subscription.ts extendPremium calls it for a promo code). A first payment starts (or restarts) the paid
-- subscription and becomes its current order; a renewal charge keeps whatever the user decided about renewal
-- (and, for an older order still charging, does not make it current again); a promo code never turns a paid
-- subscription into a promo one. p_order is null for a promo code.
CREATE FUNCTION extend_premium(p_user uuid, p_days integer, p_source text, p_order text, p_first boolean)
RETURNS TABLE (email text, full_name text, subscription_expires_at timestamptz, mailing_consent_at timestamptz)
LANGUAGE sql AS $$
  UPDATE user_profiles SET
    subscription_expires_at = GREATEST(now(), COALESCE(CASE WHEN subscription_status = 'active' THEN subscription_expires_at END, now())) + make_interval(days => p_days),
    subscription_source = CASE WHEN p_source = 'payment' THEN 'payment'
      WHEN subscription_status = 'active' AND subscription_expires_at > now() AND subscription_source = 'payment' THEN 'payment' ELSE 'promo' END,
    subscription_payment_id = CASE WHEN p_first THEN p_order ELSE subscription_payment_id END,
    subscription_cancelled_at = CASE WHEN p_first THEN NULL ELSE subscription_cancelled_at END,
    subscription_renewal_failed_at = CASE WHEN p_first OR subscription_payment_id = p_order THEN NULL ELSE subscription_renewal_failed_at END,
    subscription_status = 'active', updated_at = now()
  WHERE id = p_user
  RETURNING email, full_name, subscription_expires_at, mailing_consent_at
$$;

-- What an approved charge grants: the order's schedule moved on (or the order activated), premium days, and the
-- purchase announced in the outbox, in the same statement as the approval.
CREATE FUNCTION grant_approved_charge(ord payments, p_charge text, p_telegram jsonb, p_mailing jsonb)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  is_first constant boolean := p_charge = ord.order_reference;
  next_charge timestamptz;
  buyer record;
BEGIN
  IF is_first THEN
    UPDATE payments SET activated_at = now() WHERE order_reference = ord.order_reference
    RETURNING next_charge_at INTO next_charge;
    -- One schedule per user: a new subscription asks for the older ones to be stopped (stop-renewal.ts does it).
    UPDATE payments SET stop_requested_at = COALESCE(stop_requested_at, now()), updated_at = now()
    WHERE user_id = ord.user_id AND order_reference <> ord.order_reference AND activated_at IS NOT NULL AND stop_confirmed_at IS NULL;
  ELSE
    -- WayForPay's monthly schedule moves a calendar month on, and ends at its end date.
    UPDATE payments SET next_charge_at = CASE WHEN next_charge_at + interval '1 month' <= schedule_ends_at THEN next_charge_at + interval '1 month' END
    WHERE order_reference = ord.order_reference
    RETURNING next_charge_at INTO next_charge;
  END IF;
  -- STRICT: an order whose buyer has no profile fails the whole callback rather than grant days to nobody.
  SELECT * INTO STRICT buyer FROM extend_premium(ord.user_id, ord.days, 'payment', ord.order_reference, is_first);
  INSERT INTO outbox (kind, payload) VALUES ('telegram', jsonb_set(p_telegram, '{data}', (p_telegram -> 'data')
    || jsonb_build_object('userId', ord.user_id, 'email', buyer.email, 'fullName', buyer.full_name)));
  -- The mailing list hears of it only when the user asked for the list at sign-up (double opt-in, mailchimp.ts).
  IF buyer.mailing_consent_at IS NOT NULL THEN
    INSERT INTO outbox (kind, payload) VALUES ('mailchimp', p_mailing || jsonb_build_object(
      'email', buyer.email,
      'mergeFields', (p_mailing -> 'mergeFields') || jsonb_build_object(
        'USER_ID', ord.user_id,
        'NEXT_CHARGE', COALESCE(to_char(next_charge AT TIME ZONE 'UTC', 'YYYY-MM-DD'), ''))));
  END IF;
END
$$;

-- Records a provider status for one charge — an order's first payment (p_charge = p_order) or a renewal charge of
-- it — and applies it once: Approved extends premium by the order's days (a renewal even after the user stopped
-- renewal, since the money was taken), Refunded or Voided gives an approved charge's days back, a declined or
-- expired renewal is shown in the profile. Replays change nothing; a later status never erases an approval.
-- Returns 'recorded', 'undocumented status' (nothing stored), or why it was refused.
CREATE FUNCTION apply_charge_status(
  p_charge text, p_order text, p_status text, p_amount numeric, p_currency text,
  p_payload jsonb, p_telegram jsonb, p_mailing jsonb
) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  renewal constant boolean := p_charge <> p_order;
  reversals constant text[] := ARRAY['Refunded', 'Voided'];
  ord payments;
  chg payment_charges;
  news boolean;
BEGIN
  -- Concurrent callbacks for one order (WayForPay retries, our CHECK_STATUS) wait here for each other.
  SELECT * INTO ord FROM payments WHERE order_reference = p_order FOR UPDATE;
  IF NOT FOUND THEN RETURN 'unknown order'; END IF;
  IF ord.amount IS DISTINCT FROM p_amount OR ord.currency IS DISTINCT FROM p_currency THEN
    RETURN 'amount mismatch';
  END IF;
  -- WayForPay's transactionStatus values (https://wiki.wayforpay.com/en/view/852102); anything else is not stored.
  IF p_status NOT IN ('InProcessing', 'WaitingAuthComplete', 'Approved', 'Pending', 'Expired', 'Refunded', 'Voided',
                      'Declined', 'RefundInProcessing') THEN
    RETURN 'undocumented status';
  END IF;
  -- A renewal belongs to an order whose first payment went through.
  IF renewal AND ord.activated_at IS NULL THEN RETURN 'renewal of an order that was never approved'; END IF;

  INSERT INTO payment_charges (charge_reference, order_reference, status, amount, currency)
  VALUES (p_charge, p_order, p_status, ord.amount, ord.currency)
  ON CONFLICT (charge_reference) DO NOTHING;
  news := FOUND;
  SELECT * INTO chg FROM payment_charges WHERE charge_reference = p_charge FOR UPDATE;
  -- A status this charge did not have before: a replay is not news.
  news := news OR chg.status <> p_status;

  IF p_status = 'Approved' AND chg.approved_at IS NULL AND chg.status <> ALL (reversals) THEN
    UPDATE payment_charges SET status = p_status, days = ord.days, approved_at = now(), provider_payload = p_payload, updated_at = now()
    WHERE charge_reference = p_charge;
    PERFORM grant_approved_charge(ord, p_charge, p_telegram, p_mailing);
  ELSIF p_status = ANY (reversals) THEN
    -- The approval (approved_at, provider_payload) stays on record; the reversal has its own.
    IF chg.approved_at IS NOT NULL AND chg.reversed_at IS NULL THEN
      UPDATE payment_charges SET status = p_status, reversed_at = now(), reversal_payload = p_payload, updated_at = now()
      WHERE charge_reference = p_charge;
      -- The charge's days back, never to before now.
      UPDATE user_profiles SET subscription_expires_at = GREATEST(now(), subscription_expires_at - make_interval(days => ord.days)), updated_at = now()
      WHERE id = ord.user_id AND subscription_expires_at IS NOT NULL;
    ELSIF chg.approved_at IS NULL AND chg.status <> ALL (reversals) THEN
      -- Money returned before we heard of its approval: a later Approved must not grant it.
      UPDATE payment_charges SET status = p_status, reversal_payload = p_payload, updated_at = now()
      WHERE charge_reference = p_charge;
    END IF;
  ELSIF news AND chg.approved_at IS NULL AND chg.status <> ALL (reversals) THEN
    UPDATE payment_charges SET status = p_status, provider_payload = p_payload, updated_at = now()
    WHERE charge_reference = p_charge;
    -- Only a new failure shows, and only while no later charge of the order went through; only for the user's
    -- current order.
    IF renewal AND p_status IN ('Declined', 'Expired') AND NOT EXISTS (
      SELECT 1 FROM payment_charges
      WHERE order_reference = p_order AND approved_at IS NOT NULL AND created_at > chg.created_at
    ) THEN
      UPDATE user_profiles SET subscription_renewal_failed_at = now(), updated_at = now()
      WHERE id = ord.user_id AND subscription_payment_id = p_order;
    END IF;
  END IF;

  IF NOT renewal THEN
    -- The order row mirrors its first payment: a reversal, once recorded, stays; a late or repeated non-approval
    -- never undoes an approval; the approval's payload is kept (ord is the row as it was before this call).
    UPDATE payments SET
      status = CASE
        WHEN ord.status = ANY (reversals) THEN ord.status
        WHEN p_status = ANY (reversals) THEN p_status
        WHEN ord.activated_at IS NOT NULL OR p_status = 'Approved' THEN 'Approved'
        ELSE p_status
      END,
      provider_payload = CASE WHEN ord.activated_at IS NULL THEN p_payload ELSE provider_payload END,
      updated_at = now()
    WHERE order_reference = p_order;
  END IF;
  RETURN 'recorded';
END
$$;
