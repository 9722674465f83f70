-- Near chance is a notice, not a caution (issue 43): a number right within what blind picking gives is also what
-- honest people who find the items hard get (71 % of sheets at IQ 70, 29 % at IQ 85, under the model), so it no longer
-- excludes a sheet from calibration. Sheets kept before carry it as 'below_chance' among their cautions; without it,
-- the generated `eligible` column takes them in, as it does every sheet kept from now on (only behaviour cautions —
-- straight-lined, too fast, misfit, key seen — keep a sheet out).
UPDATE iq_responses SET cautions = array_remove(cautions, 'below_chance') WHERE 'below_chance' = ANY (cautions);
