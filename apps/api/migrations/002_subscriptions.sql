-- Plans, checkouts, subscriptions (entitlements), payment records and processed provider events.
create table plans (
  id uuid primary key default gen_random_uuid(),
  name text not null unique,
  subscription_type text not null,
  plan_for text not null default 'parent' check (plan_for in ('parent', 'clinic')),
  price numeric(10, 2) not null check (price >= 0),
  currency text not null default 'usd',
  billing_cycle text check (billing_cycle in ('month', 'year')),
  duration_days integer not null check (duration_days > 0),
  match_credits integer check (match_credits is null or match_credits >= 0),
  features jsonb not null default '[]',
  most_popular boolean not null default false,
  sort_order integer not null default 0,
  is_active boolean not null default true,
  created_at timestamptz not null default now()
);

insert into plans (name, subscription_type, plan_for, price, billing_cycle, duration_days, match_credits, features, most_popular, sort_order) values
  ('Trial (Free one-time)', 'trial', 'parent', 0, null, 7, 1,
   '["1 match credit", "Preference tools for 7 days", "Compatibility scores with explanations"]', false, 1),
  ('Starter ($129 one-time)', 'starter', 'parent', 129, null, 90, 3,
   '["3 match credits", "Unused credits roll over for up to 3 months", "Carrier compatibility report for each match", "Email support"]', true, 2),
  ('Premium ($149 / month)', 'premium', 'parent', 149, 'month', 30, null,
   '["Unlimited matches", "Counterfactual re-scoring: see what relaxing a dealbreaker changes", "Priority support", "$100 credit toward counseling or a genetic risk report after one paid month", "Cancel anytime"]', false, 3),
  ('Clinic Partner ($499 / month)', 'clinic', 'clinic', 499, 'month', 30, null,
   '["Donor catalogue import", "Clinic dashboard", "Referral tracking"]', false, 10);

-- One row per checkout started. The id is what the browser carries back as session_id: ours for the built-in
-- test checkout and free plans, Stripe's for Stripe Checkout.
create table checkout_sessions (
  id text primary key,
  user_id uuid not null references users(id) on delete cascade,
  plan_id uuid not null references plans(id),
  provider text not null check (provider in ('free', 'test', 'stripe')),
  amount numeric(10, 2) not null,
  currency text not null,
  status text not null default 'open' check (status in ('open', 'completed', 'cancelled')),
  provider_status text not null default 'unpaid' check (provider_status in ('unpaid', 'paid', 'cancelled')),
  created_at timestamptz not null,
  completed_at timestamptz
);
create index checkout_sessions_user_idx on checkout_sessions (user_id, created_at desc);

create table subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  plan_id uuid not null references plans(id),
  checkout_session_id text not null unique references checkout_sessions(id),
  status text not null check (status in ('active', 'past_due', 'cancelled', 'expired', 'replaced')),
  provider text not null,
  provider_subscription_id text unique,
  match_credits_total integer,
  match_credits_used integer not null default 0,
  started_at timestamptz not null,
  current_period_end timestamptz not null,
  cancel_at_period_end boolean not null default false,
  cancelled_at timestamptz,
  paid_months integer not null default 0,
  updated_at timestamptz not null
);
create index subscriptions_user_idx on subscriptions (user_id, started_at desc);
create index subscriptions_due_idx on subscriptions (current_period_end) where status in ('active', 'past_due');

create table payments (
  id text primary key,
  user_id uuid not null references users(id) on delete cascade,
  subscription_id uuid references subscriptions(id) on delete set null,
  checkout_session_id text references checkout_sessions(id),
  plan_id uuid not null references plans(id),
  plan_name text not null,
  plan_price numeric(10, 2) not null,
  currency text not null,
  payment_status text not null check (payment_status in ('succeeded', 'failed', 'cancelled', 'pending')),
  provider text not null,
  provider_reference text unique,
  kind text not null check (kind in ('initial', 'renewal')),
  created_at timestamptz not null
);
create index payments_user_idx on payments (user_id, created_at desc);

-- Provider events already handled; a replayed event finds its id here and changes nothing.
create table webhook_events (
  id text primary key,
  type text not null,
  received_at timestamptz not null
);
