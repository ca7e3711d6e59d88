import { n as Seo } from "../entry-server.js";
import { t as content_module_default } from "./content.module-B6qZLck7.js";
import { Fragment, jsx, jsxs } from "react/jsx-runtime";
// src/features/legal/components/legal-page.tsx
var LEGAL_UPDATED = "November 01, 2026";
/** The frame of a legal page: title, last-updated date, prose body. */
function LegalPage({ title, description, path, children }) {
	return /* @__PURE__ */ jsxs(Fragment, { children: [/* @__PURE__ */ jsx(Seo, {
		title,
		description,
		path
	}), /* @__PURE__ */ jsxs("article", {
		className: content_module_default.section,
		children: [
			/* @__PURE__ */ jsx("h1", {
				className: content_module_default.h1,
				children: title
			}),
			/* @__PURE__ */ jsxs("p", {
				className: content_module_default.meta,
				children: ["Last updated: ", LEGAL_UPDATED]
			}),
			/* @__PURE__ */ jsx("div", {
				className: content_module_default.prose,
				children
			})
		]
	})] });
}
export { LegalPage as t };

//# sourceMappingURL=legal-page-Dkm5nR6w.js.map