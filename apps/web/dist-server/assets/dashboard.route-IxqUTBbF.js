import { N as paths, u as PageContainer } from "../entry-server.js";
import { n as useProfile } from "./profile.api-BSGmH8Jd.js";
import { Link } from "react-router";
import { Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from "@mantine/core";
import { IconAdjustmentsHeart, IconArrowRight, IconHeartHandshake, IconUserCircle } from "@tabler/icons-react";
import { jsx, jsxs } from "react/jsx-runtime";
// src/routes/dashboard.route.tsx
var CARDS = [
	{
		title: "Your profile",
		text: "Personal details, appointments and payments.",
		to: paths.profile,
		Icon: IconUserCircle,
		color: "teal"
	},
	{
		title: "Preferences",
		text: "Tell us what matters in a donor match.",
		to: paths.profileSteps,
		Icon: IconAdjustmentsHeart,
		color: "plum"
	},
	{
		title: "Matches",
		text: "See donors ranked by compatibility.",
		to: paths.donorMatches,
		Icon: IconHeartHandshake,
		color: "teal"
	}
];
/** /dashboard: a calm signed-in landing that points to the three places people go next. */
function DashboardPage() {
	const { data: user } = useProfile();
	return /* @__PURE__ */ jsx(PageContainer, { children: /* @__PURE__ */ jsxs(Stack, {
		gap: "xl",
		children: [/* @__PURE__ */ jsxs(Stack, {
			gap: 6,
			children: [/* @__PURE__ */ jsx(Title, {
				order: 1,
				fz: {
					base: 28,
					sm: 36
				},
				children: user ? `Welcome back, ${user.first_name}` : "Welcome back"
			}), /* @__PURE__ */ jsx(Text, {
				c: "var(--kindred-muted)",
				size: "lg",
				children: "Pick up where you left off."
			})]
		}), /* @__PURE__ */ jsx(SimpleGrid, {
			cols: {
				base: 1,
				sm: 3
			},
			spacing: "lg",
			children: CARDS.map(({ title, text, to, Icon, color }) => /* @__PURE__ */ jsx(UnstyledButton, {
				component: Link,
				to,
				"aria-label": title,
				children: /* @__PURE__ */ jsxs(Paper, {
					withBorder: true,
					radius: "lg",
					p: "lg",
					h: "100%",
					shadow: "xs",
					children: [
						/* @__PURE__ */ jsx(ThemeIcon, {
							size: 48,
							radius: "xl",
							variant: "light",
							color,
							"aria-hidden": true,
							children: /* @__PURE__ */ jsx(Icon, { size: 26 })
						}),
						/* @__PURE__ */ jsxs(Group, {
							justify: "space-between",
							mt: "md",
							wrap: "nowrap",
							children: [/* @__PURE__ */ jsx(Title, {
								order: 2,
								size: "h4",
								children: title
							}), /* @__PURE__ */ jsx(IconArrowRight, {
								size: 18,
								"aria-hidden": true
							})]
						}),
						/* @__PURE__ */ jsx(Text, {
							c: "var(--kindred-muted)",
							mt: 6,
							children: text
						})
					]
				})
			}, to))
		})]
	}) });
}
export { DashboardPage };

//# sourceMappingURL=dashboard.route-IxqUTBbF.js.map