-- Issue 29 (ADR 029): banks' price lists, one per bank (donors.bank_name), in one currency, amounts in minor units.
-- `terms` holds the vial types with their prices, storage (price per period of whole months), shipping per region
-- and extras, as the shared schema priceListInputSchema validates them (packages/shared/src/price-lists.ts).
-- Changes are audited (price_list.save / price_list.delete) in the change's own transaction.
create table bank_price_lists (
  bank_name text primary key check (bank_name = btrim(bank_name) and bank_name <> ''),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  confirmed_on date not null,
  terms jsonb not null,
  source text not null default '',
  updated_at timestamptz not null
);
