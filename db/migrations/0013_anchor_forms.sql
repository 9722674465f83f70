-- Forms 8–10 replace forms 5–7: the same items but four of form 4's, the anchors every served form shares (issue 29,
-- point 4; src/domain/iq/linking.ts). Worked answers shown before this migration showed every item, anchors too, so
-- a review already seen counts as seen for each new form that presents one of its items: form 4's for forms 8, 9 and
-- 10 (their anchors), form 5's for form 8, 6's for 9, 7's for 10. From now on the review withholds the anchors, and
-- a review is recorded for every form it gives away (results.ts markReviewSeen).
INSERT INTO iq_reviews_seen (user_id, form_id, seen_at)
SELECT s.user_id, m.to_form, s.seen_at
FROM iq_reviews_seen s
JOIN (VALUES (4, 8), (4, 9), (4, 10), (5, 8), (6, 9), (7, 10)) AS m (from_form, to_form) ON s.form_id = m.from_form
ON CONFLICT (user_id, form_id) DO UPDATE SET seen_at = greatest(iq_reviews_seen.seen_at, excluded.seen_at);
