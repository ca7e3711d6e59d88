import { t as CHRONIC_CONDITIONS } from "./vocabulary-BH9a7HMT.js";
import { Box } from "@mantine/core";
import { jsxs } from "react/jsx-runtime";
// src/features/matches/utils/match-display.ts
/** How match data reads on screen (spec sections 3, 4 and 9). Pure, so it is unit-tested without a DOM. */
/**
* Eight score bands (90+, 80+, … 30+, below 30). Every colour carries white text at 4.5:1 or better (WCAG AA),
* running from deep green through amber and red to grey.
*/
var SCORE_BANDS = [
	{
		min: 90,
		color: "#14532d"
	},
	{
		min: 80,
		color: "#15803d"
	},
	{
		min: 70,
		color: "#4d7c0f"
	},
	{
		min: 60,
		color: "#a16207"
	},
	{
		min: 50,
		color: "#c2410c"
	},
	{
		min: 40,
		color: "#b91c1c"
	},
	{
		min: 30,
		color: "#9f1239"
	},
	{
		min: -Infinity,
		color: "#4b5563"
	}
];
function scoreBandColor(score) {
	return SCORE_BANDS.find((b) => score >= b.min).color;
}
/** The explanation with HTML tags stripped, cut to its first 50 words. */
function explanationExcerpt(text, words = 50) {
	const plain = text.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").replace(/\s+([.,;:!?])/g, "$1").trim();
	const list = plain === "" ? [] : plain.split(" ");
	return list.length > words ? `${list.slice(0, words).join(" ")}…` : plain;
}
/** 'eye_color' → 'Eye Color'. */
function attributeLabel(name) {
	return name.split("_").filter(Boolean).map((w) => w[0].toUpperCase() + w.slice(1)).join(" ");
}
var DONOR_TYPE_LABELS = {
	egg: "Egg Donor",
	sperm: "Sperm Donor",
	surrogate: "Surrogate"
};
var DISCLOSURE_LABELS = {
	ANON: "Anonymous Donor",
	KNOWN: "Known Donor",
	OPEN: "Open Donor"
};
var CATEGORY_LABELS = {
	demographic: "Demographic",
	medical_genetic: "Medical & Genetic",
	lifestyle_environment: "Lifestyle & Environment",
	values_legal: "Values & Legal"
};
/** Carrier report statuses in plain language. */
var CARRIER_STATUS_TEXT = {
	compatible: {
		label: "Compatible",
		detail: "The donor was screened and does not carry this condition.",
		color: "#166534"
	},
	unknown: {
		label: "Not screened",
		detail: "The donor has no screening result for this condition.",
		color: "#4b5563"
	},
	high_risk: {
		label: "Both carriers",
		detail: "You and the donor both carry this condition: a child could inherit it. Talk to a genetic counsellor.",
		color: "#991b1b"
	},
	donor_risk: {
		label: "Donor carries it",
		detail: "The donor carries this condition, which can pass to a child on its own.",
		color: "#9a3412"
	}
};
var CONDITION_NAMES = {
	brca1_brca2: "BRCA1 / BRCA2",
	a1_antitrypsin_deficiency: "Alpha-1 antitrypsin deficiency"
};
var conditionLabel = (condition) => CONDITION_NAMES[condition] ?? attributeLabel(condition);
/** What a counterfactual filter is called, and how a re-run relaxes it in the submitted preference set. */
var RELAXATIONS = {
	race_dealbreaker: {
		label: "race dealbreaker",
		relax: (p) => ({
			...p,
			race_dealbreaker: false
		})
	},
	ethnicity_dealbreaker: {
		label: "ethnicity dealbreaker",
		relax: (p) => ({
			...p,
			ethnicity_dealbreaker: false
		})
	},
	hair_color_dealbreaker: {
		label: "hair colour dealbreaker",
		relax: (p) => ({
			...p,
			hair_color_dealbreaker: false
		})
	},
	eye_color_dealbreaker: {
		label: "eye colour dealbreaker",
		relax: (p) => ({
			...p,
			eye_color_dealbreaker: false
		})
	},
	height_dealbreaker: {
		label: "height dealbreaker",
		relax: (p) => ({
			...p,
			height_dealbreaker: false
		})
	},
	age_dealbreaker: {
		label: "age dealbreaker",
		relax: (p) => ({
			...p,
			age_dealbreaker: false
		})
	},
	chronic_conditions: {
		label: "chronic conditions requirement",
		relax: (p) => ({
			...p,
			no_chronic_conditions_preferred: false,
			acceptable_chronic_conditions: [...CHRONIC_CONDITIONS]
		})
	},
	health_insurance: {
		label: "health insurance requirement",
		relax: (p) => ({
			...p,
			health_insurance_required: false
		})
	},
	previous_pregnancy: {
		label: "previous pregnancy requirement",
		relax: (p) => ({
			...p,
			previous_full_term_pregnancies_preferred: false
		})
	},
	pregnancy_complications: {
		label: "pregnancy complications requirement",
		relax: (p) => ({
			...p,
			pregnancy_complications_ok: true
		})
	}
};
/** 'Relax your height dealbreaker: 12 more donors, best match 91%'. */
function counterfactualText(c) {
	return `Relax your ${RELAXATIONS[c.filter]?.label ?? `${attributeLabel(c.filter).toLowerCase()} filter`}: ${`${c.additional_matches} more ${c.additional_matches === 1 ? "donor" : "donors"}`}${c.best_overall_match_percentage === null ? "" : `, best match ${Math.round(c.best_overall_match_percentage)}%`}`;
}
/** The preference set with one filter relaxed, or null when the wizard has no answer that relaxes it. */
function relaxPreferences(preferences, filter) {
	const r = RELAXATIONS[filter];
	return r ? r.relax(preferences) : null;
}
var canRelax = (filter) => filter in RELAXATIONS;
/** The plan name of the parent's active purchase, else the first one (spec: data[0] or data). */
function planNameOf(transactions) {
	if (!transactions || transactions.length === 0) return null;
	return (transactions.find((t) => t.active) ?? transactions[0])?.plan_name ?? null;
}
function toggleCompare(selected, id) {
	if (selected.includes(id)) return selected.filter((s) => s !== id);
	return selected.length >= 3 ? [...selected] : [...selected, id];
}
function formatHeight(inches) {
	if (inches === null) return "—";
	const i = Math.round(inches);
	return `${Math.floor(i / 12)} ft ${i % 12} in`;
}
// src/features/matches/components/score-badge.tsx
/** The overall score in its colour band (eight bands, white text at AA contrast). */
function ScoreBadge({ score, size = "md" }) {
	const rounded = Math.round(score);
	return /* @__PURE__ */ jsxs(Box, {
		component: "span",
		"data-testid": "score-badge",
		style: {
			background: scoreBandColor(score),
			color: "#fff",
			borderRadius: 999,
			fontWeight: 700,
			whiteSpace: "nowrap",
			padding: size === "lg" ? "8px 16px" : "4px 12px",
			fontSize: size === "lg" ? "1.25rem" : "0.95rem"
		},
		children: [rounded, "% match"]
	});
}
export { DONOR_TYPE_LABELS as a, conditionLabel as c, formatHeight as d, planNameOf as f, DISCLOSURE_LABELS as i, counterfactualText as l, toggleCompare as m, CARRIER_STATUS_TEXT as n, attributeLabel as o, relaxPreferences as p, CATEGORY_LABELS as r, canRelax as s, ScoreBadge as t, explanationExcerpt as u };

//# sourceMappingURL=score-badge-BdnEQ7oc.js.map