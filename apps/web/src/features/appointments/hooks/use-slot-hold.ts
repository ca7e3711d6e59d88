import { useCallback, useEffect, useRef, useState } from 'react';
import { APPOINTMENT_MSG, type SlotDto } from '@kindred/shared/appointments.schemas';
import { hasErrorCode } from '../../../lib/api-error.ts';
import { holdSlot, releaseHold } from '../api/appointments.api.ts';

/** `offer`: a freed time held for the parent from the clinic's waitlist (it stays theirs until it runs out). */
export type Hold = { id: string; expiresAt: string; slot: SlotDto; offer?: boolean };
type State = { hold: Hold | null; holding: boolean; taken: string | null };

/**
 * Holds the picked time for the signed-in parent while they fill in the form (POST hold), releases the previous
 * hold when another time is picked, and the current one on Cancel or when the modal goes. A 409 means the time was
 * just taken: the caller shows the text and reloads the times. A waitlist offer is adopted as it is (no new hold)
 * and is not let go by picking another time or closing the modal; only `decline` passes it on.
 */
export function useSlotHold(clinic: string, signedIn: boolean, onTaken: () => void) {
  const [state, setState] = useState<State>({ hold: null, holding: false, taken: null });
  const current = useRef<Hold | null>(null);
  const request = useRef(0);

  const release = useCallback(() => {
    const hold = current.current;
    current.current = null;
    request.current += 1;
    setState((s) => ({ ...s, hold: null, holding: false }));
    if (hold && !hold.offer) void releaseHold(hold.id);
  }, []);

  /** Takes a hold the server already made for the parent (a waitlist offer). */
  const adopt = useCallback((hold: Hold) => {
    request.current += 1;
    current.current = hold;
    setState({ hold, holding: false, taken: null });
  }, []);

  /** Lets the offer go: the server offers it to the next parent waiting. */
  const decline = useCallback(() => {
    const hold = current.current;
    current.current = null;
    setState((s) => ({ ...s, hold: null, holding: false }));
    if (hold) void releaseHold(hold.id);
  }, []);

  const pick = useCallback(
    async (slot: SlotDto) => {
      release();
      if (!signedIn) return;
      const mine = request.current;
      setState({ hold: null, holding: true, taken: null });
      try {
        const res = await holdSlot({
          clinic,
          visit_type_id: slot.visit_type_id,
          clinician_id: slot.clinician_id,
          starts_at: slot.starts_at,
        });
        const hold = { id: res.hold_id, expiresAt: res.expires_at, slot };
        if (mine !== request.current) return void releaseHold(hold.id);
        current.current = hold;
        setState({ hold, holding: false, taken: null });
      } catch (error) {
        if (mine !== request.current) return;
        const taken = hasErrorCode(error, 'conflict');
        // An account whose address is not verified yet cannot book (its mails would be held): say so here.
        const unverified = hasErrorCode(error, 'email_unverified');
        setState({
          hold: null,
          holding: false,
          taken: taken ? APPOINTMENT_MSG.slotTaken : unverified ? APPOINTMENT_MSG.verifyEmailFirst : null,
        });
        if (taken) onTaken();
      }
    },
    [clinic, signedIn, release, onTaken],
  );

  /** The hold became an appointment: nothing to release any more. */
  const consumed = useCallback(() => {
    current.current = null;
  }, []);

  const setTaken = useCallback((taken: string | null) => setState((s) => ({ ...s, taken })), []);

  useEffect(() => release, [release]);
  return { ...state, pick, release, adopt, decline, consumed, setTaken };
}
