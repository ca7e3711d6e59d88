import { z } from "zod";
// ../../packages/shared/src/plans.ts
/** The exact plan names; the client decides how many matches to show from them (spec section 9). */
var PLAN_NAMES = {
	trial: "Trial (Free one-time)",
	starter: "Starter ($129 one-time)",
	premium: "Premium ($149 / month)"
};
/** How many matches a plan shows: Trial 1, Starter 3, Premium and any unknown name all (null). */
function matchesShownFor(planName) {
	if (planName === PLAN_NAMES.trial) return 1;
	if (planName === PLAN_NAMES.starter) return 3;
	return null;
}
/** Feature texts the subscription page falls back to for plans named free, basic or standard (spec section 9). */
var FALLBACK_PLAN_FEATURES = {
	free: ["1 match credit", "Preference tools for 7 days"],
	basic: ["3 match credits", "Unused credits roll over for 3 months"],
	standard: ["3 match credits", "Unused credits roll over for 3 months"]
};
/** Add-ons shown on /pricing (spec section 9). */
var ADD_ONS = [
	{
		name: "Genetic Risk Assessment",
		price: "$150",
		unit: "per report"
	},
	{
		name: "Fertility Counseling",
		price: "$150",
		unit: "per hour"
	},
	{
		name: "Legal contract review",
		price: "Price varies",
		unit: "by contract"
	}
];
var planDto = z.object({
	id: z.string(),
	name: z.string(),
	subscription_type: z.string(),
	plan_for: z.enum(["parent", "clinic"]),
	price: z.number(),
	currency: z.string(),
	billing_cycle: z.enum(["month", "year"]).nullable(),
	duration_days: z.number().int(),
	match_credits: z.number().int().nullable(),
	features: z.array(z.string()),
	most_popular: z.boolean(),
	is_active: z.boolean()
});
z.object({
	count: z.number(),
	next: z.string().nullable(),
	previous: z.string().nullable(),
	results: z.array(planDto)
});
z.object({
	name: z.string({ error: "Name is required." }).trim().min(3, { error: "Name is required." }).max(80),
	subscription_type: z.string().trim().min(1).max(40),
	plan_for: z.enum(["parent", "clinic"]).default("parent"),
	price: z.number({ error: "Price must be a number." }).min(0).max(1e5).multipleOf(.01),
	billing_cycle: z.enum(["month", "year"]).nullable().default(null),
	duration_days: z.number().int().min(1).max(3660),
	match_credits: z.number().int().min(0).max(1e4).nullable().default(null),
	features: z.array(z.string().trim().min(1).max(200)).max(20).default([]),
	most_popular: z.boolean().default(false),
	is_active: z.boolean().default(true)
});
z.object({
	plan_id: z.uuid({ error: "Choose a valid plan." }),
	skip_trial: z.boolean().optional()
});
z.object({
	sessionId: z.string(),
	url: z.string()
});
z.object({ session_id: z.string({ error: "session_id is required." }).trim().min(1, { error: "session_id is required." }).max(300) });
z.object({
	active: z.boolean(),
	status: z.string(),
	plan_id: z.string(),
	plan_name: z.string(),
	match_credits_total: z.number().nullable(),
	match_credits_used: z.number(),
	match_credits_remaining: z.number().nullable(),
	matches_shown: z.number().nullable(),
	started_at: z.string(),
	current_period_end: z.string(),
	renews: z.boolean(),
	cancel_at_period_end: z.boolean(),
	counterfactuals: z.boolean()
});
z.object({
	id: z.string(),
	created_at: z.string(),
	plan_id: z.string(),
	plan_name: z.string(),
	plan_price: z.number(),
	currency: z.string(),
	payment_status: z.string(),
	kind: z.string()
});
var PAYMENT_MSG = {
	initiated: "Payment initiated successfully! Redirecting...",
	initiateFailed: "Failed to initiate payment.",
	failed: "Payment failed. Please try again.",
	verified: "Payment successful! Redirecting to donor matches...",
	verifyFailed: "Payment verification failed. Please contact support.",
	notCompleted: "This payment has not been completed.",
	trialUsed: "The free trial can be used once per account.",
	planUnavailable: "This plan is not available.",
	noSubscription: "You don't have an active subscription. Subscribe to unlock premium features.",
	cancelled: "Your subscription will not renew. You keep access until the end of the period you paid for."
};
export { matchesShownFor as a, PLAN_NAMES as i, FALLBACK_PLAN_FEATURES as n, PAYMENT_MSG as r, ADD_ONS as t };

//# sourceMappingURL=plans-BS_s-Fq9.js.map