import { d as layout_module_default, m as Logo, p as mobileMenuActions } from "../entry-server.js";
import { Link, NavLink } from "react-router";
import { Button, Divider, Drawer, Stack } from "@mantine/core";
import { jsx, jsxs } from "react/jsx-runtime";
// src/components/layout/mobile-menu.tsx
/** The hamburger's menu. Loaded on first open: the drawer (focus trap, scroll lock) stays off the first page load. */
function MobileMenu({ opened, onClose, links, hasToken }) {
	return /* @__PURE__ */ jsxs(Drawer, {
		id: "mobile-menu",
		opened,
		onClose,
		position: "right",
		size: "80%",
		title: /* @__PURE__ */ jsx(Logo, {}),
		closeButtonProps: { "aria-label": "Close" },
		children: [
			/* @__PURE__ */ jsx("nav", {
				"aria-label": "Mobile",
				children: links.map((link) => /* @__PURE__ */ jsx(NavLink, {
					to: link.to,
					className: layout_module_default.mobileLink,
					children: link.label
				}, link.to))
			}),
			/* @__PURE__ */ jsx(Divider, { my: "md" }),
			/* @__PURE__ */ jsx(Stack, {
				gap: "sm",
				children: mobileMenuActions(hasToken).map((action) => /* @__PURE__ */ jsx(Button, {
					component: Link,
					to: action.to,
					variant: action.variant,
					fullWidth: true,
					children: action.label
				}, action.label))
			})
		]
	});
}
export { MobileMenu as default };

//# sourceMappingURL=mobile-menu-BPb-AdIm.js.map