import { N as paths, P as ApiError, u as PageContainer } from "../entry-server.js";
import { r as useDonorDetail, t as DonorFactsTable } from "./donor-facts-BXpoopJ2.js";
import { a as DONOR_TYPE_LABELS, c as conditionLabel, i as DISCLOSURE_LABELS, n as CARRIER_STATUS_TEXT, o as attributeLabel, t as ScoreBadge } from "./score-badge-BdnEQ7oc.js";
import { n as CategoryScores, t as FavouriteButton } from "./favourite-button-CHjuZdbp.js";
import { Link, useParams } from "react-router";
import { Anchor, Badge, Center, Grid, Group, Image, List, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { jsx, jsxs } from "react/jsx-runtime";
// src/features/matches/components/donor-detail-view.tsx
/** A matched donor: non-identifying profile, carrier report condition by condition, and why they scored as they did. */
function DonorDetailView({ referenceId }) {
	const { data, isPending, error } = useDonorDetail(referenceId);
	if (isPending) return /* @__PURE__ */ jsx(Center, {
		py: "xl",
		role: "status",
		"aria-label": "Loading donor",
		children: /* @__PURE__ */ jsx(Loader, { size: 40 })
	});
	if (error || !data) {
		const missing = error instanceof ApiError && error.status === 404;
		return /* @__PURE__ */ jsxs(Paper, {
			withBorder: true,
			radius: "lg",
			p: "xl",
			children: [
				/* @__PURE__ */ jsx(Title, {
					order: 1,
					size: "h3",
					children: missing ? "Donor not found" : "Could not load this donor"
				}),
				/* @__PURE__ */ jsx(Text, {
					mt: "xs",
					children: missing ? "This donor is not among your matches." : "Please try again."
				}),
				/* @__PURE__ */ jsx(Anchor, {
					component: Link,
					to: paths.donorMatches,
					mt: "md",
					display: "inline-block",
					children: "Back to your matches"
				})
			]
		});
	}
	const { donor, match } = data;
	return /* @__PURE__ */ jsxs(Stack, {
		gap: "lg",
		children: [
			/* @__PURE__ */ jsx(Anchor, {
				component: Link,
				to: paths.donorMatches,
				size: "sm",
				children: "← Back to your matches"
			}),
			/* @__PURE__ */ jsxs(Group, {
				justify: "space-between",
				align: "flex-start",
				children: [/* @__PURE__ */ jsxs(Group, {
					gap: "md",
					wrap: "nowrap",
					children: [/* @__PURE__ */ jsx(Image, {
						src: donor.avatar_url,
						alt: "",
						w: 72,
						h: 72,
						radius: "xl"
					}), /* @__PURE__ */ jsxs(Stack, {
						gap: 4,
						children: [
							/* @__PURE__ */ jsx(Title, {
								order: 1,
								fz: {
									base: 24,
									sm: 30
								},
								children: donor.display_name ?? `Donor ${donor.reference_id}`
							}),
							/* @__PURE__ */ jsxs(Group, {
								gap: 6,
								children: [
									/* @__PURE__ */ jsx(Badge, {
										variant: "light",
										color: "teal",
										children: DONOR_TYPE_LABELS[donor.donor_type]
									}),
									/* @__PURE__ */ jsx(Badge, {
										variant: "light",
										color: "plum",
										children: DISCLOSURE_LABELS[donor.disclosure]
									}),
									/* @__PURE__ */ jsxs(Text, {
										size: "sm",
										c: "var(--kindred-muted)",
										children: [
											donor.reference_id,
											" · ",
											donor.bank_name
										]
									})
								]
							}),
							donor.is_fictional && /* @__PURE__ */ jsx(Text, {
								size: "xs",
								c: "var(--kindred-muted)",
								children: "Fictional demo donor"
							})
						]
					})]
				}), /* @__PURE__ */ jsxs(Group, {
					gap: "sm",
					children: [/* @__PURE__ */ jsx(FavouriteButton, { referenceId: donor.reference_id }), /* @__PURE__ */ jsx(ScoreBadge, {
						score: match.overall_match_percentage,
						size: "lg"
					})]
				})]
			}),
			/* @__PURE__ */ jsxs(Grid, {
				gap: "lg",
				children: [/* @__PURE__ */ jsxs(Grid.Col, {
					span: {
						base: 12,
						md: 6
					},
					children: [/* @__PURE__ */ jsxs(Paper, {
						withBorder: true,
						radius: "lg",
						p: "lg",
						component: "section",
						"aria-labelledby": "why-title",
						children: [
							/* @__PURE__ */ jsxs(Title, {
								order: 2,
								size: "h4",
								id: "why-title",
								mb: "sm",
								children: [
									"Why this donor scored ",
									Math.round(match.overall_match_percentage),
									"%"
								]
							}),
							/* @__PURE__ */ jsx(CategoryScores, {
								scores: match.category_scores,
								weights: match.category_weights
							}),
							/* @__PURE__ */ jsx(Text, {
								mt: "md",
								children: match.explanation.summary
							}),
							match.explanation.sentences.length > 0 && /* @__PURE__ */ jsx(List, {
								mt: "sm",
								spacing: 4,
								size: "sm",
								children: match.explanation.sentences.map((s, i) => /* @__PURE__ */ jsxs(List.Item, { children: [
									s.text,
									" ",
									/* @__PURE__ */ jsxs(Text, {
										span: true,
										size: "xs",
										c: "var(--kindred-muted)",
										children: [
											"(",
											attributeLabel(s.factor),
											")"
										]
									})
								] }, i))
							})
						]
					}), /* @__PURE__ */ jsxs(Paper, {
						withBorder: true,
						radius: "lg",
						p: "lg",
						mt: "lg",
						component: "section",
						"aria-labelledby": "carrier-title",
						children: [/* @__PURE__ */ jsx(Title, {
							order: 2,
							size: "h4",
							id: "carrier-title",
							mb: "sm",
							children: "Carrier compatibility"
						}), match.carrier_report.length === 0 ? /* @__PURE__ */ jsx(Text, {
							size: "sm",
							children: "You listed no carrier conditions, so there is nothing to compare."
						}) : /* @__PURE__ */ jsx(Stack, {
							gap: "xs",
							children: match.carrier_report.map((c) => {
								const s = CARRIER_STATUS_TEXT[c.status];
								return /* @__PURE__ */ jsxs("div", { children: [/* @__PURE__ */ jsxs(Group, {
									gap: "xs",
									children: [/* @__PURE__ */ jsx(Text, {
										fw: 600,
										size: "sm",
										children: conditionLabel(c.condition)
									}), /* @__PURE__ */ jsx(Badge, {
										color: s.color,
										variant: "filled",
										size: "sm",
										children: s.label
									})]
								}), /* @__PURE__ */ jsx(Text, {
									size: "sm",
									c: "var(--kindred-muted)",
									children: s.detail
								})] }, c.condition);
							})
						})]
					})]
				}), /* @__PURE__ */ jsx(Grid.Col, {
					span: {
						base: 12,
						md: 6
					},
					children: /* @__PURE__ */ jsxs(Paper, {
						withBorder: true,
						radius: "lg",
						p: "lg",
						component: "section",
						"aria-labelledby": "profile-title",
						children: [
							/* @__PURE__ */ jsx(Title, {
								order: 2,
								size: "h4",
								id: "profile-title",
								mb: "sm",
								children: "Profile"
							}),
							/* @__PURE__ */ jsx(DonorFactsTable, { donor }),
							donor.personality.length > 0 && /* @__PURE__ */ jsxs(Text, {
								mt: "md",
								size: "sm",
								children: [
									/* @__PURE__ */ jsx("b", { children: "Personality:" }),
									" ",
									donor.personality.join(", ")
								]
							}),
							donor.interests.length > 0 && /* @__PURE__ */ jsxs(Text, {
								mt: 4,
								size: "sm",
								children: [
									/* @__PURE__ */ jsx("b", { children: "Interests:" }),
									" ",
									donor.interests.join(", ")
								]
							}),
							donor.essay && /* @__PURE__ */ jsx(Text, {
								mt: "md",
								size: "sm",
								fs: "italic",
								children: donor.essay
							})
						]
					})
				})]
			})
		]
	});
}
// src/routes/donor-detail.route.tsx
/** /donors/:referenceId (guarded): a donor the parent was matched with. */
function DonorDetailPage() {
	const { referenceId = "" } = useParams();
	return /* @__PURE__ */ jsx(PageContainer, { children: /* @__PURE__ */ jsx(DonorDetailView, { referenceId }, referenceId) });
}
export { DonorDetailPage };

//# sourceMappingURL=donor-detail.route-DepHwVOm.js.map