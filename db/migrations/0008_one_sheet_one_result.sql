-- One sheet, one result (DESIGN.md §3.8). A sheet served as a sitting is saved under `sit:<nonce>`, a visitor's
-- token from before sittings under `tok:<signature>`; either names one sheet, so at most one account may hold it,
-- whoever saves or claims it first. Copies that earlier claims made in several accounts keep the first claim; the
-- later ones are renamed out of the unique key (and stay their holders' history).
UPDATE test_results r SET submission_key = 'dup:' || r.id || ':' || r.submission_key
WHERE r.submission_key LIKE 'tok:%' AND EXISTS (
  SELECT 1 FROM test_results o WHERE o.submission_key = r.submission_key
    AND (o.created_at, o.id) < (r.created_at, r.id));
UPDATE professional_test_results r SET submission_key = 'dup:' || r.id || ':' || r.submission_key
WHERE r.submission_key LIKE 'tok:%' AND EXISTS (
  SELECT 1 FROM professional_test_results o WHERE o.submission_key = r.submission_key
    AND (o.created_at, o.id) < (r.created_at, r.id));
CREATE UNIQUE INDEX test_results_one_sheet ON test_results (submission_key)
  WHERE submission_key LIKE 'sit:%' OR submission_key LIKE 'tok:%';
CREATE UNIQUE INDEX professional_test_results_one_sheet ON professional_test_results (submission_key)
  WHERE submission_key LIKE 'sit:%' OR submission_key LIKE 'tok:%';

-- The IQ forms whose worked answers (the premium review) a user has been shown, so a retake is served another.
CREATE TABLE iq_reviews_seen (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  form_id smallint NOT NULL,
  seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, form_id)
);

-- A sheet of a form whose worked answers its taker had seen (served so only when they had seen every form's):
-- its reading is cautioned and earns no certificate.
ALTER TABLE test_results ADD COLUMN key_seen boolean NOT NULL DEFAULT false;
