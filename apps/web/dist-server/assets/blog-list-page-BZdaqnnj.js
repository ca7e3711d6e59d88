import { N as paths, a as blogPageQuery, n as Seo, o as recentBlogsQuery, r as isServerOrHydrating } from "../entry-server.js";
import { t as ArticleCard } from "./article-card-DWr9VDbJ.js";
import { t as content_module_default } from "./content.module-B6qZLck7.js";
import { a as cardTitle, i as cardContent, n as articlePath, o as excerptOf, s as formatLongDate, t as BLOG_SPINNER_MS, u as imageOf } from "./blog-display-UEv-78c3.js";
import { t as blog_module_default } from "./blog.module-CSz-uaEV.js";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Button, Loader } from "@mantine/core";
import { Fragment as Fragment$1, jsx, jsxs } from "react/jsx-runtime";
// src/features/blog/hooks/use-min-spinner.ts
/**
* Spec: the blog page shows a spinner for 1 s before rendering. A page that arrived server-rendered is shown at
* once (replacing its content by a spinner would only hide what the reader already has).
*/
function useMinSpinner(ms) {
	const [done, setDone] = useState(isServerOrHydrating);
	useEffect(() => {
		if (done) return void 0;
		const t = setTimeout(() => setDone(true), ms);
		return () => clearTimeout(t);
	}, [done, ms]);
	return !done;
}
// src/features/blog/components/blog-list-page.tsx
/** /blogs (spec section 2): 'For Latest Blogs' (3 latest) and the 'LATEST ARTICLES' grid, paginated. */
function BlogListPage() {
	const [params] = useSearchParams();
	const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
	const recent = useQuery(recentBlogsQuery());
	const list = useQuery(blogPageQuery(page));
	const spinning = useMinSpinner(BLOG_SPINNER_MS);
	const meta = /* @__PURE__ */ jsx(Seo, {
		title: "Blog",
		description: "Guides on choosing a donor, carrier screening, open-identity donors, surrogacy, costs and questions to ask a clinic.",
		path: page > 1 ? `${paths.blogs}?page=${page}` : paths.blogs
	});
	if (spinning || recent.isPending || list.isPending) return /* @__PURE__ */ jsxs(Fragment$1, { children: [meta, /* @__PURE__ */ jsxs("div", {
		className: content_module_default.center,
		role: "status",
		style: {
			minHeight: "50vh",
			justifyContent: "center"
		},
		children: [/* @__PURE__ */ jsx(Loader, { size: 48 }), /* @__PURE__ */ jsx("span", { children: "Loading blogs..." })]
	})] });
	const recentItems = (recent.data ?? []).slice(0, 3);
	const data = list.data;
	return /* @__PURE__ */ jsxs(Fragment$1, { children: [
		meta,
		/* @__PURE__ */ jsxs("section", {
			className: content_module_default.section,
			"aria-labelledby": "recent-title",
			children: [
				/* @__PURE__ */ jsx("p", {
					className: content_module_default.eyebrow,
					children: "Kindred blog"
				}),
				/* @__PURE__ */ jsx("h1", {
					id: "recent-title",
					className: content_module_default.h1,
					children: "For Latest Blogs"
				}),
				recentItems.length === 0 ? /* @__PURE__ */ jsx("p", {
					className: content_module_default.empty,
					children: "No blogs found."
				}) : /* @__PURE__ */ jsx("ul", {
					className: blog_module_default.recentList,
					children: recentItems.map((a, i) => /* @__PURE__ */ jsxs("li", {
						className: blog_module_default.recentItem,
						children: [/* @__PURE__ */ jsx("img", {
							className: blog_module_default.recentImage,
							src: imageOf(a),
							alt: "",
							width: 800,
							height: 450,
							loading: i === 0 ? "eager" : "lazy",
							decoding: "async"
						}), /* @__PURE__ */ jsxs("div", {
							className: blog_module_default.recentBody,
							children: [
								/* @__PURE__ */ jsx("h2", {
									className: content_module_default.articleTitle,
									children: /* @__PURE__ */ jsx(Link, {
										to: articlePath(a.slug),
										style: { color: "inherit" },
										children: cardTitle(a)
									})
								}),
								/* @__PURE__ */ jsx("p", {
									className: content_module_default.muted,
									children: cardContent(a)
								}),
								/* @__PURE__ */ jsx("p", {
									className: content_module_default.meta,
									children: a.published_at ? /* @__PURE__ */ jsx("time", {
										dateTime: a.published_at,
										children: formatLongDate(a.published_at)
									}) : "15-20 Min Read"
								}),
								/* @__PURE__ */ jsx("div", { children: /* @__PURE__ */ jsx(Button, {
									component: Link,
									to: articlePath(a.slug),
									variant: "light",
									"aria-label": `Learn More: ${a.title ?? "Untitled Article"}`,
									children: "Learn More"
								}) })
							]
						})]
					}, a.id))
				})
			]
		}),
		/* @__PURE__ */ jsxs("section", {
			className: content_module_default.sectionTight,
			"aria-labelledby": "latest-title",
			children: [
				/* @__PURE__ */ jsx("h2", {
					id: "latest-title",
					className: content_module_default.h2,
					children: "LATEST ARTICLES"
				}),
				!data || data.results.length === 0 ? /* @__PURE__ */ jsx("p", {
					className: content_module_default.empty,
					children: "No articles found."
				}) : /* @__PURE__ */ jsx("div", {
					className: content_module_default.grid3,
					style: { marginTop: 20 },
					children: data.results.map((a) => /* @__PURE__ */ jsx(ArticleCard, {
						article: a,
						text: excerptOf(a)
					}, a.id))
				}),
				data && (data.next || data.previous) && /* @__PURE__ */ jsxs("nav", {
					className: blog_module_default.pager,
					"aria-label": "Article pages",
					children: [
						data.previous ? /* @__PURE__ */ jsx(Link, {
							to: `${paths.blogs}?page=${page - 1}`,
							children: "Newer articles"
						}) : /* @__PURE__ */ jsx("span", {}),
						/* @__PURE__ */ jsxs("span", {
							className: content_module_default.meta,
							children: [
								"Page ",
								page,
								" of ",
								Math.max(1, Math.ceil(data.count / 9))
							]
						}),
						data.next ? /* @__PURE__ */ jsx(Link, {
							to: `${paths.blogs}?page=${page + 1}`,
							children: "Older articles"
						}) : /* @__PURE__ */ jsx("span", {})
					]
				})
			]
		})
	] });
}
export { BlogListPage };

//# sourceMappingURL=blog-list-page-BZdaqnnj.js.map