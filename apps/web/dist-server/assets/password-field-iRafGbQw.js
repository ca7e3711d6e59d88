import { PasswordInput } from "@mantine/core";
import { jsx } from "react/jsx-runtime";
// src/components/ui/password-field.tsx
/**
* Password input with the spec's eye toggle. The toggle is reachable by keyboard, and its name deliberately avoids
* the word "password" so the field's label ('Password', 'New Password'…) names exactly one control on the page.
*/
function PasswordField(props) {
	return /* @__PURE__ */ jsx(PasswordInput, {
		size: "md",
		visibilityToggleFocusable: true,
		visibilityToggleButtonProps: { "aria-label": "Show or hide what you typed" },
		...props
	});
}
export { PasswordField as t };

//# sourceMappingURL=password-field-iRafGbQw.js.map