import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { APPOINTMENT_MSG, type AppointmentDto, type SlotDto } from '@kindred/shared/appointments.schemas';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { CancelAppointmentDialog, RescheduleDialog } from './change-dialogs.tsx';

export type ChangeRequest =
  { kind: 'cancel'; reason?: string } | { kind: 'reschedule'; starts_at: string; clinician_id?: string };
type Props = {
  appointment: AppointmentDto;
  /** Sends the change (signed in, or through the signed manage link). */
  run: (change: ChangeRequest) => Promise<{ message: string }>;
};

const LIVE = ['pending', 'confirmed'];

/**
 * Cancel (with an optional reason, after a confirmation) and Reschedule (a new time from the clinic's free times)
 * while the appointment can still change online; after the clinic's notice window, the text to contact the clinic.
 */
export function ChangeControls({ appointment: a, run }: Props) {
  const [dialog, setDialog] = useState<'cancel' | 'reschedule' | null>(null);
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  if (!LIVE.includes(a.status)) return null;
  if (!a.can_change) {
    return (
      <Text size="xs" c="var(--kindred-muted)" maw={220}>
        {APPOINTMENT_MSG.tooLateToChange}
      </Text>
    );
  }
  const send = async (change: ChangeRequest) => {
    setPending(true);
    try {
      const res = await run(change);
      toast.success(res.message);
      setDialog(null);
      setNotice(null);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setNotice(APPOINTMENT_MSG.slotTaken);
      toast.error(errorMessage(error, 'This change did not go through. Please try again.'));
    } finally {
      setPending(false);
    }
  };
  const close = () => {
    setDialog(null);
    setNotice(null);
  };
  const when = a.starts_at ? ` on ${a.starts_at.slice(0, 10)}` : '';
  return (
    <Group gap={6} wrap="nowrap">
      <Button
        size="xs"
        variant="light"
        onClick={() => setDialog('reschedule')}
        aria-label={`Reschedule the appointment${when}`}
      >
        Reschedule
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        onClick={() => setDialog('cancel')}
        aria-label={`Cancel the appointment${when}`}
      >
        Cancel
      </Button>
      <CancelAppointmentDialog
        appointment={dialog === 'cancel' ? a : null}
        onClose={close}
        loading={pending}
        onConfirm={(reason) => void send({ kind: 'cancel', reason: reason || undefined })}
      />
      <RescheduleDialog
        appointment={dialog === 'reschedule' ? a : null}
        onClose={close}
        loading={pending}
        notice={notice}
        onConfirm={(slot: SlotDto) =>
          void send({ kind: 'reschedule', starts_at: slot.starts_at, clinician_id: slot.clinician_id })
        }
      />
    </Group>
  );
}
