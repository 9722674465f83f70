-- The mailing list only with consent (issue 13): when the user ticked "send me news" at sign-up. Without it no
-- mailing-list event is written for them; with it, Mailchimp adds them as "pending" and sends its own confirmation
-- mail (double opt-in) before anything else reaches them.
ALTER TABLE user_profiles ADD COLUMN mailing_consent_at timestamptz;
