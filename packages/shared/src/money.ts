/**
 * An amount of money as every page, table and e-mail shows it, in the currency the plan or payment carries: the
 * ISO 4217 code in any case (Stripe and our database write 'usd'), the currency's own symbol and minor units, in
 * US English ('$129.00', '€12.50', '¥500'). `dropZeroCents` writes a whole amount without its minor units
 * ('$129', as plan cards and plan names read; '$12.50' stays). A code Intl cannot read still shows the amount,
 * followed by the code, rather than breaking the page or the mail it is in.
 */
export function formatMoney(amount: number, currency: string, options: { dropZeroCents?: boolean } = {}): string {
  const code = currency.trim().toUpperCase();
  const whole = options.dropZeroCents === true && Number.isInteger(amount);
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: code,
      ...(whole ? { minimumFractionDigits: 0 } : {}),
    }).format(amount);
  } catch {
    const plain = amount.toFixed(whole ? 0 : 2);
    return code ? `${plain} ${code}` : plain;
  }
}
