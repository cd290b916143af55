-- Hand-written (decision 082): commission_terms_refresh (migration 0042) plans a batch of terms when
-- it runs. It kept one generic plan per session (plan_cache_mode = force_generic_plan), made at the
-- session's first call with the statistics of that moment: a session whose first refresh ran while
-- commission_lines was empty (a new book; the bench's rates, written before any statement) kept a
-- plan that read the lines of each term by a scan of the table (or of the agency's lines by
-- commission_lines_agency_statement_idx), so a statement's import slowed down chunk after chunk in its
-- own transaction (500 lines: 60 ms for the first chunk, 500 ms for the 18th) and on PGlite, which has
-- no autovacuum to replace the plan, for as long as the process lived. A batch of more than 32 terms
-- (imports, bulk changes, rate changes, statement chunks) is now planned for its call (EXECUTE: a few
-- ms of planning against tens to hundreds of ms of work, with the table as it is then); a smaller
-- one (a single create or edit) keeps the generic plan, whose planning decision 077 measured at
-- 1.2 ms per create when done each time.
CREATE OR REPLACE FUNCTION commission_terms_refresh(agency_ids uuid[], policy_ids uuid[], lock_mode text) RETURNS void LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  IF coalesce(array_length(policy_ids, 1), 0) > 32 THEN
    IF lock_mode = 'update' THEN
    EXECUTE $q$SELECT 1 FROM policies p JOIN (SELECT DISTINCT k.a, k.i FROM unnest($1, $2) AS k(a, i)) k ON p.agency_id = k.a AND p.id = k.i
       ORDER BY p.id FOR NO KEY UPDATE OF p$q$ USING agency_ids, policy_ids;
    ELSIF lock_mode = 'key share' THEN
    EXECUTE $q$SELECT 1 FROM policies p JOIN (SELECT DISTINCT k.a, k.i FROM unnest($1, $2) AS k(a, i)) k ON p.agency_id = k.a AND p.id = k.i
       ORDER BY p.id FOR KEY SHARE OF p$q$ USING agency_ids, policy_ids;
    END IF;
    EXECUTE $q$INSERT INTO commission_terms AS ct (agency_id, policy_id, carrier_key, line, business, start_date, rate, rate_source, written, chargeback, expected, received, difference)
  SELECT p.agency_id, p.id, b.carrier_key, p.policy_type, b.business, p.start_date, w.rate,
         CASE WHEN o.rate IS NOT NULL THEN 'own' WHEN sr.rate IS NOT NULL THEN 'schedule' END,
         w.written, c.chargeback, e.expected, rc.received, (e.expected - rc.received)::numeric(14,2)
    FROM (SELECT DISTINCT k.a, k.i FROM unnest($1, $2) AS k(a, i)) k
    JOIN policies p ON p.agency_id = k.a AND p.id = k.i
    CROSS JOIN LATERAL (SELECT lower(regexp_replace(btrim(p.insurance_company), '\s+', ' ', 'g')) AS carrier_key,
                               CASE WHEN p.renewed_from_id IS NULL THEN 'new' ELSE 'renewal' END AS business) b
    LEFT JOIN commission_overrides o ON o.agency_id = p.agency_id AND o.policy_id = p.id
    LEFT JOIN LATERAL (SELECT r.rate FROM commission_rates r
           WHERE r.agency_id = p.agency_id AND r.carrier_key = b.carrier_key AND r.line = p.policy_type
             AND r.business = b.business AND r.effective_from <= p.start_date
           ORDER BY r.effective_from DESC LIMIT 1) sr ON true
    CROSS JOIN LATERAL (SELECT coalesce(sum(l.amount), 0)::numeric(14,2) AS received FROM commission_lines l
           WHERE l.agency_id = p.agency_id AND l.policy_id = p.id) rc
    CROSS JOIN LATERAL (SELECT coalesce(o.rate, sr.rate) AS rate, round(p.premium_amount * coalesce(o.rate, sr.rate) / 100, 2) AS written) w
    CROSS JOIN LATERAL (SELECT (CASE WHEN w.written IS NULL OR p.cancel_effective_date IS NULL OR p.cancel_effective_date >= p.end_date OR p.end_date <= p.start_date THEN 0
                   ELSE -round(w.written * (p.end_date - greatest(p.cancel_effective_date, p.start_date))::numeric / (p.end_date - p.start_date), 2) END)::numeric(14,2) AS chargeback) c
    CROSS JOIN LATERAL (SELECT (coalesce(w.written, 0) + c.chargeback)::numeric(14,2) AS expected) e
  ON CONFLICT (agency_id, policy_id) DO UPDATE SET
    carrier_key = excluded.carrier_key, line = excluded.line, business = excluded.business, start_date = excluded.start_date,
    rate = excluded.rate, rate_source = excluded.rate_source, written = excluded.written, chargeback = excluded.chargeback,
    expected = excluded.expected, received = excluded.received, difference = excluded.difference
  WHERE (ct.carrier_key, ct.line, ct.business, ct.start_date, ct.rate, ct.rate_source, ct.written, ct.chargeback, ct.expected, ct.received)
        IS DISTINCT FROM (excluded.carrier_key, excluded.line, excluded.business, excluded.start_date, excluded.rate, excluded.rate_source, excluded.written, excluded.chargeback, excluded.expected, excluded.received)$q$ USING agency_ids, policy_ids;
    RETURN;
  END IF;
  IF lock_mode = 'update' THEN
    PERFORM 1 FROM policies p JOIN (SELECT DISTINCT k.a, k.i FROM unnest(agency_ids, policy_ids) AS k(a, i)) k ON p.agency_id = k.a AND p.id = k.i
     ORDER BY p.id FOR NO KEY UPDATE OF p;
  ELSIF lock_mode = 'key share' THEN
    PERFORM 1 FROM policies p JOIN (SELECT DISTINCT k.a, k.i FROM unnest(agency_ids, policy_ids) AS k(a, i)) k ON p.agency_id = k.a AND p.id = k.i
     ORDER BY p.id FOR KEY SHARE OF p;
  END IF;
  INSERT INTO commission_terms AS ct (agency_id, policy_id, carrier_key, line, business, start_date, rate, rate_source, written, chargeback, expected, received, difference)
  SELECT p.agency_id, p.id, b.carrier_key, p.policy_type, b.business, p.start_date, w.rate,
         CASE WHEN o.rate IS NOT NULL THEN 'own' WHEN sr.rate IS NOT NULL THEN 'schedule' END,
         w.written, c.chargeback, e.expected, rc.received, (e.expected - rc.received)::numeric(14,2)
    FROM (SELECT DISTINCT k.a, k.i FROM unnest(agency_ids, policy_ids) AS k(a, i)) k
    JOIN policies p ON p.agency_id = k.a AND p.id = k.i
    CROSS JOIN LATERAL (SELECT lower(regexp_replace(btrim(p.insurance_company), '\s+', ' ', 'g')) AS carrier_key,
                               CASE WHEN p.renewed_from_id IS NULL THEN 'new' ELSE 'renewal' END AS business) b
    LEFT JOIN commission_overrides o ON o.agency_id = p.agency_id AND o.policy_id = p.id
    LEFT JOIN LATERAL (SELECT r.rate FROM commission_rates r
           WHERE r.agency_id = p.agency_id AND r.carrier_key = b.carrier_key AND r.line = p.policy_type
             AND r.business = b.business AND r.effective_from <= p.start_date
           ORDER BY r.effective_from DESC LIMIT 1) sr ON true
    CROSS JOIN LATERAL (SELECT coalesce(sum(l.amount), 0)::numeric(14,2) AS received FROM commission_lines l
           WHERE l.agency_id = p.agency_id AND l.policy_id = p.id) rc
    CROSS JOIN LATERAL (SELECT coalesce(o.rate, sr.rate) AS rate, round(p.premium_amount * coalesce(o.rate, sr.rate) / 100, 2) AS written) w
    CROSS JOIN LATERAL (SELECT (CASE WHEN w.written IS NULL OR p.cancel_effective_date IS NULL OR p.cancel_effective_date >= p.end_date OR p.end_date <= p.start_date THEN 0
                   ELSE -round(w.written * (p.end_date - greatest(p.cancel_effective_date, p.start_date))::numeric / (p.end_date - p.start_date), 2) END)::numeric(14,2) AS chargeback) c
    CROSS JOIN LATERAL (SELECT (coalesce(w.written, 0) + c.chargeback)::numeric(14,2) AS expected) e
  ON CONFLICT (agency_id, policy_id) DO UPDATE SET
    carrier_key = excluded.carrier_key, line = excluded.line, business = excluded.business, start_date = excluded.start_date,
    rate = excluded.rate, rate_source = excluded.rate_source, written = excluded.written, chargeback = excluded.chargeback,
    expected = excluded.expected, received = excluded.received, difference = excluded.difference
  WHERE (ct.carrier_key, ct.line, ct.business, ct.start_date, ct.rate, ct.rate_source, ct.written, ct.chargeback, ct.expected, ct.received)
        IS DISTINCT FROM (excluded.carrier_key, excluded.line, excluded.business, excluded.start_date, excluded.rate, excluded.rate_source, excluded.written, excluded.chargeback, excluded.expected, excluded.received);
END $$;
