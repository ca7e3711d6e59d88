import { Badge } from "@mantine/core";
import { jsx } from "react/jsx-runtime";
// src/components/ui/status-badge.tsx
/**
* Text colours for the light badges. Mantine's light variant sits on shade 1 of the colour, where even shade 9 of
* green (3.8:1) and orange (3.6:1) fall short of WCAG AA for small text; these pass at 5.5:1 or more.
*/
var TEXT = {
	green: "#1e6b30",
	orange: "#9c3b08",
	red: "#a51d1d",
	gray: "var(--mantine-color-gray-9)"
};
/** A status word in its spec colour, with text dark enough for AA contrast on the tinted background. */
function StatusBadge({ status, color }) {
	return /* @__PURE__ */ jsx(Badge, {
		color,
		variant: "light",
		radius: "sm",
		tt: "capitalize",
		c: TEXT[color],
		children: status || "unknown"
	});
}
export { StatusBadge as t };

//# sourceMappingURL=status-badge-CoreDwLm.js.map