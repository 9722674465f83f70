-- An order keeps no link to another person's data (issue 44): checkout now writes a result id only when the result is
-- the buyer's own (src/lib/server/payments/payments.ts). Orders placed before with someone else's result id — or one
-- that no longer exists — forget it; the buyer's own links stay.
UPDATE payments p SET test_result_id = NULL
WHERE p.test_result_id IS NOT NULL
  AND NOT (
    (p.test_type = 'iq'
      AND EXISTS (SELECT 1 FROM test_results r WHERE r.id = p.test_result_id AND r.user_id = p.user_id))
    OR (p.test_type = 'professional'
      AND EXISTS (SELECT 1 FROM professional_test_results r WHERE r.id = p.test_result_id AND r.user_id = p.user_id))
  );
