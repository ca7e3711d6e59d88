var BLOG_SPINNER_MS = 1e3;
/** `text` cut to `n` characters plus an ellipsis when longer. */
function cut(text, n) {
	return text.length > n ? `${text.slice(0, n)}...` : text;
}
/** Markdown reduced to readable plain text for cards (headings, emphasis, links, lists and tables unwrapped). */
function markdownToPlain(md) {
	if (!md) return "";
	return md.replace(/```[\s\S]*?```/g, " ").replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/\[([^\]]+)\]\([^)]*\)/g, "$1").replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, "").replace(/^\s*\|?\s*:?-[-:| ]*$/gm, " ").replace(/\|/g, " ").replace(/[*_`~]+/g, "").replace(/\s+/g, " ").trim();
}
var cardTitle = (b) => b.title?.trim() ? cut(b.title.trim(), 50) : "Untitled Article";
var fullTitle = (b) => b.title?.trim() || "Untitled Article";
var cardContent = (b) => {
	const text = markdownToPlain(b.content);
	return text ? cut(text, 100) : "N/A";
};
/** The excerpt, or the first 120 characters of the content. */
var excerptOf = (b) => b.excerpt?.trim() || markdownToPlain(b.content).slice(0, 120) || "N/A";
var imageOf = (b) => b.featured_image || "/images/blog/default.svg";
var bylineName = (b) => b.created_by_name?.trim() || "N/A";
var longDate = new Intl.DateTimeFormat("en-US", {
	month: "long",
	day: "2-digit",
	year: "numeric",
	timeZone: "UTC"
});
/** 'MMMM DD, YYYY' (spec section 9), in UTC so the server and the browser print the same day. */
function formatLongDate(iso) {
	if (!iso) return "N/A";
	const d = new Date(iso);
	return Number.isNaN(d.getTime()) ? "N/A" : longDate.format(d);
}
/** View counts with thousands separators (1284 → "1,284"). */
var formatViews = (n) => typeof n === "number" ? n.toLocaleString("en-US") : "N/A";
/** The shareable address of an article. */
var articlePath = (slug) => `/blogs/${encodeURIComponent(slug)}`;
export { cardTitle as a, formatViews as c, cardContent as i, fullTitle as l, articlePath as n, excerptOf as o, bylineName as r, formatLongDate as s, BLOG_SPINNER_MS as t, imageOf as u };

//# sourceMappingURL=blog-display-UEv-78c3.js.map