import type { BlogDto } from '@kindred/shared/content.schemas';

/** Spec sections 2, 3 and 9: card cuts, fallbacks and formats for articles. */
export const TITLE_CUT = 50;
export const CONTENT_CUT = 100;
export const EXCERPT_FALLBACK = 120;
export const HOME_ARTICLES = 3;
export const BLOG_SPINNER_MS = 1000;
export const DEFAULT_BLOG_IMAGE = '/images/blog/default.svg';

/** `text` cut to `n` characters plus an ellipsis when longer. */
export function cut(text: string, n: number): string {
  return text.length > n ? `${text.slice(0, n)}...` : text;
}

/** Markdown reduced to readable plain text for cards (headings, emphasis, links, lists and tables unwrapped). */
export function markdownToPlain(md: string | null | undefined): string {
  if (!md) return '';
  return md
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/^\s*\|?\s*:?-[-:| ]*$/gm, ' ')
    .replace(/\|/g, ' ')
    .replace(/[*_`~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export const cardTitle = (b: Pick<BlogDto, 'title'>) =>
  b.title?.trim() ? cut(b.title.trim(), TITLE_CUT) : 'Untitled Article';
export const fullTitle = (b: Pick<BlogDto, 'title'>) => b.title?.trim() || 'Untitled Article';
export const cardContent = (b: Pick<BlogDto, 'content'>) => {
  const text = markdownToPlain(b.content);
  return text ? cut(text, CONTENT_CUT) : 'N/A';
};
/** The excerpt, or the first 120 characters of the content. */
export const excerptOf = (b: Pick<BlogDto, 'excerpt' | 'content'>) =>
  b.excerpt?.trim() || markdownToPlain(b.content).slice(0, EXCERPT_FALLBACK) || 'N/A';
export const imageOf = (b: Pick<BlogDto, 'featured_image'>) => b.featured_image || DEFAULT_BLOG_IMAGE;
export const bylineName = (b: Pick<BlogDto, 'created_by_name'>) => b.created_by_name?.trim() || 'N/A';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/**
 * 'MMMM DD, YYYY' (spec section 9), in UTC so the server and the browser print the same day. Written out rather
 * than through Intl: the first Intl formatter a page creates loads locale data, a measurable pause on a phone.
 */
export function formatLongDate(iso: string | null | undefined): string {
  if (!iso) return 'N/A';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return 'N/A';
  return `${MONTHS[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2, '0')}, ${d.getUTCFullYear()}`;
}

/** View counts with thousands separators (1284 → "1,284"). */
export const formatViews = (n: number | null | undefined) =>
  typeof n === 'number' && Number.isFinite(n) ? String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',') : 'N/A';

/** The shareable address of an article. */
export const articlePath = (slug: string) => `/blogs/${encodeURIComponent(slug)}`;
