-- Deleting an account (issue 30, point 5; src/lib/server/account-data.ts). The account, its sessions, results,
-- reviews, promo redemptions and one-time links go (ON DELETE CASCADE); what stays is what the law or the trust
-- chain needs, none of it naming the person.

-- Payments are accounting records (kept as the law requires, privacy policy §6): a deleted account's orders stay,
-- with no user, no name or phone, and the provider's payloads cut down to the transaction's own facts.
ALTER TABLE payments ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE payments DROP CONSTRAINT payments_user_id_fkey;
ALTER TABLE payments ADD CONSTRAINT payments_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL;

-- What a provider payload keeps once its payer is gone: the transaction, not the card or the person
-- (WayForPay's callback fields, https://wiki.wayforpay.com/en/view/852102; email, phone, clientName, cardPan,
-- recToken and the issuing bank are dropped).
CREATE FUNCTION unlinked_payload(p jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p IS NULL OR jsonb_typeof(p) <> 'object' THEN p ELSE COALESCE((
    SELECT jsonb_object_agg(key, value) FROM jsonb_each(p)
    WHERE key IN ('merchantAccount', 'orderReference', 'amount', 'currency', 'authCode', 'createdDate',
                  'processingDate', 'transactionStatus', 'reason', 'reasonCode', 'fee', 'paymentSystem', 'rrn',
                  'provider', 'status')), '{}'::jsonb) END
$$;

-- A deleted account's results, by SHA-256 of their verification code and of their sheet's key: the verification
-- page says such a certificate was withdrawn (not "never existed"), and the sheet cannot be saved again by anyone
-- from a result token still in a browser (one sheet, one result). Neither digest leads back to a person.
CREATE TABLE withdrawn_results (
  code_hash text PRIMARY KEY,
  sheet_hash text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('iq', 'professional')),
  withdrawn_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX withdrawn_results_sheet_idx ON withdrawn_results (sheet_hash);

-- Which sign-in made a session: one Google made in the last ten minutes stands in for the password when an account
-- without one is deleted.
ALTER TABLE sessions ADD COLUMN via text NOT NULL DEFAULT 'password' CHECK (via IN ('password', 'google'));

-- A renewal charge approved after its buyer deleted the account (WayForPay's schedule asked to stop, not yet
-- confirmed): recorded, granting nothing, with the team told to refund it; its schedule is asked to stop again.
CREATE OR REPLACE FUNCTION grant_approved_charge(ord payments, p_charge text, p_telegram jsonb, p_mailing jsonb)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  is_first constant boolean := p_charge = ord.order_reference;
  next_charge timestamptz;
  buyer record;
BEGIN
  IF ord.user_id IS NULL THEN
    UPDATE payment_charges SET days = 0 WHERE charge_reference = p_charge;
    UPDATE payments SET stop_requested_at = COALESCE(stop_requested_at, now()), updated_at = now()
    WHERE order_reference = ord.order_reference;
    INSERT INTO outbox (kind, payload) VALUES ('telegram', jsonb_build_object('type', 'ownerless_charge', 'data',
      jsonb_build_object('paymentId', ord.order_reference, 'charge', p_charge,
        'subscriptionAmount', ord.amount, 'subscriptionCurrency', ord.currency)));
    RETURN;
  END IF;
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
