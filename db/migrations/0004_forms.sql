-- Parallel IQ forms (DESIGN.md §3.5): each result records the form it was taken on and the reliability its
-- provisional IQ and 95 % interval were computed with, so reading it again later gives the same figures.
ALTER TABLE test_results ADD COLUMN form_id smallint NOT NULL DEFAULT 0;
ALTER TABLE test_results ADD COLUMN reliability double precision NOT NULL DEFAULT 0.75 CHECK (reliability > 0 AND reliability < 1);

-- Measured reliability per form (KR-20 over the stored sheets), written by the item analysis; scoring uses it in
-- place of the stated .75 once a form has 300 sheets.
CREATE TABLE iq_form_stats (
  form_id smallint PRIMARY KEY,
  sheets integer NOT NULL CHECK (sheets >= 0),
  kr20 double precision,
  computed_at timestamptz NOT NULL DEFAULT now()
);
