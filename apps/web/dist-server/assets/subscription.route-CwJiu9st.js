import { A as apiPaths, F as errorMessage, h as apiRequest, u as PageContainer } from "../entry-server.js";
import { t as StatusBadge } from "./status-badge-CoreDwLm.js";
import { a as formatPlanAmount, c as planCardState, i as creditsLabel, l as planFeatures, n as billingLabel, o as isMostPopular, r as buyButtonLabel, s as periodLabel, t as plans_module_default, u as planTitle } from "./plans.module-DnUgZuJd.js";
import { r as PAYMENT_MSG } from "./plans-BS_s-Fq9.js";
import { t as AppModal } from "./app-modal-B2uXULhJ.js";
import { t as formatDate } from "./format-BbEB47_m.js";
import { n as safeCheckoutUrl } from "./payment-return-C06r3I1M.js";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { Alert, Badge, Button, Group, List, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconAlertCircle, IconCheck, IconInfoCircle } from "@tabler/icons-react";
import { jsx, jsxs } from "react/jsx-runtime";
import { toast } from "react-hot-toast";
// src/features/subscriptions/components/checkout-cancelled-notice.tsx
var CHECKOUT_CANCELLED_TEXT = "Checkout cancelled. You have not been charged.";
/** Shown on /subscription?checkout=cancelled, where a checkout page's Cancel sends the parent back. */
function CheckoutCancelledNotice() {
	const [params, setParams] = useSearchParams();
	if (params.get("checkout") !== "cancelled") return null;
	const dismiss = () => setParams((prev) => {
		const next = new URLSearchParams(prev);
		next.delete("checkout");
		return next;
	}, { replace: true });
	return /* @__PURE__ */ jsx(Alert, {
		role: "status",
		color: "blue",
		variant: "light",
		radius: "md",
		icon: /* @__PURE__ */ jsx(IconInfoCircle, { "aria-hidden": true }),
		withCloseButton: true,
		closeButtonLabel: "Dismiss notice",
		onClose: dismiss,
		children: /* @__PURE__ */ jsx("span", {
			style: { color: "var(--kindred-ink)" },
			children: CHECKOUT_CANCELLED_TEXT
		})
	});
}
// src/features/subscriptions/api/my-subscription.api.ts
var mySubscriptionKey = ["subscriptions", "me"];
/** GET subscriptions/me/ (bearer): the current plan, credits left and renewal date, or null with a message. */
function fetchMySubscription(signal) {
	return apiRequest(apiPaths.mySubscription, {
		auth: true,
		signal
	});
}
function useMySubscription() {
	return useQuery(queryOptions({
		queryKey: mySubscriptionKey,
		queryFn: ({ signal }) => fetchMySubscription(signal)
	}));
}
// src/features/subscriptions/api/cancel-subscription.api.ts
/** POST subscriptions/cancel/ (bearer): stops the next renewal; access lasts to the end of the paid period. */
function cancelSubscription() {
	return apiRequest(apiPaths.cancelSubscription, {
		method: "POST",
		body: {},
		auth: true
	});
}
function useCancelSubscriptionMutation() {
	const queryClient = useQueryClient();
	return useMutation({
		mutationFn: cancelSubscription,
		onSuccess: (res) => {
			queryClient.setQueryData(mySubscriptionKey, (old) => ({
				success: true,
				message: old?.message ?? "",
				subscription: res.subscription
			}));
		}
	});
}
// src/features/subscriptions/components/cancel-subscription-modal.tsx
/** Confirms cancelling a renewing plan (spec section 9: cancel anytime, no retroactive refund). */
function CancelSubscriptionModal({ opened, onClose, periodEnd }) {
	const cancel = useCancelSubscriptionMutation();
	const confirm = () => {
		cancel.mutate(void 0, {
			onSuccess: (res) => {
				toast.success(res.message || PAYMENT_MSG.cancelled);
				onClose();
			},
			onError: (error) => {
				toast.error(errorMessage(error, "Could not cancel your subscription. Please try again."));
			}
		});
	};
	return /* @__PURE__ */ jsxs(AppModal, {
		opened,
		onClose,
		title: "Cancel subscription?",
		size: "md",
		children: [/* @__PURE__ */ jsxs(Stack, {
			gap: "sm",
			children: [/* @__PURE__ */ jsx(Text, { children: PAYMENT_MSG.cancelled }), /* @__PURE__ */ jsxs(Text, {
				c: "var(--kindred-muted)",
				size: "sm",
				children: [
					"Your access continues until ",
					formatDate(periodEnd),
					". Fees already billed are not refunded, and you will not be charged again."
				]
			})]
		}), /* @__PURE__ */ jsxs(Group, {
			justify: "flex-end",
			mt: "xl",
			gap: "sm",
			children: [/* @__PURE__ */ jsx(Button, {
				variant: "default",
				onClick: onClose,
				disabled: cancel.isPending,
				"data-autofocus": true,
				children: "Keep subscription"
			}), /* @__PURE__ */ jsx(Button, {
				color: "red.8",
				onClick: confirm,
				loading: cancel.isPending,
				children: "Cancel subscription"
			})]
		})]
	});
}
// src/features/subscriptions/components/current-plan-panel.tsx
/** The parent's current plan: credits left, renewal or expiry date, and cancelling a renewing plan. */
function CurrentPlanPanel() {
	const { data, isPending, error, refetch, isRefetching } = useMySubscription();
	const [confirming, setConfirming] = useState(false);
	const current = data?.subscription ?? null;
	return /* @__PURE__ */ jsxs(Paper, {
		component: "section",
		"aria-labelledby": "current-plan-title",
		withBorder: true,
		radius: "lg",
		p: {
			base: "md",
			sm: "lg"
		},
		children: [
			/* @__PURE__ */ jsx(Title, {
				order: 2,
				size: "h4",
				id: "current-plan-title",
				mb: "sm",
				children: "Your plan"
			}),
			isPending ? /* @__PURE__ */ jsxs(Stack, {
				gap: "xs",
				"aria-busy": "true",
				"aria-label": "Loading your plan",
				children: [/* @__PURE__ */ jsx(Skeleton, {
					h: 22,
					w: "40%",
					radius: "sm"
				}), /* @__PURE__ */ jsx(Skeleton, {
					h: 18,
					w: "60%",
					radius: "sm"
				})]
			}) : error ? /* @__PURE__ */ jsxs(Alert, {
				color: "red",
				variant: "light",
				icon: /* @__PURE__ */ jsx(IconAlertCircle, { "aria-hidden": true }),
				title: "We could not load your plan",
				children: [errorMessage(error, "Please check your connection and try again."), /* @__PURE__ */ jsx("div", { children: /* @__PURE__ */ jsx(Button, {
					mt: "sm",
					size: "xs",
					variant: "white",
					color: "red",
					loading: isRefetching,
					onClick: () => void refetch(),
					children: "Try again"
				}) })]
			}) : !current ? /* @__PURE__ */ jsxs(Text, {
				c: "var(--kindred-muted)",
				children: [data?.message || "You have no active plan yet.", " Choose a plan below."]
			}) : /* @__PURE__ */ jsxs(Group, {
				justify: "space-between",
				align: "flex-end",
				gap: "md",
				children: [/* @__PURE__ */ jsxs(Stack, {
					gap: 4,
					children: [
						/* @__PURE__ */ jsxs(Group, {
							gap: "xs",
							children: [/* @__PURE__ */ jsx(Text, {
								fw: 650,
								fz: "lg",
								children: planTitle(current.plan_name)
							}), /* @__PURE__ */ jsx(StatusBadge, {
								status: current.active ? "Active" : current.status,
								color: current.active ? "green" : "gray"
							})]
						}),
						/* @__PURE__ */ jsx(Text, {
							size: "sm",
							c: "var(--kindred-muted)",
							children: current.plan_name
						}),
						/* @__PURE__ */ jsx(Text, { children: creditsLabel(current) }),
						/* @__PURE__ */ jsx(Text, {
							size: "sm",
							children: periodLabel(current)
						})
					]
				}), current.active && current.renews && /* @__PURE__ */ jsx(Button, {
					variant: "default",
					onClick: () => setConfirming(true),
					children: "Cancel subscription"
				})]
			}),
			current && /* @__PURE__ */ jsx(CancelSubscriptionModal, {
				opened: confirming,
				onClose: () => setConfirming(false),
				periodEnd: current.current_period_end
			})
		]
	});
}
// src/features/subscriptions/api/plans.api.ts
/** GET subscriptions/plans/ (public). The server already leaves out clinic plans; inactive ones are dropped here. */
async function fetchPlans(signal) {
	return ((await apiRequest(apiPaths.plans, { signal })).results ?? []).filter((p) => p.is_active && p.plan_for !== "clinic");
}
var plansQueryOptions = () => queryOptions({
	queryKey: ["subscriptions", "plans"],
	queryFn: ({ signal }) => fetchPlans(signal),
	staleTime: 3e5
});
function usePlans() {
	return useQuery(plansQueryOptions());
}
// src/features/subscriptions/api/create-checkout.api.ts
/**
* POST payments/create-checkout-session/ (bearer). Only the plan is sent: the server takes the price from its own
* plan record. Paid plans add skip_trial; free plans (price 0) send plan_id alone (spec section 7).
*/
function createCheckout(plan) {
	const body = plan.price > 0 ? {
		plan_id: plan.id,
		skip_trial: true
	} : { plan_id: plan.id };
	return apiRequest(apiPaths.createCheckout, {
		method: "POST",
		body,
		auth: true
	});
}
function useCreateCheckoutMutation() {
	return useMutation({ mutationFn: createCheckout });
}
// src/features/subscriptions/hooks/use-buy-plan.ts
/**
* BUY NOW (spec sections 4 and 8): start a checkout on the server, then send the browser to the URL it returns
* (the provider's checkout page, or /payment-success straight away for a free plan). While the browser is leaving,
* the clicked button keeps spinning and the others stay disabled, so a second checkout cannot start.
*/
function useBuyPlan() {
	const checkout = useCreateCheckoutMutation();
	const [pendingPlanId, setPendingPlanId] = useState(null);
	useEffect(() => {
		const onPageShow = (event) => {
			if (event.persisted) setPendingPlanId(null);
		};
		window.addEventListener("pageshow", onPageShow);
		return () => window.removeEventListener("pageshow", onPageShow);
	}, []);
	const buy = (plan) => {
		if (pendingPlanId) return;
		setPendingPlanId(plan.id);
		checkout.mutate(plan, {
			onSuccess: (session) => {
				const url = safeCheckoutUrl(session.url, window.location.origin);
				if (!url) {
					setPendingPlanId(null);
					toast.error(PAYMENT_MSG.initiateFailed);
					return;
				}
				toast.success(PAYMENT_MSG.initiated);
				window.location.assign(url);
			},
			onError: (error) => {
				setPendingPlanId(null);
				toast.error(errorMessage(error, PAYMENT_MSG.initiateFailed));
			}
		});
	};
	return {
		buy,
		pendingPlanId
	};
}
// src/features/subscriptions/components/plan-card.tsx
/** One plan (spec sections 2 and 9): name, price, features, the 'Most Popular' badge and BUY NOW. */
function PlanCard({ plan, state, buying, locked, onBuy }) {
	const popular = isMostPopular(plan);
	const title = planTitle(plan.name);
	const headingId = `plan-${plan.id}`;
	const features = planFeatures(plan);
	const cardClass = [plans_module_default.card, state.current ? plans_module_default.current : popular ? plans_module_default.popular : ""].join(" ");
	return /* @__PURE__ */ jsx(Paper, {
		component: "article",
		"aria-labelledby": headingId,
		withBorder: true,
		radius: "lg",
		p: "lg",
		className: cardClass,
		children: /* @__PURE__ */ jsxs(Stack, {
			gap: "md",
			h: "100%",
			children: [
				/* @__PURE__ */ jsxs(Group, {
					justify: "space-between",
					align: "flex-start",
					gap: "xs",
					wrap: "nowrap",
					children: [/* @__PURE__ */ jsx(Title, {
						order: 3,
						id: headingId,
						fz: "1.35rem",
						children: title
					}), /* @__PURE__ */ jsxs(Group, {
						gap: 6,
						justify: "flex-end",
						children: [popular && /* @__PURE__ */ jsx(Badge, {
							color: "plum",
							variant: "filled",
							radius: "sm",
							tt: "none",
							children: "Most Popular"
						}), state.current && /* @__PURE__ */ jsx(Badge, {
							color: "teal",
							variant: "light",
							c: "teal.9",
							radius: "sm",
							tt: "none",
							children: "Current plan"
						})]
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
						children: billingLabel(plan.billing_cycle)
					})
				] }),
				features.length > 0 && /* @__PURE__ */ jsx(List, {
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
					children: features.map((feature) => /* @__PURE__ */ jsx(List.Item, { children: feature }, feature))
				}),
				state.canBuy ? /* @__PURE__ */ jsx(Button, {
					size: "md",
					fullWidth: true,
					mt: "auto",
					color: popular ? "plum" : "teal",
					loading: buying,
					disabled: locked,
					onClick: () => onBuy(plan),
					"aria-label": buyButtonLabel(plan),
					children: "BUY NOW"
				}) : /* @__PURE__ */ jsx(Button, {
					size: "md",
					fullWidth: true,
					mt: "auto",
					variant: "light",
					disabled: true,
					"aria-label": `Current plan: ${plan.name}`,
					children: "Current plan"
				})
			]
		})
	});
}
// src/features/subscriptions/components/plan-list.tsx
var GRID = {
	base: 1,
	sm: 2,
	md: 3
};
/** The plan cards of /subscription with BUY NOW; skeleton cards while loading and a retry on failure. */
function PlanList() {
	const plans = usePlans();
	const mine = useMySubscription();
	const { buy, pendingPlanId } = useBuyPlan();
	const current = mine.data?.subscription ?? null;
	if (plans.isPending) return /* @__PURE__ */ jsx(SimpleGrid, {
		cols: GRID,
		spacing: "lg",
		"aria-busy": "true",
		"aria-label": "Loading plans",
		children: [
			0,
			1,
			2
		].map((i) => /* @__PURE__ */ jsx(Paper, {
			withBorder: true,
			radius: "lg",
			p: "lg",
			children: /* @__PURE__ */ jsxs(Stack, {
				gap: "md",
				children: [
					/* @__PURE__ */ jsx(Skeleton, {
						h: 24,
						w: "50%",
						radius: "sm"
					}),
					/* @__PURE__ */ jsx(Skeleton, {
						h: 40,
						w: "40%",
						radius: "sm"
					}),
					[
						0,
						1,
						2
					].map((j) => /* @__PURE__ */ jsx(Skeleton, {
						h: 14,
						radius: "sm"
					}, j)),
					/* @__PURE__ */ jsx(Skeleton, {
						h: 42,
						radius: "xl",
						mt: "md"
					})
				]
			})
		}, i))
	});
	if (plans.error) return /* @__PURE__ */ jsxs(Alert, {
		color: "red",
		variant: "light",
		icon: /* @__PURE__ */ jsx(IconAlertCircle, { "aria-hidden": true }),
		title: "We could not load the plans",
		children: [errorMessage(plans.error, "Please check your connection and try again."), /* @__PURE__ */ jsx("div", { children: /* @__PURE__ */ jsx(Button, {
			mt: "sm",
			size: "xs",
			variant: "white",
			color: "red",
			loading: plans.isRefetching,
			onClick: () => void plans.refetch(),
			children: "Try again"
		}) })]
	});
	if (plans.data.length === 0) return /* @__PURE__ */ jsx(Text, {
		c: "var(--kindred-muted)",
		ta: "center",
		py: "xl",
		children: "No plans are available right now. Please check back soon."
	});
	return /* @__PURE__ */ jsx(SimpleGrid, {
		cols: GRID,
		spacing: "lg",
		children: plans.data.map((plan) => /* @__PURE__ */ jsx(PlanCard, {
			plan,
			state: planCardState(plan, current),
			buying: pendingPlanId === plan.id,
			locked: pendingPlanId !== null && pendingPlanId !== plan.id,
			onBuy: buy
		}, plan.id))
	});
}
// src/routes/subscription.route.tsx
/** /subscription (guarded; spec section 2): the current plan and a card per plan with BUY NOW. */
function SubscriptionPage() {
	return /* @__PURE__ */ jsx(PageContainer, { children: /* @__PURE__ */ jsxs(Stack, {
		gap: "lg",
		children: [
			/* @__PURE__ */ jsxs(Stack, {
				gap: 6,
				children: [/* @__PURE__ */ jsx(Title, {
					order: 1,
					fz: {
						base: 28,
						sm: 36
					},
					children: "Subscription Details"
				}), /* @__PURE__ */ jsx(Text, {
					c: "var(--kindred-muted)",
					size: "lg",
					children: "Choose the plan that fits your search. Prices are set by Kindred and charged securely at checkout."
				})]
			}),
			/* @__PURE__ */ jsx(CheckoutCancelledNotice, {}),
			/* @__PURE__ */ jsx(CurrentPlanPanel, {}),
			/* @__PURE__ */ jsxs("section", {
				"aria-labelledby": "plans-title",
				children: [/* @__PURE__ */ jsx(Title, {
					order: 2,
					size: "h3",
					id: "plans-title",
					mb: "md",
					children: "Plans"
				}), /* @__PURE__ */ jsx(PlanList, {})]
			})
		]
	}) });
}
export { SubscriptionPage };

//# sourceMappingURL=subscription.route-CwJiu9st.js.map