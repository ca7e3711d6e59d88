-- A clinic's bank name is compared exactly with each imported row's (which the import trims): a stray space or an
-- empty name would refuse every row, so neither can be stored.
alter table users add constraint users_bank_name_trimmed check (bank_name is null or (bank_name = btrim(bank_name) and bank_name <> ''));
