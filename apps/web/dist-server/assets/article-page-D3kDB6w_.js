import { N as paths, i as blogBySlugQuery, n as Seo } from "../entry-server.js";
import { t as content_module_default } from "./content.module-B6qZLck7.js";
import { c as formatViews, l as fullTitle, n as articlePath, o as excerptOf, r as bylineName, s as formatLongDate, u as imageOf } from "./blog-display-UEv-78c3.js";
import { t as blog_module_default } from "./blog.module-CSz-uaEV.js";
import { useQuery } from "@tanstack/react-query";
import { Link, useLocation, useParams } from "react-router";
import { Loader } from "@mantine/core";
import { Fragment, jsx, jsxs } from "react/jsx-runtime";
// src/features/blog/components/article-view.tsx
/** One article: title, byline, date, views, image and its sanitised HTML (rendered and cleaned by the server). */
function ArticleView({ article }) {
	return /* @__PURE__ */ jsxs("article", {
		className: blog_module_default.article,
		children: [
			/* @__PURE__ */ jsx("p", { children: /* @__PURE__ */ jsx(Link, {
				className: blog_module_default.back,
				to: paths.blogs,
				children: "← All articles"
			}) }),
			/* @__PURE__ */ jsx("h1", {
				className: content_module_default.h1,
				children: fullTitle(article)
			}),
			/* @__PURE__ */ jsxs("p", {
				className: content_module_default.meta,
				children: [
					"By ",
					bylineName(article),
					" · ",
					/* @__PURE__ */ jsx("time", {
						dateTime: article.published_at ?? void 0,
						children: formatLongDate(article.published_at)
					}),
					" · ",
					formatViews(article.view_count),
					" views"
				]
			}),
			/* @__PURE__ */ jsx("img", {
				className: blog_module_default.articleHero,
				src: imageOf(article),
				alt: "",
				width: 800,
				height: 450,
				fetchPriority: "high"
			}),
			/* @__PURE__ */ jsx("div", {
				className: content_module_default.prose,
				dangerouslySetInnerHTML: { __html: article.content_html }
			}),
			/* @__PURE__ */ jsxs("p", {
				className: content_module_default.notice,
				children: ["Kindred is a technology platform, not a clinic. Articles are general information, not medical, legal or financial advice. Shareable link: ", /* @__PURE__ */ jsx(Link, {
					to: articlePath(article.slug),
					children: articlePath(article.slug)
				})]
			})
		]
	});
}
// src/features/blog/components/article-page.tsx
function ArticleBySlug({ slug, fallbackTitle }) {
	const { data, isPending } = useQuery(blogBySlugQuery(slug));
	if (isPending) return /* @__PURE__ */ jsxs("div", {
		className: content_module_default.center,
		role: "status",
		style: {
			minHeight: "40vh",
			justifyContent: "center"
		},
		children: [/* @__PURE__ */ jsx(Loader, { size: 48 }), /* @__PURE__ */ jsx("span", { children: fallbackTitle ? `Loading ${fallbackTitle}...` : "Loading article..." })]
	});
	if (!data) return /* @__PURE__ */ jsxs("section", {
		className: content_module_default.section,
		children: [
			/* @__PURE__ */ jsx(Seo, {
				title: "Article not found",
				description: "This article does not exist or is no longer published.",
				path: articlePath(slug),
				status: 404
			}),
			/* @__PURE__ */ jsx("h1", {
				className: content_module_default.h2,
				children: "No articles found."
			}),
			/* @__PURE__ */ jsx("p", { children: /* @__PURE__ */ jsx(Link, {
				to: paths.blogs,
				children: "See all articles"
			}) })
		]
	});
	return /* @__PURE__ */ jsxs(Fragment, { children: [/* @__PURE__ */ jsx(Seo, {
		title: fullTitle(data),
		description: excerptOf(data).slice(0, 160),
		path: articlePath(data.slug),
		image: data.featured_image ?? void 0,
		type: "article"
	}), /* @__PURE__ */ jsx(ArticleView, { article: data })] });
}
/** /blogs/:slug: the shareable, server-rendered address of one article. */
function ArticlePage() {
	const { slug = "" } = useParams();
	return /* @__PURE__ */ jsx(ArticleBySlug, { slug });
}
/** /find-blog (spec): the reader receives the chosen article in navigation state; it links to its shareable URL. */
function FindBlogPage() {
	const state = useLocation().state;
	const slug = state?.article?.slug;
	if (!slug) return /* @__PURE__ */ jsxs("section", {
		className: content_module_default.section,
		children: [
			/* @__PURE__ */ jsx(Seo, {
				title: "Blog reader",
				description: "Read Kindred's guides for intended parents.",
				path: paths.blogs
			}),
			/* @__PURE__ */ jsx("h1", {
				className: content_module_default.h2,
				children: "No articles found."
			}),
			/* @__PURE__ */ jsxs("p", {
				className: content_module_default.muted,
				children: [
					"Choose an article from the ",
					/* @__PURE__ */ jsx(Link, {
						to: paths.blogs,
						children: "blog"
					}),
					" to read it here."
				]
			})
		]
	});
	return /* @__PURE__ */ jsx(ArticleBySlug, {
		slug,
		fallbackTitle: state?.article?.title ?? void 0
	});
}
export { ArticlePage, FindBlogPage };

//# sourceMappingURL=article-page-D3kDB6w_.js.map