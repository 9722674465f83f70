-- Renewal can be turned back on (issue 31): a person who stops renewal has the order's WayForPay schedule
-- suspended (regularApi SUSPEND), not removed, so it can be resumed (RESUME) while the paid period runs. How a stop
-- is made is kept per order: 'suspend' for a person's own cancellation; NULL (as before) removes the schedule —
-- an older schedule replaced by a newer order, and an account's deletion, which nothing may resume.
ALTER TABLE payments ADD COLUMN stop_kind text CHECK (stop_kind IN ('suspend'));
