-- A result its owner chose to show (issue 32): one public link per result, under an unguessable code (16 random
-- bytes, base64url). The link goes when its owner revokes it (the row is deleted) or the result goes (ON DELETE
-- CASCADE, an account's deletion included): its page then answers 404. What the page shows is read from the result
-- at each visit; the row keeps only the choices made when sharing — the page's language and whether the holder's
-- first name is shown.
CREATE TABLE result_shares (
  code text PRIMARY KEY CHECK (code ~ '^[A-Za-z0-9_-]{22}$'),
  kind text NOT NULL CHECK (kind IN ('iq', 'professional')),
  iq_result_id uuid UNIQUE REFERENCES test_results (id) ON DELETE CASCADE,
  professional_result_id uuid UNIQUE REFERENCES professional_test_results (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  lang text NOT NULL CHECK (lang IN ('uk', 'en')),
  show_name boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'iq') = (iq_result_id IS NOT NULL) AND (kind = 'professional') = (professional_result_id IS NOT NULL))
);
CREATE INDEX result_shares_user_idx ON result_shares (user_id);
