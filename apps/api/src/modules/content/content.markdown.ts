import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

const ALLOWED_TAGS = [
  'h2',
  'h3',
  'h4',
  'p',
  'blockquote',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'a',
  'code',
  'pre',
  'hr',
  'br',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'img',
];

/**
 * Article Markdown to HTML that is safe to insert into a page: marked renders, sanitize-html keeps only the tags
 * above (no scripts, styles, event handlers or iframes), and links leave the site without the opener.
 * Synchronous and, for some inputs, slow (marked is quadratic on runs such as `*a_`): the server calls it only in
 * a worker thread with a time limit (content.render.ts), never on the event loop. Articles keep the HTML rendered
 * when they were saved (blogs.body_html); a migration that changes this function's output clears that column.
 */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true });
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      a: ['href', 'title', 'rel', 'target'],
      img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
      th: ['align'],
      td: ['align'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: [] },
    allowProtocolRelative: false,
    transformTags: {
      // A heading level 1 is the page title; article headings start at 2.
      h1: 'h2',
      a: (tagName, attribs) =>
        /^https?:/i.test(attribs.href ?? '')
          ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer', target: '_blank' } }
          : { tagName, attribs },
      img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
    },
  });
}
