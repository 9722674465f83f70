-- One sheet, one result (DESIGN.md §3.8). A sheet served as a sitting is saved under `sit:<nonce>`, a visitor's
-- token from before sittings under `tok:<signature>`; either names one sheet, so at most one account may hold it,
-- whoever saves or claims it first. Copies that earlier claims made in several accounts keep the first claim; the
-- later ones are renamed out of the unique key (`dup:`): they stay in their holders' history, uncertified.
UPDATE test_results r SET submission_key = 'dup:' || r.id || ':' || r.submission_key
WHERE r.submission_key LIKE 'tok:%' AND EXISTS (
  SELECT 1 FROM test_results o WHERE o.submission_key = r.submission_key
    AND (o.created_at, o.id) < (r.created_at, r.id));
UPDATE professional_test_results r SET submission_key = 'dup:' || r.id || ':' || r.submission_key
WHERE r.submission_key LIKE 'tok:%' AND EXISTS (
  SELECT 1 FROM professional_test_results o WHERE o.submission_key = r.submission_key
    AND (o.created_at, o.id) < (r.created_at, r.id));
-- A token a signed-in scorer was also given (their own row under its submission id) and a friend claimed: the same
-- sheet — its answers and times to the millisecond — in a second account. The first saved keeps it.
UPDATE test_results r SET submission_key = 'dup:' || r.id || ':' || r.submission_key
WHERE r.submission_key LIKE 'tok:%' AND EXISTS (
  SELECT 1 FROM test_results o WHERE o.user_id <> r.user_id AND o.submission_key NOT LIKE 'dup:%'
    AND o.answers = r.answers AND o.time_spent = r.time_spent AND (o.created_at, o.id) < (r.created_at, r.id));
UPDATE professional_test_results r SET submission_key = 'dup:' || r.id || ':' || r.submission_key
WHERE r.submission_key LIKE 'tok:%' AND EXISTS (
  SELECT 1 FROM professional_test_results o WHERE o.user_id <> r.user_id AND o.submission_key NOT LIKE 'dup:%'
    AND o.answers = r.answers AND o.time_spent = r.time_spent AND (o.created_at, o.id) < (r.created_at, r.id));
-- Renamed copies are no longer certified (certificates.ts certificateRefusal) nor counted in the item analysis.
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
