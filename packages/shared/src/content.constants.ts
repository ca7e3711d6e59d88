/**
 * The content module's limits and messages, without zod, so that a public page can count and explain (the FAQ
 * contact form) without loading the schema library on its first load. `content.schemas` re-exports them.
 */

/** The longest question the contact form takes: the form counts toward it, and the server refuses more. */
export const CONTACT_QUESTION_MAX = 5000;

export const CONTENT_MSG = {
  contactAllFields: 'Please fill in all fields',
  contactReceived: 'Thank you! Your message has been sent successfully.',
  contactTooFast: 'Please take a moment to complete the form, then send it again.',
  contactTokenInvalid: 'This form has expired. Please reload the page and try again.',
  contactQuestionTooLong: `Please keep your question to ${CONTACT_QUESTION_MAX.toLocaleString('en-US')} characters or fewer.`,
  slugTaken: 'An article with this slug already exists.',
} as const;

/** Minimum time between loading the contact form and sending it: people take longer, scripts usually do not. */
export const CONTACT_MIN_FILL_MS = 2000;
/** How long a contact form token stays usable. */
export const CONTACT_TOKEN_TTL_MS = 2 * 60 * 60 * 1000;
