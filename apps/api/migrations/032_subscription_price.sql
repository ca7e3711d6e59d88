-- Operator console, plans (issue 15, ADR 022): a subscription keeps the price it was bought at. Renewals charge
-- subscriptions.price, never the plan's current price, so an admin changing a plan's price (or retiring it) never
-- changes what existing subscribers pay.
alter table subscriptions add column price numeric(10, 2);
alter table subscriptions add column currency text;

-- Backfill: what the subscriber agreed to pay is the amount of the checkout that created the subscription.
update subscriptions s set price = c.amount, currency = c.currency from checkout_sessions c where c.id = s.checkout_session_id;
update subscriptions s set price = p.price, currency = p.currency from plans p where p.id = s.plan_id and s.price is null;

-- A subscription written without a price (a grant made by other code) is bought at the plan's price of that moment.
create function subscriptions_default_price() returns trigger language plpgsql as $$ begin if new.price is null or new.currency is null then select coalesce(new.price, p.price), coalesce(new.currency, p.currency) into new.price, new.currency from plans p where p.id = new.plan_id; end if; return new; end $$;

create trigger subscriptions_default_price before insert on subscriptions for each row execute function subscriptions_default_price();

alter table subscriptions alter column price set not null;
alter table subscriptions alter column currency set not null;
alter table subscriptions add constraint subscriptions_price_check check (price >= 0);

-- The console's plan list counts each plan's current subscribers.
create index subscriptions_plan_status_idx on subscriptions (plan_id) where status in ('active', 'past_due');
