/**
 * The content module's limits and messages, without zod, so that a public page can count and explain (the FAQ
 * contact form) without loading the schema library on its first load. `content.schemas` re-exports them.
 */

/** The longest question the contact form takes: the form counts toward it, and the server refuses more. */
export const CONTACT_QUESTION_MAX = 5000;

/**
 * The longest article (and preview) in Markdown characters. Real articles are 2,000 to 6,000 characters; the cap
 * leaves room for long guides while keeping one render bounded (ADR 018).
 */
export const ARTICLE_MAX_CHARS = 100_000;

export const CONTENT_MSG = {
  contactAllFields: 'Please fill in all fields',
  contactReceived: 'Thank you! Your message has been sent successfully.',
  contactTooFast: 'Please take a moment to complete the form, then send it again.',
  contactTokenInvalid: 'This form has expired. Please reload the page and try again.',
  contactQuestionTooLong: `Please keep your question to ${CONTACT_QUESTION_MAX.toLocaleString('en-US')} characters or fewer.`,
  slugTaken: 'An article with this slug already exists.',
  articleTooLong: `Please keep the article to ${ARTICLE_MAX_CHARS.toLocaleString('en-US')} characters or fewer.`,
  articleRenderTooSlow:
    'This Markdown takes too long to render. Check for long runs of *, _ or > characters and try again.',
  featuredImageInvalid:
    'Use a path on this site, such as /images/blog/x.svg, or an https address of an allowed image host.',
} as const;

/** Minimum time between loading the contact form and sending it: people take longer, scripts usually do not. */
export const CONTACT_MIN_FILL_MS = 2000;
/** How long a contact form token stays usable. */
export const CONTACT_TOKEN_TTL_MS = 2 * 60 * 60 * 1000;
