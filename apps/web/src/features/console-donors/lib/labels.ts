/** A stored vocabulary value as words: `hispanic_latino` → `Hispanic latino`, `ivf` → `IVF`. */
export function labelOf(value: string): string {
  if (value === 'ivf') return 'IVF';
  if (/^[A-Z]+$/.test(value)) return value;
  const words = value.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
