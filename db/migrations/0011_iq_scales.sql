-- Calibrated item parameters (issue 29): one row per calibration, its items keyed by item version (a content hash,
-- src/domain/iq/item-version.ts), so a concurrent calibration of several forms is one scale and an edited item is
-- never scored with the old one's parameters. Rows are never changed: a result names the scale it was scored with
-- and is read with it for ever. A form is scored with the newest active scale holding all its items; until one
-- does, with the provisional parameters the code derives from the difficulty labels (scale 'provisional-1').
CREATE TABLE iq_scales (
  id text PRIMARY KEY,
  model text NOT NULL CHECK (model IN ('2pl', '3pl')),
  items jsonb NOT NULL,
  log_lik double precision,
  sheets integer NOT NULL CHECK (sheets >= 0),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The scale a result's reading was computed with: NULL for results scored before item response theory (read as
-- then, from their number right and the reliability recorded with them), else an iq_scales id or 'provisional-1'.
ALTER TABLE test_results ADD COLUMN scale text;
