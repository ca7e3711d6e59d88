import { N as paths, n as Seo } from "../entry-server.js";
import { t as content_module_default } from "./content.module-B6qZLck7.js";
import { Link } from "react-router";
import { Button } from "@mantine/core";
import { Fragment, jsx, jsxs } from "react/jsx-runtime";
// src/features/about/components/about-page.tsx
var VALUES = [
	{
		title: "Every family",
		text: "Single parents, same-sex couples, heterosexual couples, trans and non-binary parents: the questions adapt to you, not the other way round."
	},
	{
		title: "Explain, never decide",
		text: "Each match comes with reasons. The engine suggests; you, your clinic and your counselor decide."
	},
	{
		title: "Honest about uncertainty",
		text: "An untested gene is unknown, not safe. We say so plainly."
	},
	{
		title: "Privacy first",
		text: "Your preferences are used to match you, never sold. You can download or delete your data at any time."
	}
];
/** /about (spec sections 1 and 2): what Kindred is, its mission and vision, and what it is not. */
function AboutPage() {
	return /* @__PURE__ */ jsxs(Fragment, { children: [
		/* @__PURE__ */ jsx(Seo, {
			title: "About Us",
			description: "Kindred helps intended parents find egg donors, sperm donors and surrogates with explainable AI matching and compassionate support.",
			path: paths.about
		}),
		/* @__PURE__ */ jsxs("section", {
			className: content_module_default.section,
			"aria-labelledby": "about-title",
			children: [
				/* @__PURE__ */ jsx("p", {
					className: content_module_default.eyebrow,
					children: "About Us"
				}),
				/* @__PURE__ */ jsx("h1", {
					id: "about-title",
					className: content_module_default.h1,
					children: "Compassionate, accessible reproductive care"
				}),
				/* @__PURE__ */ jsx("p", {
					className: content_module_default.lead,
					children: "Kindred is a technology platform that helps individuals and couples find egg donors, sperm donors and surrogates through AI-driven matching on medical, genetic, lifestyle, demographic, values and location factors."
				}),
				/* @__PURE__ */ jsxs("div", {
					className: content_module_default.grid3,
					children: [
						/* @__PURE__ */ jsxs("div", {
							className: content_module_default.card,
							children: [/* @__PURE__ */ jsx("h2", {
								className: content_module_default.h3,
								children: "Our mission"
							}), /* @__PURE__ */ jsx("p", {
								className: content_module_default.muted,
								children: "To empower families with emotional care together with AI matching."
							})]
						}),
						/* @__PURE__ */ jsxs("div", {
							className: content_module_default.card,
							children: [/* @__PURE__ */ jsx("h2", {
								className: content_module_default.h3,
								children: "Our vision"
							}), /* @__PURE__ */ jsx("p", {
								className: content_module_default.muted,
								children: "Compassionate, accessible reproductive care for everyone who wants to build a family."
							})]
						}),
						/* @__PURE__ */ jsxs("div", {
							className: content_module_default.card,
							children: [/* @__PURE__ */ jsx("h2", {
								className: content_module_default.h3,
								children: "What we are not"
							}), /* @__PURE__ */ jsx("p", {
								className: content_module_default.muted,
								children: "Kindred is not a clinic. Our tools are informational only, and matching gives suggestions, not medical advice."
							})]
						})
					]
				})
			]
		}),
		/* @__PURE__ */ jsxs("section", {
			className: content_module_default.sectionTight,
			"aria-labelledby": "values-title",
			children: [
				/* @__PURE__ */ jsx("h2", {
					id: "values-title",
					className: content_module_default.h2,
					children: "What we stand for"
				}),
				/* @__PURE__ */ jsx("ul", {
					className: content_module_default.grid4,
					style: {
						listStyle: "none",
						padding: 0,
						margin: "20px 0 0"
					},
					children: VALUES.map((v) => /* @__PURE__ */ jsxs("li", {
						className: content_module_default.card,
						children: [/* @__PURE__ */ jsx("h3", {
							className: content_module_default.h3,
							children: v.title
						}), /* @__PURE__ */ jsx("p", {
							className: content_module_default.muted,
							children: v.text
						})]
					}, v.title))
				}),
				/* @__PURE__ */ jsxs("div", {
					style: {
						display: "flex",
						gap: 12,
						flexWrap: "wrap",
						marginTop: 28
					},
					children: [/* @__PURE__ */ jsx(Button, {
						component: Link,
						to: paths.register,
						children: "Create Future Parent Profile"
					}), /* @__PURE__ */ jsx(Button, {
						component: Link,
						to: paths.faqs,
						variant: "light",
						children: "Read the FAQs"
					})]
				})
			]
		})
	] });
}
export { AboutPage };

//# sourceMappingURL=about-page-BSst71N1.js.map