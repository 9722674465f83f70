-- Forms 8–10 replace forms 5–7: the same items but four of form 4's, the anchors every served form shares (issue 29,
-- point 4; src/domain/iq/linking.ts). A review shown before this migration showed every item of its form, anchors
-- too, so it counts as seen for each served form presenting one of its items: form 4's for forms 8, 9 and 10 (their
-- anchors); form 5's for 8, 6's for 9, 7's for 10 (the rest); and the retired forms 0–3, which kept 6–9 of their
-- items into forms 4–7 and three of the anchors, for the served forms that present them (a review of form 0 for
-- form 4 was not recorded before either). From now on the review withholds the anchors, and a review is recorded for
-- every form it gives away (src/lib/server/results.ts markReviewSeen). tests/unit/iq-linking.test.ts derives these
-- pairs from the items.
INSERT INTO iq_reviews_seen (user_id, form_id, seen_at)
SELECT s.user_id, m.to_form, max(s.seen_at)
FROM iq_reviews_seen s
JOIN (
  VALUES (0, 4), (0, 8), (0, 9), (0, 10), (1, 8), (2, 9), (3, 10), (4, 8), (4, 9), (4, 10), (5, 8), (6, 9), (7, 10)
) AS m (from_form, to_form) ON s.form_id = m.from_form
GROUP BY s.user_id, m.to_form
ON CONFLICT (user_id, form_id) DO UPDATE SET seen_at = greatest(iq_reviews_seen.seen_at, excluded.seen_at);
