-- One-time links mailed to a person (issue 30): confirm an address, reset a password, confirm a new address. Only
-- a SHA-256 of each token is kept, so the table gives no link away; a token is used once (used_at), expires
-- (expires_at: 24 hours to confirm, one hour to reset), and a newer one of the same purpose voids the user's
-- outstanding ones (src/lib/server/email-tokens.ts); a week after it expires it is deleted (with the next token
-- issued, by anyone). `email` is the address the link was sent to: confirming it
-- confirms that address only, not one the account has moved to since.
CREATE TABLE email_tokens (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('verify', 'reset', 'change')),
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX email_tokens_outstanding_idx ON email_tokens (user_id, purpose) WHERE used_at IS NULL;
CREATE INDEX email_tokens_expires_idx ON email_tokens (expires_at);
