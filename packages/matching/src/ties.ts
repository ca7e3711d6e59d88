/**
 * Why a donor sits where it does when its shown score equals a neighbour's (issue 24): the first tie key that
 * tells the two apart, in the documented order (ADR 009): preferences met, medical update, availability, family
 * places left, reference id. Shared by the indexed ranking and the reference so both say the same.
 */
import { tieAvailability } from './index-build.ts';

/** What the tie keys read of one ranked donor; `shown` is the score as shown, in tenths. */
export type TieKeys = { shown: number; met: number; medical: number; availability: number; slots: number };

export type TieKey = 'preferences_met' | 'medical_update' | 'availability' | 'family_slots' | 'reference_id';

/** The key that puts `a` ahead of `b` (both showing the same score, `a` first). */
export function tieKey(a: TieKeys, b: TieKeys): TieKey {
  if (a.met !== b.met) return 'preferences_met';
  if (a.medical !== b.medical) return 'medical_update';
  if (tieAvailability(a.availability) !== tieAvailability(b.availability)) return 'availability';
  if (a.slots !== b.slots) return 'family_slots';
  return 'reference_id';
}

/** On a card placed ahead of a donor with the same score. */
export const TIE_AHEAD: Record<TieKey, string> = {
  preferences_met: 'Same score: more of your preferences met',
  medical_update: 'Same score: more recent medical update',
  availability: 'Same score: available now, not reserved',
  family_slots: 'Same score: more family places left',
  reference_id: 'Same score: earlier reference number',
};

/** On the last card of a run of equal scores: why the card above comes first. */
export const TIE_BEHIND: Record<TieKey, string> = {
  preferences_met: 'Same score as the donor above, which meets more of your preferences',
  medical_update: 'Same score as the donor above, which has a more recent medical update',
  availability: 'Same score as the donor above, which is available now',
  family_slots: 'Same score as the donor above, which has more family places left',
  reference_id: 'Same score as the donor above, which has an earlier reference number',
};

/** The tie sentence of a donor between `prev` and `next` in the list (null when it ties neither). */
export function tieNote(prev: TieKeys | undefined, self: TieKeys, next: TieKeys | undefined): string | null {
  if (next && next.shown === self.shown) return TIE_AHEAD[tieKey(self, next)];
  if (prev && prev.shown === self.shown) return TIE_BEHIND[tieKey(prev, self)];
  return null;
}
