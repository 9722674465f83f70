-- When an account's address was shown to be its holder's (issue 27 §10): Google said so when it created the account
-- (the ID token's email_verified), or the signed-in owner linked a Google account that verified the address. A
-- password sign-up leaves it null (no confirmation mail yet). A Google identity joins an existing account only when
-- this is set, or its owner is signed in (src/lib/server/oauth.ts).
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;
-- The flag it replaces was set by the same two events; when is unknown, the account's creation stands in.
UPDATE users SET email_verified_at = created_at WHERE email_verified;
-- TODO: drop users.email_verified in a later migration. Nothing reads it any more, but while a deploy builds (and
-- migrates) the previous deploy's functions still insert it; dropping it now would fail their sign-ups.
