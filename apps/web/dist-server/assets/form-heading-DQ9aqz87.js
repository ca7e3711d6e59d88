import { Stack, Text, Title } from "@mantine/core";
import { jsx, jsxs } from "react/jsx-runtime";
// src/components/ui/form-heading.tsx
/** Title and one calm line of guidance at the top of each auth form. */
function FormHeading({ title, children }) {
	return /* @__PURE__ */ jsxs(Stack, {
		gap: 6,
		mb: "xl",
		children: [/* @__PURE__ */ jsx(Title, {
			order: 1,
			fz: {
				base: 26,
				sm: 30
			},
			c: "var(--kindred-ink)",
			children: title
		}), children && /* @__PURE__ */ jsx(Text, {
			c: "var(--kindred-muted)",
			size: "md",
			children
		})]
	});
}
export { FormHeading as t };

//# sourceMappingURL=form-heading-DQ9aqz87.js.map