-- The name on certificates is the holder's own (issue 31): a profile no longer takes the part of the email before
-- the at-sign as its full name when none is given, and the names earlier sign-ups got that way are cleared, so the
-- certificate asks for a real one before it is issued. The profile still greets such a person by that part of the
-- address (displayName), which is not stored.
UPDATE user_profiles SET full_name = '' WHERE full_name <> '' AND full_name = split_part(email, '@', 1);
