import { n as FALLBACK_PLAN_FEATURES } from "./plans-BS_s-Fq9.js";
import { t as formatDate } from "./format-BbEB47_m.js";
// src/features/subscriptions/utils/plan-display.ts
var TRAILING_PARENTHETICAL = /\s*\([^()]*\)\s*$/;
/** The plan's short title: the seeded names carry their price in brackets ('Starter ($129 one-time)' → 'Starter'). */
function planTitle(name) {
	return name.replace(TRAILING_PARENTHETICAL, "").trim() || name;
}
/** '$129', '$12.50', or 'Free' for a price of 0. */
function formatPlanAmount(price) {
	if (!(price > 0)) return "Free";
	return new Intl.NumberFormat("en-US", {
		style: "currency",
		currency: "USD",
		minimumFractionDigits: Number.isInteger(price) ? 0 : 2
	}).format(price);
}
/** '/ month' or '/ year' for renewing plans, 'one-time' for everything else. */
function billingLabel(billingCycle) {
	return billingCycle ? `/ ${billingCycle}` : "one-time";
}
/** '$129 one-time', '$149 / month', 'Free one-time'. */
function planPriceLabel(plan) {
	return `${formatPlanAmount(plan.price)} ${billingLabel(plan.billing_cycle)}`;
}
/** Spec section 2: Starter (flagged most popular by the server) and any plan named Standard carry the badge. */
function isMostPopular(plan) {
	return plan.most_popular || planTitle(plan.name).toLowerCase() === "standard";
}
/** The plan's own features, else the spec's fallback texts for plans named free, basic or standard (section 9). */
function planFeatures(plan) {
	if (plan.features.length > 0) return plan.features;
	for (const key of [planTitle(plan.name).toLowerCase(), plan.subscription_type.toLowerCase()]) {
		const fallback = FALLBACK_PLAN_FEATURES[key];
		if (fallback) return fallback;
	}
	return [];
}
/** The BUY NOW button's accessible name: names the plan and its price ('BUY NOW: Starter ($129 one-time)'). */
function buyButtonLabel(plan) {
	return `BUY NOW: ${TRAILING_PARENTHETICAL.test(plan.name) ? plan.name : `${plan.name} (${planPriceLabel(plan)})`}`;
}
/**
* Whether a plan card is the parent's current plan and whether BUY NOW is offered. Buying replaces the current
* subscription, so the current plan cannot be bought again while it still gives something: a renewal, a paid
* period running out after cancelling, or unused credits. A one-time plan whose credits are spent can be bought again.
*/
function planCardState(plan, current) {
	if (!current?.active || current.plan_id !== plan.id) return {
		current: false,
		canBuy: true
	};
	return {
		current: true,
		canBuy: current.match_credits_remaining === 0 && !current.renews && !current.cancel_at_period_end
	};
}
/** 'Unlimited matches' or '2 of 3 match credits left'. */
function creditsLabel(e) {
	if (e.match_credits_remaining === null) return "Unlimited matches";
	const total = e.match_credits_total ?? e.match_credits_remaining;
	return `${e.match_credits_remaining} of ${total} match ${total === 1 ? "credit" : "credits"} left`;
}
/** When the plan renews or ends, in the spec's 'MMM DD YYYY' date format. */
function periodLabel(e) {
	const date = formatDate(e.current_period_end);
	if (!e.active) return `Ended on ${date}`;
	if (e.renews) return `Renews on ${date}`;
	if (e.cancel_at_period_end) return `Cancelled: access until ${date}, no further charges`;
	return `Expires on ${date}`;
}
var plans_module_default = {
	card: "_card_1uaxd_1",
	popular: "_popular_1uaxd_9",
	current: "_current_1uaxd_14",
	features: "_features_1uaxd_18",
	price: "_price_1uaxd_22"
};
export { formatPlanAmount as a, planCardState as c, creditsLabel as i, planFeatures as l, billingLabel as n, isMostPopular as o, buyButtonLabel as r, periodLabel as s, plans_module_default as t, planTitle as u };

//# sourceMappingURL=plans.module-DnUgZuJd.js.map