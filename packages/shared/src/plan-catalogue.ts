/**
 * Plan names, features and add-ons: plain values with no schema library, so that public pages (/pricing) can
 * import them without loading zod. plans.ts re-exports them next to the plan schemas.
 */

/** The exact plan names; the client decides how many matches to show from them (spec section 9). */
export const PLAN_NAMES = {
  trial: 'Trial (Free one-time)',
  starter: 'Starter ($129 one-time)',
  premium: 'Premium ($149 / month)',
} as const;

/** How many matches a plan shows: Trial 1, Starter 3, Premium and any unknown name all (null). */
export function matchesShownFor(planName: string | null | undefined): number | null {
  if (planName === PLAN_NAMES.trial) return 1;
  if (planName === PLAN_NAMES.starter) return 3;
  return null;
}

/** Feature texts the subscription page falls back to for plans named free, basic or standard (spec section 9). */
export const FALLBACK_PLAN_FEATURES: Record<string, string[]> = {
  free: ['1 match credit', 'Preference tools for 7 days'],
  basic: ['3 match credits', 'Unused credits roll over for 3 months'],
  standard: ['3 match credits', 'Unused credits roll over for 3 months'],
};

/** Add-ons shown on /pricing (spec section 9). */
export const ADD_ONS = [
  { name: 'Genetic Risk Assessment', price: '$150', unit: 'per report' },
  { name: 'Fertility Counseling', price: '$150', unit: 'per hour' },
  { name: 'Legal contract review', price: 'Price varies', unit: 'by contract' },
] as const;
