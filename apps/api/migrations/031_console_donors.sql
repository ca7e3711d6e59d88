-- Operator console, donors (issue 15, ADR 022): the catalogue page sorts by last medical update and by last change
-- at 100,000 donors without sorting the table each time. The filters read donors.index_source (migration 018,
-- stored inline, a few hundred bytes), never the 2-3 KB record, which is kept out of line.
create index donors_medical_update_idx on donors ((index_source->>'last_medical_update'), reference_id);
create index donors_updated_at_idx on donors (updated_at, reference_id);
create index donors_type_availability_idx on donors (donor_type, availability, reference_id);
-- The search box: a prefix of the public id or of the bank's own id (upper-cased), whatever the collation.
create index donors_reference_prefix_idx on donors (reference_id text_pattern_ops);
create index donors_bank_donor_prefix_idx on donors (upper(bank_donor_id) text_pattern_ops);
-- One bank's donors, most recently changed first (what an operator checks after a bank's import).
create index donors_bank_updated_idx on donors (bank_name, updated_at, reference_id);
