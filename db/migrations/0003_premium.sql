-- Premium: payments, promo codes, cancellation of renewal (spec part 2; DESIGN.md §3.3, §4).
ALTER TABLE user_profiles ADD COLUMN subscription_cancelled_at timestamptz;

CREATE TABLE payments (
  order_reference text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('wayforpay', 'test')),
  amount numeric(10, 2) NOT NULL,
  currency text NOT NULL,
  days integer NOT NULL,
  status text NOT NULL DEFAULT 'Created',
  test_type text CHECK (test_type IN ('iq', 'professional')),
  test_result_id uuid,
  client_name text NOT NULL,
  client_phone text NOT NULL,
  provider_payload jsonb,
  -- Set when this order's approval extended the subscription: each order activates once.
  activated_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payments_user_idx ON payments (user_id, created_at DESC);

CREATE TABLE promo_codes (
  code text PRIMARY KEY,
  days integer NOT NULL CHECK (days > 0),
  max_redemptions integer NOT NULL CHECK (max_redemptions > 0),
  redeemed integer NOT NULL DEFAULT 0,
  expires_at timestamptz,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE promo_redemptions (
  code text NOT NULL REFERENCES promo_codes (code) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  redeemed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (code, user_id)
);
