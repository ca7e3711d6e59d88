import { A as apiPaths, h as apiRequest } from "../entry-server.js";
import { d as formatHeight, o as attributeLabel } from "./score-badge-BdnEQ7oc.js";
import { queryOptions, useQueries, useQuery } from "@tanstack/react-query";
import { Table } from "@mantine/core";
import { jsx, jsxs } from "react/jsx-runtime";
// src/features/matches/api/donor-detail.api.ts
/** GET donors/<reference_id>/ (bearer): only donors already shown to this parent; others answer 404. */
function donorDetailOptions(referenceId) {
	return queryOptions({
		queryKey: ["donor", referenceId],
		queryFn: ({ signal }) => apiRequest(apiPaths.donorDetail(referenceId), {
			auth: true,
			signal
		}),
		retry: false,
		staleTime: 6e4
	});
}
var useDonorDetail = (referenceId) => useQuery(donorDetailOptions(referenceId));
var useDonorDetails = (referenceIds) => useQueries({ queries: referenceIds.map(donorDetailOptions) });
// src/features/matches/components/donor-facts.tsx
var text = (v) => v ? attributeLabel(v) : "—";
/** The non-identifying facts of a donor as label / value rows; shared by the detail and compare views. */
function donorFacts(d) {
	const rows = [
		{
			label: "Age",
			value: `${d.age}`
		},
		{
			label: "Height",
			value: formatHeight(d.height_in)
		},
		{
			label: "Weight",
			value: d.weight_lb === null ? "—" : `${Math.round(d.weight_lb)} lb`
		},
		{
			label: "Race",
			value: text(d.race)
		},
		{
			label: "Ethnicity",
			value: text(d.ethnicity)
		},
		{
			label: "Hair colour",
			value: text(d.hair_color)
		},
		{
			label: "Eye colour",
			value: text(d.eye_color)
		},
		{
			label: "Blood group",
			value: d.blood_group ?? "—"
		},
		{
			label: "Education",
			value: text(d.education)
		},
		{
			label: "Occupation",
			value: d.occupation || "—"
		},
		{
			label: "Religion",
			value: text(d.religion)
		},
		{
			label: "Languages",
			value: d.languages.join(", ") || "—"
		},
		{
			label: "Smoking",
			value: text(d.smoking)
		},
		{
			label: "Recreational drugs",
			value: text(d.recreational_drugs)
		},
		{
			label: "Alcohol",
			value: text(d.alcohol)
		},
		{
			label: "Exercise",
			value: text(d.exercise)
		},
		{
			label: "Location",
			value: d.location ? `${d.location.city}, ${d.location.state}, ${d.location.country}` : "—"
		},
		{
			label: "Chronic conditions",
			value: d.chronic_conditions.map(attributeLabel).join(", ") || "None reported"
		},
		{
			label: "Availability",
			value: text(d.availability)
		}
	];
	if (d.surrogate) rows.push({
		label: "Previous full-term pregnancies",
		value: String(d.surrogate.previous_full_term_pregnancies)
	}, {
		label: "Pregnancy complications",
		value: d.surrogate.pregnancy_complications ? "Yes" : "No"
	}, {
		label: "Own health insurance covers pregnancy",
		value: d.surrogate.health_insurance_covers_pregnancy ? "Yes" : "No"
	});
	return rows;
}
function DonorFactsTable({ donor }) {
	return /* @__PURE__ */ jsx(Table, {
		withTableBorder: true,
		verticalSpacing: 6,
		layout: "fixed",
		children: /* @__PURE__ */ jsx(Table.Tbody, { children: donorFacts(donor).map((r) => /* @__PURE__ */ jsxs(Table.Tr, { children: [/* @__PURE__ */ jsx(Table.Th, {
			scope: "row",
			w: "45%",
			children: r.label
		}), /* @__PURE__ */ jsx(Table.Td, { children: r.value })] }, r.label)) })
	});
}
export { useDonorDetails as i, donorFacts as n, useDonorDetail as r, DonorFactsTable as t };

//# sourceMappingURL=donor-facts-BXpoopJ2.js.map