/**
 * The entitlement rule as SQL fragments: the subscriptions repository and, for the profile's one-statement read,
 * the profile repository compose them (issue 27: the repository itself stays private to the module).
 */

/** A plan that renews (Stripe keeps charging it): the only thing entitlement needs of the plan. */
const RENEWS = (plan: string) => `${plan}.billing_cycle is not null`;

/**
 * An active renewing Stripe subscription `s` past its end whose renewal may still be reported: its period ended
 * after `$graceStart` (= now - grace). Entitlement keeps it usable, and the renewal job leaves it alone, until then.
 */
export const inStripeRenewalGrace = (graceStart: string, renews = RENEWS('p')) =>
  `(s.status = 'active' and s.provider = 'stripe' and ${renews} and not s.cancel_at_period_end
     and s.current_period_end > ${graceStart})`;

/**
 * Whether subscription `s` (joined to its plan `p`) entitles its holder at `$now`: active and not yet at its end,
 * or in its Stripe renewal grace. Parameter placeholders are the caller's. entitlements.ts `toEntitlement` answers
 * the same for a row in memory; `entitlement-rule.test.ts` runs both over every kind of row so they cannot drift.
 */
export const entitledAt = (now: string, graceStart: string, renews = RENEWS('p')) =>
  `s.status = 'active' and (s.current_period_end > ${now} or ${inStripeRenewalGrace(graceStart, renews)})`;

/**
 * entitledAt for a subscription `s` read without joining its plan: the plan is looked up only for a Stripe
 * subscription past its end. The same rule, planned in well under half the time (GET profile runs it on every call).
 */
export const entitledAtWithoutPlanJoin = (now: string, graceStart: string) =>
  entitledAt(now, graceStart, `exists (select 1 from plans p where p.id = s.plan_id and ${RENEWS('p')})`);
