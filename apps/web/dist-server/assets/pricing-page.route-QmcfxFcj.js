import { N as paths, f as useHasToken, n as Seo, u as PageContainer } from "../entry-server.js";
import { i as PLAN_NAMES, t as ADD_ONS } from "./plans-BS_s-Fq9.js";
import { a as formatPlanAmount, n as billingLabel, t as plans_module_default, u as planTitle } from "./plans.module-DnUgZuJd.js";
import { Link } from "react-router";
import { Badge, Button, Group, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { Fragment, jsx, jsxs } from "react/jsx-runtime";
// src/features/subscriptions/components/add-ons.tsx
/** Add-ons (spec section 9): genetic risk assessment, fertility counseling, legal contract review. */
function AddOns() {
	return /* @__PURE__ */ jsx(SimpleGrid, {
		cols: {
			base: 1,
			sm: 3
		},
		spacing: "md",
		children: ADD_ONS.map((addOn) => /* @__PURE__ */ jsxs(Paper, {
			component: "article",
			withBorder: true,
			radius: "lg",
			p: "lg",
			"aria-label": addOn.name,
			children: [/* @__PURE__ */ jsx(Title, {
				order: 3,
				fz: "1.05rem",
				mb: 6,
				children: addOn.name
			}), /* @__PURE__ */ jsxs(Text, {
				fw: 700,
				fz: "1.25rem",
				c: "var(--kindred-ink)",
				children: [
					addOn.price,
					" ",
					/* @__PURE__ */ jsx(Text, {
						component: "span",
						fw: 500,
						fz: "sm",
						c: "var(--kindred-muted)",
						children: addOn.unit
					})
				]
			})]
		}, addOn.name))
	});
}
// src/features/subscriptions/components/pricing-plans.tsx
/** The three plans as the spec describes them (sections 1 and 9). /pricing is static: it does not call the API. */
var PLANS = [
	{
		name: PLAN_NAMES.trial,
		price: 0,
		billingCycle: null,
		summary: "Try matching once, free of charge.",
		features: [
			"1 match",
			"Preference tools for 7 days",
			"Compatibility score with an explanation"
		]
	},
	{
		name: PLAN_NAMES.starter,
		price: 129,
		billingCycle: null,
		summary: "A one-time purchase for a focused search.",
		features: [
			"3 matches",
			"Unused matches roll over for up to 3 months",
			"Refundable within 7 days if no matches were generated"
		],
		popular: true
	},
	{
		name: PLAN_NAMES.premium,
		price: 149,
		billingCycle: "month",
		summary: "A monthly subscription for a full search.",
		features: [
			"Unlimited matches",
			"Counterfactual re-scoring: see what relaxing a preference changes",
			"Priority support",
			"$100 credit toward counseling or a genetic risk report after 1 paid month",
			"Cancel anytime"
		]
	}
];
/** The plan cards of /pricing. */
function PricingPlans() {
	return /* @__PURE__ */ jsx(SimpleGrid, {
		cols: {
			base: 1,
			sm: 2,
			md: 3
		},
		spacing: "lg",
		children: PLANS.map((plan) => {
			const title = planTitle(plan.name);
			const id = `pricing-${title.toLowerCase()}`;
			return /* @__PURE__ */ jsx(Paper, {
				component: "article",
				"aria-labelledby": id,
				withBorder: true,
				radius: "lg",
				p: "lg",
				className: `${plans_module_default.card} ${plan.popular ? plans_module_default.popular : ""}`,
				children: /* @__PURE__ */ jsxs(Stack, {
					gap: "md",
					h: "100%",
					children: [
						/* @__PURE__ */ jsxs(Group, {
							justify: "space-between",
							align: "flex-start",
							wrap: "nowrap",
							children: [/* @__PURE__ */ jsx(Title, {
								order: 3,
								id,
								fz: "1.35rem",
								children: title
							}), plan.popular && /* @__PURE__ */ jsx(Badge, {
								color: "plum",
								variant: "filled",
								radius: "sm",
								tt: "none",
								children: "Most Popular"
							})]
						}),
						/* @__PURE__ */ jsxs("div", { children: [
							/* @__PURE__ */ jsx(Text, {
								component: "span",
								className: plans_module_default.price,
								children: formatPlanAmount(plan.price)
							}),
							" ",
							/* @__PURE__ */ jsx(Text, {
								component: "span",
								c: "var(--kindred-muted)",
								fw: 500,
								children: billingLabel(plan.billingCycle)
							})
						] }),
						/* @__PURE__ */ jsx(Text, {
							c: "var(--kindred-muted)",
							size: "sm",
							children: plan.summary
						}),
						/* @__PURE__ */ jsx(List, {
							className: plans_module_default.features,
							spacing: 8,
							size: "sm",
							center: true,
							"aria-label": `${title} features`,
							icon: /* @__PURE__ */ jsx(ThemeIcon, {
								color: "teal",
								size: 20,
								radius: "xl",
								variant: "light",
								"aria-hidden": true,
								children: /* @__PURE__ */ jsx(IconCheck, { size: 13 })
							}),
							children: plan.features.map((f) => /* @__PURE__ */ jsx(List.Item, { children: f }, f))
						})
					]
				})
			}, plan.name);
		})
	});
}
// src/routes/pricing.route.tsx
/** /pricing (public; spec sections 2 and 9): static plans, add-ons, refund and cancellation terms. */
function PricingPage() {
	const signedIn = useHasToken();
	return /* @__PURE__ */ jsx(PageContainer, { children: /* @__PURE__ */ jsxs(Stack, {
		gap: 40,
		children: [
			/* @__PURE__ */ jsxs(Stack, {
				gap: 6,
				children: [/* @__PURE__ */ jsx(Title, {
					order: 1,
					fz: {
						base: 28,
						sm: 36
					},
					children: "Pricing"
				}), /* @__PURE__ */ jsx(Text, {
					c: "var(--kindred-muted)",
					size: "lg",
					maw: 640,
					children: "Simple plans for every stage of your search. Start free, buy a few matches, or subscribe for unlimited matching."
				})]
			}),
			/* @__PURE__ */ jsxs("section", {
				"aria-labelledby": "pricing-plans-title",
				children: [/* @__PURE__ */ jsx(Title, {
					order: 2,
					size: "h3",
					id: "pricing-plans-title",
					mb: "md",
					children: "Plans"
				}), /* @__PURE__ */ jsx(PricingPlans, {})]
			}),
			/* @__PURE__ */ jsxs("section", {
				"aria-labelledby": "pricing-addons-title",
				children: [
					/* @__PURE__ */ jsx(Title, {
						order: 2,
						size: "h3",
						id: "pricing-addons-title",
						mb: 6,
						children: "Add-ons"
					}),
					/* @__PURE__ */ jsx(Text, {
						c: "var(--kindred-muted)",
						mb: "md",
						children: "Extra support you can add to any plan."
					}),
					/* @__PURE__ */ jsx(AddOns, {})
				]
			}),
			/* @__PURE__ */ jsxs(Paper, {
				component: "section",
				"aria-labelledby": "pricing-refunds-title",
				withBorder: true,
				radius: "lg",
				p: {
					base: "md",
					sm: "lg"
				},
				children: [/* @__PURE__ */ jsx(Title, {
					order: 2,
					size: "h4",
					id: "pricing-refunds-title",
					mb: "sm",
					children: "Refunds and cancellation"
				}), /* @__PURE__ */ jsxs(List, {
					spacing: 6,
					size: "sm",
					children: [
						/* @__PURE__ */ jsx(List.Item, { children: "Starter is refundable within 7 days of purchase if no matches were generated." }),
						/* @__PURE__ */ jsx(List.Item, { children: "Subscriptions can be cancelled anytime; cancelling stops the next renewal, with no retroactive refund." }),
						/* @__PURE__ */ jsx(List.Item, { children: "Fees are billed in advance and are non-refundable except as stated above or as required by law." })
					]
				})]
			}),
			/* @__PURE__ */ jsx(Paper, {
				withBorder: true,
				radius: "lg",
				p: {
					base: "lg",
					sm: 32
				},
				bg: "var(--kindred-teal-soft)",
				children: /* @__PURE__ */ jsxs(Group, {
					justify: "space-between",
					gap: "md",
					children: [/* @__PURE__ */ jsxs(Stack, {
						gap: 4,
						children: [/* @__PURE__ */ jsx(Title, {
							order: 2,
							size: "h3",
							children: "Ready to start your journey?"
						}), /* @__PURE__ */ jsx(Text, {
							c: "var(--kindred-ink)",
							children: signedIn ? "Pick a plan and check out in a minute." : "Create your free account, then choose a plan."
						})]
					}), signedIn ? /* @__PURE__ */ jsx(Button, {
						component: Link,
						to: paths.subscription,
						size: "md",
						children: "Choose a plan"
					}) : /* @__PURE__ */ jsx(Button, {
						component: Link,
						to: paths.register,
						size: "md",
						children: "Create your account"
					})]
				})
			})
		]
	}) });
}
// src/routes/pricing-page.route.tsx
/** The existing pricing page with its title and description for search results and link previews. */
function PricingWithMeta() {
	return /* @__PURE__ */ jsxs(Fragment, { children: [/* @__PURE__ */ jsx(Seo, {
		title: "Pricing",
		description: "Kindred plans: Trial (1 match, free), Starter (3 matches, one time) and Premium (unlimited matches, monthly), plus add-ons.",
		path: paths.pricing
	}), /* @__PURE__ */ jsx(PricingPage, {})] });
}
export { PricingWithMeta };

//# sourceMappingURL=pricing-page.route-QmcfxFcj.js.map