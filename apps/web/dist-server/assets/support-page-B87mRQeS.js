import { N as paths, n as Seo } from "../entry-server.js";
import { t as content_module_default } from "./content.module-B6qZLck7.js";
import { Link } from "react-router";
import { Button } from "@mantine/core";
import { Fragment, jsx, jsxs } from "react/jsx-runtime";
// src/features/about/components/support-page.tsx
var WAYS = [
	{
		title: "Ask a question",
		text: "The contact form on the FAQ page reaches a person, who replies by email, usually within two working days.",
		to: paths.faqs,
		cta: "Go to the FAQs"
	},
	{
		title: "Read our guides",
		text: "Plain-language articles on choosing a donor, carrier screening, surrogacy, costs and questions to ask a clinic.",
		to: paths.blogs,
		cta: "Read the blog"
	},
	{
		title: "Find support groups",
		text: "Clinical guidance bodies and patient communities, for the US and beyond.",
		to: paths.fertilityResources,
		cta: "Fertility Resources"
	}
];
/** /support: where to get help. */
function SupportPage() {
	return /* @__PURE__ */ jsxs(Fragment, { children: [/* @__PURE__ */ jsx(Seo, {
		title: "Support",
		description: "How to get help with Kindred: contact support, read our guides, or find patient communities and support groups.",
		path: paths.support
	}), /* @__PURE__ */ jsxs("section", {
		className: content_module_default.section,
		"aria-labelledby": "support-title",
		children: [
			/* @__PURE__ */ jsx("h1", {
				id: "support-title",
				className: content_module_default.h1,
				children: "Support"
			}),
			/* @__PURE__ */ jsx("p", {
				className: content_module_default.lead,
				children: "Whether you have a question about your matches, your account or your next step, we are here to help."
			}),
			/* @__PURE__ */ jsx("div", {
				className: content_module_default.grid3,
				children: WAYS.map((w) => /* @__PURE__ */ jsxs("div", {
					className: content_module_default.card,
					children: [
						/* @__PURE__ */ jsx("h2", {
							className: content_module_default.h3,
							children: w.title
						}),
						/* @__PURE__ */ jsx("p", {
							className: content_module_default.muted,
							style: { marginBottom: 14 },
							children: w.text
						}),
						/* @__PURE__ */ jsx(Button, {
							component: Link,
							to: w.to,
							variant: "light",
							children: w.cta
						})
					]
				}, w.title))
			}),
			/* @__PURE__ */ jsx("p", {
				className: content_module_default.notice,
				children: "If you are in crisis or need medical help, contact your doctor or local emergency services. Kindred is not a clinic and cannot give medical advice."
			})
		]
	})] });
}
export { SupportPage };

//# sourceMappingURL=support-page-B87mRQeS.js.map