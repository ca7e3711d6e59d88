import { M as donorPath, N as paths, u as PageContainer } from "../entry-server.js";
import { n as MATCH_CATEGORIES } from "./vocabulary-BH9a7HMT.js";
import { i as useDonorDetails, n as donorFacts } from "./donor-facts-BXpoopJ2.js";
import { i as DISCLOSURE_LABELS, r as CATEGORY_LABELS, t as ScoreBadge } from "./score-badge-BdnEQ7oc.js";
import { Link, useSearchParams } from "react-router";
import { Anchor, Center, Loader, Paper, ScrollArea, Table, Text, Title } from "@mantine/core";
import { Fragment, jsx, jsxs } from "react/jsx-runtime";
// src/features/matches/components/compare-view.tsx
/** Up to three matched donors side by side: scores first, then every profile fact. */
function CompareView({ referenceIds }) {
	const ids = referenceIds.slice(0, 3);
	const results = useDonorDetails(ids);
	if (results.some((r) => r.isPending)) return /* @__PURE__ */ jsx(Center, {
		py: "xl",
		role: "status",
		"aria-label": "Loading donors",
		children: /* @__PURE__ */ jsx(Loader, { size: 40 })
	});
	const details = results.flatMap((r) => r.data ? [r.data] : []);
	if (details.length === 0) return /* @__PURE__ */ jsxs(Paper, {
		withBorder: true,
		p: "xl",
		radius: "lg",
		children: [/* @__PURE__ */ jsx(Text, { children: "Choose two or three donors on your matches page to compare them." }), /* @__PURE__ */ jsx(Anchor, {
			component: Link,
			to: paths.donorMatches,
			children: "Back to your matches"
		})]
	});
	const facts = details.map((d) => donorFacts(d.donor));
	return /* @__PURE__ */ jsxs(Fragment, { children: [
		/* @__PURE__ */ jsx(Anchor, {
			component: Link,
			to: paths.donorMatches,
			size: "sm",
			children: "← Back to your matches"
		}),
		/* @__PURE__ */ jsx(Title, {
			order: 1,
			fz: {
				base: 26,
				sm: 32
			},
			my: "md",
			children: "Compare donors"
		}),
		/* @__PURE__ */ jsx(ScrollArea, {
			type: "auto",
			children: /* @__PURE__ */ jsxs(Table, {
				withTableBorder: true,
				withColumnBorders: true,
				miw: 520,
				verticalSpacing: "xs",
				children: [/* @__PURE__ */ jsx(Table.Thead, { children: /* @__PURE__ */ jsxs(Table.Tr, { children: [/* @__PURE__ */ jsx(Table.Th, {
					scope: "col",
					children: "Donor"
				}), details.map((d) => /* @__PURE__ */ jsx(Table.Th, {
					scope: "col",
					children: /* @__PURE__ */ jsx(Anchor, {
						component: Link,
						to: donorPath(d.donor.reference_id),
						children: d.donor.reference_id
					})
				}, d.donor.reference_id))] }) }), /* @__PURE__ */ jsxs(Table.Tbody, { children: [
					/* @__PURE__ */ jsxs(Table.Tr, { children: [/* @__PURE__ */ jsx(Table.Th, {
						scope: "row",
						children: "Overall match"
					}), details.map((d) => /* @__PURE__ */ jsx(Table.Td, { children: /* @__PURE__ */ jsx(ScoreBadge, { score: d.match.overall_match_percentage }) }, d.donor.reference_id))] }),
					MATCH_CATEGORIES.map((c) => /* @__PURE__ */ jsxs(Table.Tr, { children: [/* @__PURE__ */ jsx(Table.Th, {
						scope: "row",
						children: CATEGORY_LABELS[c]
					}), details.map((d) => /* @__PURE__ */ jsxs(Table.Td, { children: [Math.round(d.match.category_scores[c]), "%"] }, d.donor.reference_id))] }, c)),
					/* @__PURE__ */ jsxs(Table.Tr, { children: [/* @__PURE__ */ jsx(Table.Th, {
						scope: "row",
						children: "Disclosure"
					}), details.map((d) => /* @__PURE__ */ jsx(Table.Td, { children: DISCLOSURE_LABELS[d.donor.disclosure] }, d.donor.reference_id))] }),
					facts[0].map((row, i) => /* @__PURE__ */ jsxs(Table.Tr, { children: [/* @__PURE__ */ jsx(Table.Th, {
						scope: "row",
						children: row.label
					}), facts.map((f, j) => /* @__PURE__ */ jsx(Table.Td, { children: f[i]?.value ?? "—" }, details[j].donor.reference_id))] }, row.label))
				] })]
			})
		})
	] });
}
// src/routes/donor-compare.route.tsx
/** /donors/compare?ids=A,B,C (guarded): up to three matched donors side by side. */
function DonorComparePage() {
	const [params] = useSearchParams();
	const ids = (params.get("ids") ?? "").split(",").map((s) => s.trim()).filter(Boolean);
	return /* @__PURE__ */ jsx(PageContainer, {
		size: "xl",
		children: /* @__PURE__ */ jsx(CompareView, { referenceIds: ids })
	});
}
export { DonorComparePage };

//# sourceMappingURL=donor-compare.route-U_Cg024F.js.map