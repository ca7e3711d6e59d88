import { N as paths } from "../entry-server.js";
import { t as LegalPage } from "./legal-page-Dkm5nR6w.js";
import { jsx, jsxs } from "react/jsx-runtime";
// src/features/legal/components/privacy-page.tsx
/** /privacy-policy. */
function PrivacyPage() {
	return /* @__PURE__ */ jsxs(LegalPage, {
		title: "Privacy Policy",
		path: paths.privacyPolicy,
		description: "What personal data Kindred collects, why, who it is shared with, how long it is kept, and your rights.",
		children: [
			/* @__PURE__ */ jsx("p", { children: "This policy explains what personal data Kindred collects, why, and the choices you have." }),
			/* @__PURE__ */ jsx("h2", { children: "1. Who we are" }),
			/* @__PURE__ */ jsx("p", { children: "Kindred is a technology platform for fertility matching. It is not a clinic and does not provide medical care or medical advice." }),
			/* @__PURE__ */ jsx("h2", { children: "2. Data we collect" }),
			/* @__PURE__ */ jsxs("ul", { children: [
				/* @__PURE__ */ jsxs("li", { children: [/* @__PURE__ */ jsx("strong", { children: "Account data" }), ": name, email address, phone number and date of birth."] }),
				/* @__PURE__ */ jsxs("li", { children: [/* @__PURE__ */ jsx("strong", { children: "Matching preferences" }), ": the medical, genetic, lifestyle, demographic, values and location preferences you enter, including any carrier screening results you choose to share."] }),
				/* @__PURE__ */ jsxs("li", { children: [/* @__PURE__ */ jsx("strong", { children: "Payment records" }), ": plans bought and amounts. Card details are handled by our payment provider and are not stored by Kindred."] }),
				/* @__PURE__ */ jsxs("li", { children: [/* @__PURE__ */ jsx("strong", { children: "Messages" }), " you send through the contact form."] }),
				/* @__PURE__ */ jsxs("li", { children: [/* @__PURE__ */ jsx("strong", { children: "Technical data" }), ": security logs and a session cookie used to count article views once per visit."] })
			] }),
			/* @__PURE__ */ jsx("h2", { children: "3. Why we use it" }),
			/* @__PURE__ */ jsx("p", { children: "To provide matching and explain results, run your account and plan, answer your questions, keep the service secure, and meet legal obligations. We do not sell personal data and do not use your preferences for advertising." }),
			/* @__PURE__ */ jsx("h2", { children: "4. Sharing" }),
			/* @__PURE__ */ jsx("p", { children: "We share data only with service providers who help us run Kindred (hosting, email, payments) under contract, with partners you ask us to contact, or when the law requires it." }),
			/* @__PURE__ */ jsx("h2", { children: "5. Retention" }),
			/* @__PURE__ */ jsx("p", { children: "We keep your data while your account is open. When you delete your account we delete your data, except records we must keep by law, such as payment records for tax purposes." }),
			/* @__PURE__ */ jsx("h2", { children: "6. Your rights" }),
			/* @__PURE__ */ jsx("p", { children: "You can see, correct, download or delete your data. Depending on where you live you may have further rights, such as objecting to processing or complaining to a regulator." }),
			/* @__PURE__ */ jsx("h2", { children: "7. Children" }),
			/* @__PURE__ */ jsx("p", { children: "Kindred is for adults aged 18 and over. We do not serve children under 16 and do not knowingly collect their data; if we learn that we have, we delete it." }),
			/* @__PURE__ */ jsx("h2", { children: "8. Security" }),
			/* @__PURE__ */ jsx("p", { children: "Passwords are stored only as strong one-way hashes, connections are encrypted, and access to data is limited to what each task needs." }),
			/* @__PURE__ */ jsx("h2", { children: "9. Contact" }),
			/* @__PURE__ */ jsxs("p", { children: [
				"Questions about privacy: use the contact form on the ",
				/* @__PURE__ */ jsx("a", {
					href: paths.faqs,
					children: "FAQ page"
				}),
				". See also our ",
				/* @__PURE__ */ jsx("a", {
					href: paths.termsConditions,
					children: "Terms and Conditions"
				}),
				"."
			] })
		]
	});
}
export { PrivacyPage };

//# sourceMappingURL=privacy-page-BMhg1CJy.js.map