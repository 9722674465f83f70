-- Every scored IQ sheet item by item, for calibrating the items (issue 29): visitors' sheets as well as signed-in
-- users', and nothing that names a person — no user, visitor, address, result or token. A sheet is stored once, under
-- a keyed digest of its sitting's nonce (src/lib/server/responses.ts): a retried scoring cannot store it twice, and
-- the digest cannot be matched against test_results.submission_key (`sit:<nonce>`) without the server's secret. The
-- day, not the moment, it was scored, so the time of a saved result cannot pick its sheet out either. Kept five
-- years, then deleted by the scheduled function iq-calibrate (README, "Measurement model").
CREATE TABLE iq_response_sheets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  sitting text NOT NULL UNIQUE,
  form_id smallint NOT NULL,
  lang text NOT NULL CHECK (lang IN ('uk', 'en')),
  -- 1 for the first IQ sheet its taker's browser or account is known to have had scored (responses.ts says how).
  attempt integer NOT NULL CHECK (attempt >= 1),
  -- Taken with the form's worked answers seen (the sitting said so, or the account's reviews did).
  reviewed boolean NOT NULL,
  -- The result's cautions (src/domain/iq/cautions.ts, key_seen among them), whatever their number becomes.
  cautions text[] NOT NULL,
  -- What calibration reads: first attempts, neither reviewed nor cautioned. Derived here, so no writer can disagree.
  eligible boolean GENERATED ALWAYS AS (attempt = 1 AND NOT reviewed AND cardinality(cautions) = 0) STORED,
  time_ms integer NOT NULL CHECK (time_ms >= 0),
  -- The iq_scales id the reading used, once scoring names one (NULL: read by number right).
  scale text,
  created_on date NOT NULL DEFAULT current_date
);
CREATE INDEX iq_response_sheets_eligible_idx ON iq_response_sheets (form_id) WHERE eligible;
CREATE INDEX iq_response_sheets_created_idx ON iq_response_sheets (created_on);

-- One row per item of a sheet. The item version is a content hash (src/domain/iq/item-version.ts): an edited item
-- is a new item, and an item in two forms is one, which is what links forms to one scale.
CREATE TABLE iq_responses (
  sheet_id uuid NOT NULL REFERENCES iq_response_sheets (id) ON DELETE CASCADE,
  -- The item's place in the form as shown (1–20; items are shown in the form's order).
  position smallint NOT NULL CHECK (position >= 1),
  item_version text NOT NULL,
  -- The sitting's order of the options: entry k is the key's index of the option shown k-th.
  option_order smallint[] NOT NULL,
  -- The option chosen in the key's numbering (its place shown: array_position(option_order, chosen) - 1); NULL unanswered.
  chosen smallint,
  correct boolean NOT NULL,
  time_ms integer NOT NULL CHECK (time_ms >= 0),
  PRIMARY KEY (sheet_id, position)
);

-- How many IQ sheets a browser has had scored, under a keyed digest of its test cookie's random id (never the id
-- itself), so a sheet's attempt number needs no identifier in the sheet. Kept 30 days after its last sheet (the
-- cookie lives 30 days from the last test started), then deleted by iq-calibrate.
CREATE TABLE iq_attempts (
  browser text PRIMARY KEY,
  sheets integer NOT NULL CHECK (sheets >= 1),
  last_on date NOT NULL DEFAULT current_date
);
CREATE INDEX iq_attempts_last_idx ON iq_attempts (last_on);
