-- The career tie-break answers one set of core answers per sitting (issue 44): the first set asked is kept here, by
-- the sitting's nonce (which names no one), with a digest of its answers; the same set again is answered again, any
-- other refused. Rows older than a sitting's two days are deleted as new ones come (src/lib/server/tie-break.ts).
CREATE TABLE career_tiebreaks (
  nonce text PRIMARY KEY,
  digest text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX career_tiebreaks_created_idx ON career_tiebreaks (created_at);
