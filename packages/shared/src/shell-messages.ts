/**
 * Texts the web app's shell shows on any page, kept apart from messages.ts so that the first load of a public page
 * does not carry every message of the product.
 */

/** The error screen's heading (spec section 2). */
export const SOMETHING_WENT_WRONG = 'Something went wrong';
