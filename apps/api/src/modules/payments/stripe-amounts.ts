/**
 * Stripe counts money in the currency's smallest unit, and its rule for how many digits that is differs from
 * ISO 4217 in places: the currencies below take no decimals (¥1,500 is 1500, not 150000), the three-decimal
 * ones take three, and every other currency two (ISK and UGX included, which Stripe writes with two although
 * ISO gives them none). Source: Stripe's "Supported currencies: zero-decimal and three-decimal" page.
 */
const ZERO_DECIMAL = new Set([
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
]);
const THREE_DECIMAL = new Set(['bhd', 'jod', 'kwd', 'omr', 'tnd']);

function scale(currency: string): number {
  const code = currency.trim().toLowerCase();
  if (ZERO_DECIMAL.has(code)) return 1;
  return THREE_DECIMAL.has(code) ? 1000 : 100;
}

/** An amount (129, 1500) as Stripe's integer in the currency's smallest unit (12900 for usd, 1500 for jpy). */
export const toStripeAmount = (amount: number, currency: string): number => Math.round(amount * scale(currency));

/** Stripe's integer in the smallest unit back to an amount (12900 usd → 129, 1500 jpy → 1500). */
export const fromStripeAmount = (minor: number, currency: string): number => minor / scale(currency);
