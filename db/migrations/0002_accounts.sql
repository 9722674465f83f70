-- Accounts, sessions, saved results, rate limits and the notification outbox (DESIGN.md §6, spec part 1 §3, part 2 §3).
CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  email_normalized text NOT NULL UNIQUE,
  password_hash text,
  email_verified boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Only the SHA-256 of a session token is stored: a database leak does not leak sessions.
CREATE TABLE sessions (
  id text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE oauth_accounts (
  provider text NOT NULL,
  provider_user_id text NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, provider_user_id)
);

CREATE TABLE user_profiles (
  id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL,
  full_name text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  subscription_status text NOT NULL DEFAULT 'inactive' CHECK (subscription_status IN ('inactive', 'active', 'expired')),
  subscription_expires_at timestamptz,
  subscription_payment_id text
);

-- submission_key makes saving idempotent: the same signed token or the same client submission saves once.
CREATE TABLE test_results (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  iq_score integer NOT NULL,
  total_score integer NOT NULL,
  correct_answers integer NOT NULL,
  total_questions integer NOT NULL,
  time_spent integer NOT NULL,
  breakdown jsonb NOT NULL,
  language text NOT NULL CHECK (language IN ('uk', 'en')),
  answers jsonb NOT NULL,
  submission_key text NOT NULL,
  verification_code text NOT NULL UNIQUE,
  certificate_url_uk text,
  certificate_url_en text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, submission_key)
);
CREATE INDEX test_results_user_idx ON test_results (user_id, created_at DESC);

CREATE TABLE professional_test_results (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  total_questions integer NOT NULL,
  time_spent integer NOT NULL,
  enneagram_scores jsonb NOT NULL,
  primary_type integer NOT NULL CHECK (primary_type BETWEEN 1 AND 9),
  secondary_type integer NOT NULL CHECK (secondary_type BETWEEN 1 AND 9),
  tied_types jsonb NOT NULL,
  recommended_professions jsonb NOT NULL,
  personality_type text NOT NULL,
  strengths_description text NOT NULL,
  development_areas jsonb NOT NULL,
  language text NOT NULL CHECK (language IN ('uk', 'en')),
  answers jsonb NOT NULL,
  submission_key text NOT NULL,
  verification_code text NOT NULL UNIQUE,
  certificate_url_uk text,
  certificate_url_en text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, submission_key)
);
CREATE INDEX professional_test_results_user_idx ON professional_test_results (user_id, created_at DESC);

-- Fixed windows per key (e.g. "signin:ip:1.2.3.4"); shared by every function instance because it is in the database.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  count integer NOT NULL,
  window_start timestamptz NOT NULL
);

-- Mailing-list and chat notifications, written in the same transaction as the event and delivered later.
CREATE TABLE outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL,
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'skipped', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz
);
CREATE INDEX outbox_pending_idx ON outbox (next_attempt_at) WHERE status = 'pending';
