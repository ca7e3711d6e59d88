import { A as apiPaths, F as errorMessage, M as donorPath, N as paths, h as apiRequest, j as comparePath, u as PageContainer } from "../entry-server.js";
import { a as matchesShownFor } from "./plans-BS_s-Fq9.js";
import { i as setSubmittedPreferences, n as getSubmittedPreferences, r as setStoredProfileId, t as getStoredProfileId } from "./match-profile-C0RWYp5q.js";
import { a as DONOR_TYPE_LABELS, f as planNameOf, i as DISCLOSURE_LABELS, l as counterfactualText, m as toggleCompare, o as attributeLabel, p as relaxPreferences, s as canRelax, t as ScoreBadge, u as explanationExcerpt } from "./score-badge-BdnEQ7oc.js";
import { n as CategoryScores, t as FavouriteButton } from "./favourite-button-CHjuZdbp.js";
import { t as AppModal } from "./app-modal-B2uXULhJ.js";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { Badge, Button, Center, Checkbox, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Fragment as Fragment$1, jsx, jsxs } from "react/jsx-runtime";
import { toast } from "react-hot-toast";
// src/features/matches/api/find-matches.api.ts
var findMatchesKey = (profileId) => ["matches", profileId];
/** POST donors/find-matches/ (bearer): ranked donors for a saved preference profile; how many depends on the plan. */
function findMatches(profileId, signal) {
	return apiRequest(apiPaths.findMatches, {
		method: "POST",
		body: { profile_id: profileId },
		auth: true,
		signal
	});
}
function useFindMatches(profileId, enabled) {
	return useQuery(queryOptions({
		queryKey: findMatchesKey(profileId ?? ""),
		queryFn: ({ signal }) => findMatches(profileId, signal),
		enabled: enabled && profileId !== null,
		retry: false,
		staleTime: 3e4
	}));
}
// src/features/matches/api/match-profile.api.ts
/**
* The preference profile to match with: the id the wizard stored, else profiles[0] of the list (the latest),
* which is then stored. Null when the parent has never submitted the wizard.
*/
async function resolveProfileId(signal) {
	const stored = getStoredProfileId();
	if (stored) return stored;
	const id = (await apiRequest(apiPaths.listPreferences, {
		auth: true,
		signal
	})).profiles[0]?.id ?? null;
	if (id) setStoredProfileId(id);
	return id;
}
function useMatchProfileId() {
	return useQuery(queryOptions({
		queryKey: ["match-profile-id"],
		queryFn: ({ signal }) => resolveProfileId(signal),
		retry: false,
		staleTime: Infinity
	}));
}
// src/features/matches/api/transactions.api.ts
/** GET parent/transactions/ (bearer): plan purchases; data holds plan_name (spec section 3). */
function fetchTransactions(signal) {
	return apiRequest(apiPaths.transactions, {
		auth: true,
		signal
	});
}
function useTransactions() {
	return useQuery(queryOptions({
		queryKey: ["transactions"],
		queryFn: ({ signal }) => fetchTransactions(signal),
		retry: false
	}));
}
// src/features/matches/api/rerun-preferences.api.ts
/**
* Premium's one-click re-run: relax one filter in the preferences last submitted, submit them again (the server
* updates the same profile) and reload the matches.
*/
function useRerunWithout() {
	const client = useQueryClient();
	return useMutation({
		mutationFn: async (filter) => {
			const current = getSubmittedPreferences();
			const relaxed = current ? relaxPreferences(current, filter) : null;
			if (!relaxed) throw new Error("Your last preferences are not on this device. Please run the wizard again.");
			const res = await apiRequest(apiPaths.createPreferences, {
				method: "POST",
				body: relaxed,
				auth: true
			});
			setSubmittedPreferences(relaxed);
			setStoredProfileId(res.profile_id);
			return res;
		},
		onSuccess: async () => {
			toast.success("Preferences updated. Here are your new matches.");
			await client.invalidateQueries({ queryKey: ["match-profile-id"] });
			await client.invalidateQueries({ queryKey: ["matches"] });
		},
		onError: (error) => toast.error(errorMessage(error, error instanceof Error ? error.message : "Could not re-run your matches."))
	});
}
// src/features/matches/components/counterfactual-hints.tsx
/** Premium: what relaxing one hard filter would add, with a one-click re-run. */
function CounterfactualHints({ hints }) {
	const rerun = useRerunWithout();
	const useful = hints.filter((h) => h.additional_matches > 0);
	if (useful.length === 0) return null;
	return /* @__PURE__ */ jsxs(Paper, {
		withBorder: true,
		radius: "lg",
		p: "lg",
		bg: "var(--kindred-teal-soft)",
		component: "section",
		"aria-labelledby": "hints-title",
		children: [/* @__PURE__ */ jsx(Title, {
			order: 2,
			size: "h4",
			id: "hints-title",
			mb: "sm",
			children: "Widen your search"
		}), /* @__PURE__ */ jsx(Stack, {
			gap: "xs",
			children: useful.map((h) => /* @__PURE__ */ jsxs(Group, {
				justify: "space-between",
				gap: "sm",
				children: [/* @__PURE__ */ jsx(Text, {
					size: "sm",
					children: counterfactualText(h)
				}), canRelax(h.filter) && /* @__PURE__ */ jsx(Button, {
					size: "xs",
					variant: "white",
					color: "teal",
					loading: rerun.isPending && rerun.variables === h.filter,
					disabled: rerun.isPending,
					onClick: () => rerun.mutate(h.filter),
					children: "Re-run without it"
				})]
			}, h.filter))
		})]
	});
}
// src/features/matches/components/match-card.tsx
/** One ranked donor (spec sections 3 and 4): score band, category scores, explanation, matched attributes. */
function MatchCard({ match, rank, comparing, compareDisabled, onCompare }) {
	const titleId = `match-${match.donor_reference_id}`;
	return /* @__PURE__ */ jsx(Paper, {
		component: "article",
		withBorder: true,
		radius: "lg",
		p: "lg",
		"aria-labelledby": titleId,
		"data-testid": "match-card",
		children: /* @__PURE__ */ jsxs(Stack, {
			gap: "md",
			children: [
				/* @__PURE__ */ jsxs(Group, {
					justify: "space-between",
					align: "flex-start",
					wrap: "nowrap",
					children: [/* @__PURE__ */ jsxs(Stack, {
						gap: 2,
						children: [
							/* @__PURE__ */ jsxs(Text, {
								size: "sm",
								c: "var(--kindred-muted)",
								children: ["#", rank]
							}),
							/* @__PURE__ */ jsxs(Title, {
								order: 2,
								size: "h4",
								id: titleId,
								children: ["Donor ", match.donor_reference_id]
							}),
							/* @__PURE__ */ jsxs(Group, {
								gap: 6,
								children: [/* @__PURE__ */ jsx(Badge, {
									variant: "light",
									color: "teal",
									children: DONOR_TYPE_LABELS[match.donor_type] ?? match.donor_type
								}), /* @__PURE__ */ jsx(Badge, {
									variant: "light",
									color: "plum",
									children: DISCLOSURE_LABELS[match.disclosure] ?? match.disclosure
								})]
							})
						]
					}), /* @__PURE__ */ jsx(ScoreBadge, { score: match.overall_match_percentage })]
				}),
				/* @__PURE__ */ jsx(CategoryScores, { scores: match.category_scores }),
				/* @__PURE__ */ jsx(Text, {
					size: "sm",
					children: explanationExcerpt(match.ai_explanation)
				}),
				match.matched_attributes_summary.length > 0 && /* @__PURE__ */ jsxs(Stack, {
					gap: 4,
					children: [/* @__PURE__ */ jsx(Text, {
						size: "sm",
						fw: 600,
						children: "Matched attributes"
					}), /* @__PURE__ */ jsx(Group, {
						gap: 6,
						children: match.matched_attributes_summary.map((a) => /* @__PURE__ */ jsx(Badge, {
							variant: "outline",
							color: "teal",
							tt: "none",
							children: attributeLabel(a)
						}, a))
					})]
				}),
				match.flagged && /* @__PURE__ */ jsx(Text, {
					size: "sm",
					c: "red.9",
					fw: 600,
					children: "Carrier screening needs attention: see the donor's profile."
				}),
				/* @__PURE__ */ jsxs(Group, {
					justify: "space-between",
					children: [/* @__PURE__ */ jsx(Checkbox, {
						label: "Compare",
						checked: comparing,
						disabled: compareDisabled && !comparing,
						onChange: onCompare,
						"aria-label": `Compare donor ${match.donor_reference_id}`
					}), /* @__PURE__ */ jsxs(Group, {
						gap: "xs",
						children: [/* @__PURE__ */ jsx(FavouriteButton, { referenceId: match.donor_reference_id }), /* @__PURE__ */ jsx(Button, {
							component: Link,
							to: donorPath(match.donor_reference_id),
							variant: "light",
							color: "teal",
							"aria-label": `View profile of donor ${match.donor_reference_id}`,
							children: "View profile"
						})]
					})]
				})
			]
		})
	});
}
// src/features/matches/components/upgrade-modal.tsx
var UPGRADE_MSG = {
	title: "Upgrade Required",
	line1: "This feature is available for subscribed users only.",
	line2: "Get full access to premium features like donor matches and personalized tools."
};
function UpgradeModal({ opened, onClose }) {
	return /* @__PURE__ */ jsxs(AppModal, {
		opened,
		onClose,
		title: UPGRADE_MSG.title,
		children: [
			/* @__PURE__ */ jsx(Text, {
				fw: 600,
				children: UPGRADE_MSG.line1
			}),
			/* @__PURE__ */ jsx(Text, {
				mt: "xs",
				mb: "lg",
				children: UPGRADE_MSG.line2
			}),
			/* @__PURE__ */ jsx(Group, {
				justify: "flex-end",
				children: /* @__PURE__ */ jsx(Button, {
					component: Link,
					to: paths.subscription,
					color: "teal",
					children: "Subscribe Now"
				})
			})
		]
	});
}
// src/features/matches/components/matches-view.tsx
var MATCHES_MSG = {
	loadFailed: "Failed to load donor matches. Please try again.",
	none: "No donor matches found. Please check your preferences.",
	emptyTitle: "No matches found",
	emptyHint: "Try adjusting your preferences or contact support for assistance."
};
/**
* /donor-matches (spec sections 2, 4 and 8): loads once the parent's plan (from transactions) and a preference
* profile id are known; the plan decides how many cards show; without an active subscription the upgrade dialog
* opens.
*/
function MatchesView() {
	const transactions = useTransactions();
	const profile = useMatchProfileId();
	const planName = planNameOf(transactions.data?.data);
	const matches = useFindMatches(profile.data ?? null, planName !== null);
	const [upgradeOpen, setUpgradeOpen] = useState(false);
	const [compare, setCompare] = useState([]);
	const toasted = useRef(null);
	const noPlan = transactions.isSuccess && planName === null;
	const noProfile = profile.isSuccess && profile.data === null;
	const unsubscribed = matches.data !== void 0 && matches.data.subscription === false;
	useEffect(() => {
		if (noPlan || unsubscribed) setUpgradeOpen(true);
	}, [noPlan, unsubscribed]);
	useEffect(() => {
		const failed = matches.isError || transactions.isError || profile.isError || matches.data && matches.data.success !== true;
		const key = matches.error ?? transactions.error ?? profile.error ?? matches.data;
		if (failed && toasted.current !== key) {
			toasted.current = key;
			toast.error(MATCHES_MSG.loadFailed);
		} else if (matches.data?.success && matches.data.subscription && matches.data.matches.length === 0 && toasted.current !== matches.data) {
			toasted.current = matches.data;
			toast(MATCHES_MSG.none);
		}
	}, [
		matches.isError,
		matches.error,
		matches.data,
		transactions.isError,
		transactions.error,
		profile.isError,
		profile.error
	]);
	const shown = useMemo(() => {
		const list = matches.data?.success === true ? matches.data.matches : [];
		const limit = matchesShownFor(matches.data?.plan_name ?? planName);
		return limit === null ? list : list.slice(0, limit);
	}, [matches.data, planName]);
	const loading = transactions.isPending || profile.isPending || matches.isFetching && !matches.data;
	const failed = matches.isError || transactions.isError || profile.isError;
	return /* @__PURE__ */ jsxs(Stack, {
		gap: "lg",
		children: [
			/* @__PURE__ */ jsxs(Group, {
				justify: "space-between",
				align: "flex-end",
				children: [/* @__PURE__ */ jsx(Title, {
					order: 1,
					fz: {
						base: 28,
						sm: 36
					},
					children: "Your Donor Matches"
				}), /* @__PURE__ */ jsx(Button, {
					component: Link,
					to: paths.profileSteps,
					variant: "default",
					children: "Edit preferences"
				})]
			}),
			loading ? /* @__PURE__ */ jsx(Center, {
				py: "xl",
				role: "status",
				"aria-label": "Loading donor matches",
				children: /* @__PURE__ */ jsx(Loader, { size: 40 })
			}) : /* @__PURE__ */ jsxs(Fragment$1, { children: [
				/* @__PURE__ */ jsxs(Stack, {
					gap: 2,
					children: [/* @__PURE__ */ jsxs(Text, {
						fw: 700,
						size: "lg",
						"data-testid": "total-matches",
						children: ["Total Matches: ", shown.length]
					}), matches.data?.success && matches.data.subscription && matches.data.total_matches > shown.length && /* @__PURE__ */ jsxs(Text, {
						size: "sm",
						c: "var(--kindred-muted)",
						children: [
							matches.data.total_matches,
							" donors meet your preferences; your plan shows the top ",
							shown.length,
							"."
						]
					})]
				}),
				matches.data?.counterfactuals && /* @__PURE__ */ jsx(CounterfactualHints, { hints: matches.data.counterfactuals }),
				compare.length > 0 && /* @__PURE__ */ jsx(Paper, {
					withBorder: true,
					radius: "md",
					p: "sm",
					children: /* @__PURE__ */ jsxs(Group, {
						justify: "space-between",
						children: [/* @__PURE__ */ jsxs(Text, {
							size: "sm",
							children: [
								compare.length,
								" of ",
								3,
								" donors selected to compare"
							]
						}), /* @__PURE__ */ jsx(Button, {
							component: Link,
							to: comparePath(compare),
							size: "sm",
							color: "teal",
							disabled: compare.length < 2,
							children: "Compare side by side"
						})]
					})
				}),
				shown.length === 0 ? /* @__PURE__ */ jsxs(Paper, {
					withBorder: true,
					radius: "lg",
					p: "xl",
					ta: "center",
					children: [
						/* @__PURE__ */ jsx(Title, {
							order: 2,
							size: "h3",
							children: MATCHES_MSG.emptyTitle
						}),
						/* @__PURE__ */ jsx(Text, {
							mt: "xs",
							c: "var(--kindred-muted)",
							children: MATCHES_MSG.emptyHint
						}),
						(noProfile || failed) && /* @__PURE__ */ jsx(Button, {
							component: Link,
							to: paths.profileSteps,
							mt: "md",
							color: "teal",
							children: "Set your preferences"
						})
					]
				}) : /* @__PURE__ */ jsx(SimpleGrid, {
					cols: {
						base: 1,
						md: 2
					},
					spacing: "lg",
					children: shown.map((m, i) => /* @__PURE__ */ jsx(MatchCard, {
						match: m,
						rank: i + 1,
						comparing: compare.includes(m.donor_reference_id),
						compareDisabled: compare.length >= 3,
						onCompare: () => setCompare((c) => toggleCompare(c, m.donor_reference_id))
					}, m.donor_reference_id))
				})
			] }),
			/* @__PURE__ */ jsx(UpgradeModal, {
				opened: upgradeOpen,
				onClose: () => setUpgradeOpen(false)
			})
		]
	});
}
// src/routes/donor-matches.route.tsx
/** /donor-matches (guarded): ranked donors for the parent's latest preferences. */
function DonorMatchesPage() {
	return /* @__PURE__ */ jsx(PageContainer, { children: /* @__PURE__ */ jsx(MatchesView, {}) });
}
export { DonorMatchesPage };

//# sourceMappingURL=donor-matches.route-D4-m2Pob.js.map