-- A clinic account imports donors for one partner bank only: the bank it is linked to. Set by an operator when
-- the account is created (clinic accounts are not open for sign-up); null for parents and admins.
alter table users add column bank_name text;
