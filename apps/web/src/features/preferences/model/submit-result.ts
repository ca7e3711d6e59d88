/** What the Review step shows and where it goes after a submit (spec sections 4 and 8). */
import { PAYMENT_MSG } from '@kindred/shared';

export const SUBMIT_MSG = {
  submitting: 'Submitting your preferences...',
  submitted: 'Preferences submitted!',
  failed: 'Submission failed. Please try again.',
} as const;

export type SubmitResponse = {
  success?: boolean;
  message?: string;
  profile_id?: string;
  subscription?: boolean;
  subscription_message?: string;
};

/** Success: the server's message or the fallback, then /donor-matches when the subscription is active. */
export function submitOutcome(res: SubmitResponse): { message: string; to: 'matches' | 'subscription' } {
  return {
    message: res.message?.trim() || SUBMIT_MSG.submitted,
    to: res.subscription === true ? 'matches' : 'subscription',
  };
}

/**
 * Failure: the first of subscription_message, message, detail, the error's own text, else the fallback; the
 * no-subscription message also sends the parent to /subscription.
 */
export function submitFailure(body: unknown, errorText?: string): { message: string; toSubscription: boolean } {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const pick = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
  const message =
    pick(b.subscription_message) ?? pick(b.message) ?? pick(b.detail) ?? pick(errorText) ?? SUBMIT_MSG.failed;
  return { message, toSubscription: b.subscription_message === PAYMENT_MSG.noSubscription };
}
