import { AVATAR_MAX_INITIALS, ID_SHORTEN_OVER } from './constants.ts';

/** IDs over 8 characters show as first 4, an ellipsis, last 4 (spec section 2, Profile page). */
export function shortenId(id: string): string {
  return id.length > ID_SHORTEN_OVER ? `${id.slice(0, 4)}…${id.slice(-4)}` : id;
}

/** Up to two initials from a first and last name ("Ada Lovelace" → "AL"); empty when no letters. */
export function initialsOf(first = '', last = ''): string {
  const letters = [first, last]
    .map((s) => s.trim().charAt(0))
    .filter(Boolean)
    .join('');
  return letters.slice(0, AVATAR_MAX_INITIALS).toUpperCase();
}

/** The avatar palette: 20 colours, each dark enough for white initials at WCAG AA. */
export const AVATAR_PALETTE = [
  '#B71C1C',
  '#880E4F',
  '#4A148C',
  '#311B92',
  '#1A237E',
  '#0D47A1',
  '#01579B',
  '#006064',
  '#004D40',
  '#1B5E20',
  '#33691E',
  '#5D4037',
  '#BF360C',
  '#3E2723',
  '#263238',
  '#AD1457',
  '#6A1B9A',
  '#283593',
  '#00695C',
  '#37474F',
] as const;

/** Palette colour chosen by the sum of the name's character codes, so a person keeps one colour everywhere. */
export function avatarColor(name: string): string {
  let sum = 0;
  for (const ch of name) sum += ch.codePointAt(0) ?? 0;
  return AVATAR_PALETTE[sum % AVATAR_PALETTE.length]!;
}

/**
 * A match score as every screen and every explanation shows it: the engine's one-decimal percentage, written
 * without a trailing ".0" ("92%", "91.7%"). One rule, so a badge never says 92% beside a text saying 91.7%.
 */
export function formatMatchPercent(score: number): string {
  return `${Math.round(score * 10) / 10}%`;
}
