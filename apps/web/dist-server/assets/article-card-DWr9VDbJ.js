import { a as cardTitle, c as formatViews, n as articlePath, r as bylineName, s as formatLongDate, u as imageOf } from "./blog-display-UEv-78c3.js";
import { t as content_module_default } from "./content.module-B6qZLck7.js";
import { Link } from "react-router";
import { jsx, jsxs } from "react/jsx-runtime";
// src/features/content/components/article-card.tsx
/** An article card: image, title (cut to 50), text, byline with author and 'MMMM DD, YYYY' date, views. */
function ArticleCard({ article, text, headingLevel: H = "h3", action, eager = false }) {
	return /* @__PURE__ */ jsxs("article", {
		className: content_module_default.articleCard,
		children: [/* @__PURE__ */ jsx("img", {
			className: content_module_default.articleImage,
			src: imageOf(article),
			alt: "",
			width: 800,
			height: 450,
			loading: eager ? "eager" : "lazy",
			decoding: "async"
		}), /* @__PURE__ */ jsxs("div", {
			className: content_module_default.articleBody,
			children: [
				/* @__PURE__ */ jsx(H, {
					className: content_module_default.articleTitle,
					children: /* @__PURE__ */ jsx(Link, {
						to: articlePath(article.slug),
						children: cardTitle(article)
					})
				}),
				/* @__PURE__ */ jsx("p", {
					className: content_module_default.muted,
					children: text
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
				action && /* @__PURE__ */ jsx("div", {
					className: content_module_default.cardActions,
					children: action
				})
			]
		})]
	});
}
export { ArticleCard as t };

//# sourceMappingURL=article-card-DWr9VDbJ.js.map