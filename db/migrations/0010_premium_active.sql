-- Whether a subscription counts as premium, as one SQL function: the rule of src/domain/access.ts isPremiumActive,
-- which the spec states (part 2, "Subscription status"): the status is active and there is no expiry or the expiry
-- lies in the future. Every query that decides it in the database calls this: the session read (session.ts), the
-- write-back of a lapsed subscription (subscription.ts subscriptionOf) and extend_premium below. A test holds it to
-- the TypeScript rule on a table of cases (tests/integration/premium-active-db.test.ts).
--
-- Before this, "active" was written five ways. TypeScript (subscriptionFrom) and the session read's SQL followed the
-- spec; the write-back said `expires_at <= now()`, the same thing for the rows it touches. 0007's extend_premium
-- had two forms of its own: its base for the new expiry looked at the status alone (GREATEST with now() made that
-- agree), and whether a promo code keeps a paid subscription a paid one asked for `expires_at > now()`, so a
-- missing expiry counted as not active there (NULL > now() is not true) while it counted as premium everywhere
-- else. Only a row with status active and no expiry told them apart, and nothing the product does writes one:
-- every grant (extend_premium) sets an expiry, a refund only moves one that exists, the write-back only sets
-- 'expired'. So no row the product wrote behaves differently. Such a row (put there by hand) now counts as premium
-- everywhere, as the session read and the profile already said: a promo code keeps its paid subscription a paid
-- one; extending it still counts from now, as before.
--
-- The time is a parameter, so the function is IMMUTABLE like the TypeScript rule and a plain expression the planner
-- inlines into each query (the session read is the hot path); callers pass now(). NULLs (no profile row) give false.
CREATE FUNCTION premium_active(p_status text, p_expires_at timestamptz, p_at timestamptz)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT COALESCE(p_status = 'active' AND (p_expires_at IS NULL OR p_expires_at > p_at), false)
$$;

-- 0007's extend_premium with its two conditions written as premium_active; everything else as it was.
CREATE OR REPLACE FUNCTION extend_premium(p_user uuid, p_days integer, p_source text, p_order text, p_first boolean)
RETURNS TABLE (email text, full_name text, subscription_expires_at timestamptz, mailing_consent_at timestamptz)
LANGUAGE sql AS $$
  UPDATE user_profiles SET
    subscription_expires_at = GREATEST(now(), COALESCE(CASE WHEN premium_active(subscription_status, subscription_expires_at, now()) THEN subscription_expires_at END, now())) + make_interval(days => p_days),
    subscription_source = CASE WHEN p_source = 'payment' THEN 'payment'
      WHEN premium_active(subscription_status, subscription_expires_at, now()) AND subscription_source = 'payment' THEN 'payment' ELSE 'promo' END,
    subscription_payment_id = CASE WHEN p_first THEN p_order ELSE subscription_payment_id END,
    subscription_cancelled_at = CASE WHEN p_first THEN NULL ELSE subscription_cancelled_at END,
    subscription_renewal_failed_at = CASE WHEN p_first OR subscription_payment_id = p_order THEN NULL ELSE subscription_renewal_failed_at END,
    subscription_status = 'active', updated_at = now()
  WHERE id = p_user
  RETURNING email, full_name, subscription_expires_at, mailing_consent_at
$$;
