-- Every scored IQ sheet item by item, for calibrating the items (issue 29): visitors' sheets as well as signed-in
-- users', and nothing that names a person — no user, visitor, address, result or token. A sheet is stored once, named
-- by a keyed digest of its sitting's nonce (src/lib/server/responses.ts): a retried scoring cannot store it twice, and
-- the digest cannot be matched against test_results.submission_key (`sit:<nonce>`) without the server's secret. The
-- day, not the moment, it was scored, so the time of a saved result cannot pick its sheet out either. Kept five
-- years, then deleted by the scheduled function iq-calibrate (README, "Measurement model").
--
-- One row per sheet, its items in parallel arrays in the form's order (entry k: the item shown k-th), rather than a
-- row per item: a sheet is one tuple, not twenty-one and twenty foreign-key checks. Measured on PostgreSQL 15, kept
-- in batches of 64 as the server keeps them: a row per item cost 1.8 ms a sheet with 3,000 sheets stored and 7.6 ms
-- with 10,000; a row per sheet 0.13–0.16 ms, flat. Calibration reads a sheet's versions and right answers as they
-- are; per item in SQL: unnest(item_versions, correct, …) WITH ORDINALITY.
CREATE TABLE iq_responses (
  sitting text PRIMARY KEY,
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
  -- The scale the reading used: an iq_scales id or 'provisional-1' (src/lib/server/scales.ts).
  scale text,
  created_on date NOT NULL DEFAULT current_date,
  -- Each item's version: a content hash (src/domain/iq/item-version.ts), so an edited item is a new item and an item
  -- in two forms is one, which is what links forms to one scale.
  item_versions text[] NOT NULL,
  -- Two-dimensional, a row per item: entry [k][j] is the key's index of the option item k showed j-th (read a row
  -- as option_orders[k:k][1:6]).
  option_orders smallint[] NOT NULL,
  -- The option chosen in the key's numbering; NULL where the item was not answered.
  chosen smallint[] NOT NULL,
  correct boolean[] NOT NULL,
  item_ms integer[] NOT NULL,
  CHECK (array_length(item_versions, 1) = array_length(option_orders, 1)
    AND array_length(item_versions, 1) = array_length(chosen, 1)
    AND array_length(item_versions, 1) = array_length(correct, 1)
    AND array_length(item_versions, 1) = array_length(item_ms, 1))
);
CREATE INDEX iq_responses_eligible_idx ON iq_responses (form_id) WHERE eligible;
-- Rows arrive in date order: a block range index finds the expired ones for a fraction of a B-tree's upkeep.
CREATE INDEX iq_responses_created_idx ON iq_responses USING brin (created_on);

-- How many IQ sheets a browser has had scored, under a keyed digest of its test cookie's random id (never the id
-- itself), so a sheet's attempt number needs no identifier in the sheet. Kept 30 days after its last sheet (the
-- cookie lives 30 days from the last test started), then deleted by iq-calibrate (a daily scan: no index to keep).
CREATE TABLE iq_attempts (
  browser text PRIMARY KEY,
  sheets integer NOT NULL CHECK (sheets >= 1),
  last_on date NOT NULL DEFAULT current_date
);
