import { N as paths } from "../entry-server.js";
import { t as LegalPage } from "./legal-page-Dkm5nR6w.js";
import { jsx, jsxs } from "react/jsx-runtime";
// src/features/legal/components/terms-page.tsx
/** /terms-conditions, carrying the spec's terms (section 1): 18+, billing, interest, liability, Illinois law. */
function TermsPage() {
	return /* @__PURE__ */ jsxs(LegalPage, {
		title: "Terms and Conditions",
		path: paths.termsConditions,
		description: "The terms for using Kindred: eligibility, billing and refunds, liability, and governing law (Illinois).",
		children: [
			/* @__PURE__ */ jsx("p", { children: "These terms govern your use of Kindred's website and services. By creating an account or buying a plan you agree to them." }),
			/* @__PURE__ */ jsx("h2", { children: "1. What Kindred is" }),
			/* @__PURE__ */ jsx("p", { children: "Kindred is a technology platform that suggests matches between intended parents and egg donors, sperm donors and surrogates. Kindred is not a clinic, does not provide medical care, and its tools are informational only. Matches and explanations are suggestions, not medical, genetic, legal or financial advice. Decisions about treatment are for you and your qualified professionals." }),
			/* @__PURE__ */ jsx("h2", { children: "2. Eligibility" }),
			/* @__PURE__ */ jsx("p", { children: "You must be at least 18 years old to create an account or use the services. Kindred does not knowingly serve or collect information from children under 16." }),
			/* @__PURE__ */ jsx("h2", { children: "3. Your account" }),
			/* @__PURE__ */ jsx("p", { children: "Keep your password secret and tell us at once if you think someone else has used your account. You are responsible for the accuracy of the information you give us." }),
			/* @__PURE__ */ jsx("h2", { children: "4. Plans, billing and refunds" }),
			/* @__PURE__ */ jsxs("ul", { children: [
				/* @__PURE__ */ jsx("li", { children: "Fees are billed in advance. Premium is billed monthly until cancelled." }),
				/* @__PURE__ */ jsx("li", { children: "Fees are non-refundable except as required by law. As a courtesy, a Starter purchase may be refunded within 7 days if no matches were generated." }),
				/* @__PURE__ */ jsx("li", { children: "You may cancel a subscription at any time; cancellation takes effect at the end of the paid period and no refund is made for time already billed." }),
				/* @__PURE__ */ jsx("li", { children: "Balances not paid when due carry interest at 1.5% per month, or the highest rate the law allows if lower." }),
				/* @__PURE__ */ jsx("li", { children: "Add-ons (Genetic Risk Assessment, Fertility Counseling, legal contract review) are priced as shown on the Pricing page." })
			] }),
			/* @__PURE__ */ jsx("h2", { children: "5. Donor information" }),
			/* @__PURE__ */ jsx("p", { children: "Donor profiles come from partner donor banks and agencies. We present them in good faith but do not guarantee that they are complete, current or accurate. Confirm all information with the bank or agency before you decide." }),
			/* @__PURE__ */ jsx("h2", { children: "6. Acceptable use" }),
			/* @__PURE__ */ jsx("p", { children: "Do not misuse the services: no scraping, no attempts to identify anonymous donors, no harassment, and no attempts to get around security or rate limits." }),
			/* @__PURE__ */ jsx("h2", { children: "7. Limitation of liability" }),
			/* @__PURE__ */ jsx("p", { children: "To the extent the law allows, Kindred's total liability for any claim relating to the services is limited to the fees you paid to Kindred in the 12 months before the event giving rise to the claim. Kindred is not liable for indirect or consequential losses. Nothing in these terms limits liability that cannot be limited by law." }),
			/* @__PURE__ */ jsx("h2", { children: "8. Governing law" }),
			/* @__PURE__ */ jsx("p", { children: "These terms are governed by the laws of the State of Illinois, United States, without regard to its conflict-of-laws rules, and disputes are subject to the courts located in Illinois." }),
			/* @__PURE__ */ jsx("h2", { children: "9. Changes and contact" }),
			/* @__PURE__ */ jsxs("p", { children: [
				"We may update these terms and will tell you of material changes by email or in the app. Questions: use the contact form on the ",
				/* @__PURE__ */ jsx("a", {
					href: paths.faqs,
					children: "FAQ page"
				}),
				"."
			] })
		]
	});
}
export { TermsPage };

//# sourceMappingURL=terms-page-Dhca2_MQ.js.map