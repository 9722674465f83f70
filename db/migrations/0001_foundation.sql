-- The database's own record: one row, written when the schema is first created.
-- /api/health reports its creation time, which is how a restart proves the data survived.
CREATE TABLE app_instance (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO app_instance DEFAULT VALUES;
