CREATE INDEX "policies_agency_number_key_idx" ON "policies" USING btree ("agency_id",regexp_replace(upper("policy_number"), '[[:space:]–—-]', '', 'g'));
