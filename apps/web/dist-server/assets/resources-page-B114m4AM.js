import { N as paths, n as Seo, s as resourcesQuery } from "../entry-server.js";
import { t as content_module_default } from "./content.module-B6qZLck7.js";
import { useQuery } from "@tanstack/react-query";
import { Fragment } from "react";
import { Loader } from "@mantine/core";
import { Fragment as Fragment$1, jsx, jsxs } from "react/jsx-runtime";
var resources_module_default = {
	tiles: "_tiles_8pbot_1",
	tile: "_tile_8pbot_1",
	logo: "_logo_8pbot_18",
	heading: "_heading_8pbot_31",
	sr: "_sr_8pbot_35"
};
// src/features/about/components/resources-page.tsx
function Tile({ res }) {
	return /* @__PURE__ */ jsxs("li", {
		className: resources_module_default.tile,
		children: [
			/* @__PURE__ */ jsx("span", {
				className: resources_module_default.logo,
				"aria-hidden": "true",
				children: res.logo ?? res.name.slice(0, 3)
			}),
			/* @__PURE__ */ jsx("h3", {
				className: content_module_default.h3,
				children: /* @__PURE__ */ jsxs("a", {
					href: res.url,
					target: "_blank",
					rel: "noopener noreferrer",
					children: [res.name, /* @__PURE__ */ jsx("span", {
						className: resources_module_default.sr,
						children: " (opens in a new tab)"
					})]
				})
			}),
			/* @__PURE__ */ jsx("p", {
				className: content_module_default.muted,
				children: res.description
			})
		]
	});
}
/** /fertility-guide-steps, labelled Fertility Resources (spec): 'Patient Communities and Support Groups' heads the 5th tile on. */
function ResourcesPage() {
	const { data, isPending } = useQuery(resourcesQuery());
	const items = data ?? [];
	return /* @__PURE__ */ jsxs(Fragment$1, { children: [/* @__PURE__ */ jsx(Seo, {
		title: "Fertility Resources",
		description: "Clinical guidance from ASRM, ACOG, ACMG, CDC, HFEA and ESHRE, and patient communities and support groups.",
		path: paths.fertilityResources
	}), /* @__PURE__ */ jsxs("section", {
		className: content_module_default.section,
		"aria-labelledby": "resources-title",
		children: [
			/* @__PURE__ */ jsx("h1", {
				id: "resources-title",
				className: content_module_default.h1,
				children: "Fertility Resources"
			}),
			/* @__PURE__ */ jsx("p", {
				className: content_module_default.lead,
				children: "Trusted, independent sources. Kindred is not affiliated with these organisations; their guidance is theirs."
			}),
			/* @__PURE__ */ jsx("h2", {
				className: content_module_default.h2,
				children: "Clinical guidance"
			}),
			isPending ? /* @__PURE__ */ jsxs("div", {
				className: content_module_default.center,
				role: "status",
				children: [/* @__PURE__ */ jsx(Loader, { size: 40 }), /* @__PURE__ */ jsx("span", { children: "Loading resources..." })]
			}) : /* @__PURE__ */ jsx("ul", {
				className: resources_module_default.tiles,
				children: items.map((res, i) => /* @__PURE__ */ jsxs(Fragment, { children: [
					i === 4 && /* @__PURE__ */ jsx("li", {
						className: resources_module_default.heading,
						children: /* @__PURE__ */ jsx("h2", {
							className: content_module_default.h2,
							children: "Patient Communities and Support Groups"
						})
					}),
					i > 4 && res.category !== items[i - 1]?.category && res.category === "international" && /* @__PURE__ */ jsx("li", {
						className: resources_module_default.heading,
						children: /* @__PURE__ */ jsx("h2", {
							className: content_module_default.h2,
							children: "International guidance"
						})
					}),
					/* @__PURE__ */ jsx(Tile, { res })
				] }, res.id))
			})
		]
	})] });
}
export { ResourcesPage };

//# sourceMappingURL=resources-page-B114m4AM.js.map