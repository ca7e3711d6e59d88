import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { AppointmentDto, SlotDto } from '@kindred/shared/appointments.schemas';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { useClinic } from '../api/clinics.api.ts';
import { usePhone } from '../hooks/use-phone.ts';
import { formatSlot } from '../../../lib/zoned-time.ts';
import { SlotPicker } from './slot-picker.tsx';

type CancelProps = {
  appointment: AppointmentDto | null;
  onClose: () => void;
  onConfirm: (reason: string) => void;
  loading: boolean;
};

/** Asks before cancelling, with an optional reason for the clinic. */
export function CancelAppointmentDialog({ appointment, onClose, onConfirm, loading }: CancelProps) {
  const [reason, setReason] = useState('');
  return (
    <AppModal opened={appointment !== null} onClose={onClose} title="Cancel this appointment?" size="sm">
      {appointment && (
        <Stack gap="md">
          <Text size="sm">
            {appointment.clinic_name}
            {appointment.starts_at && `, ${formatSlot(appointment.starts_at)}`}. The clinic is told at once and the time
            is freed for others.
          </Text>
          <Textarea
            label="Reason (optional)"
            description="Shared with the clinic. Please leave out health details."
            maxLength={500}
            autosize
            minRows={2}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={loading}>
              Keep appointment
            </Button>
            <Button color="red" loading={loading} onClick={() => onConfirm(reason.trim())}>
              Cancel appointment
            </Button>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
}

type RescheduleProps = {
  appointment: AppointmentDto | null;
  onClose: () => void;
  onConfirm: (slot: SlotDto) => void;
  loading: boolean;
  /** The specific text after a 409: the time was just taken. */
  notice: string | null;
};

/** Picks a new time for the same visit with the booking modal's time picker. */
export function RescheduleDialog({ appointment, onClose, onConfirm, loading, notice }: RescheduleProps) {
  const phone = usePhone();
  return (
    <AppModal opened={appointment !== null} onClose={onClose} title="Choose a new time" size="lg" fullScreen={phone}>
      {appointment && (
        <RescheduleBody
          key={appointment.id}
          appointment={appointment}
          onClose={onClose}
          onConfirm={onConfirm}
          loading={loading}
          notice={notice}
        />
      )}
    </AppModal>
  );
}

function RescheduleBody({
  appointment: a,
  onClose,
  onConfirm,
  loading,
  notice,
}: RescheduleProps & { appointment: AppointmentDto }) {
  const clinic = useClinic(a.clinic);
  const [slot, setSlot] = useState<SlotDto | null>(null);
  const visit = clinic.data?.visit_types.find((t) => t.id === a.visit_type_id);
  return (
    <Stack gap="md">
      <Text size="sm">
        {a.clinic_name} · {a.visit_type_name}
        {a.starts_at && ` · now ${formatSlot(a.starts_at)}`}
      </Text>
      {clinic.isPending ? (
        <Text size="sm" role="status">
          Loading free times…
        </Text>
      ) : visit && a.clinic ? (
        <SlotPicker
          clinic={a.clinic}
          visitTypeId={visit.id}
          value={slot}
          onChange={setSlot}
          notice={notice}
          exclude={a.starts_at}
        />
      ) : (
        <Text size="sm">We could not load this clinic's times. Please contact the clinic.</Text>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={loading}>
          Cancel
        </Button>
        <Button disabled={!slot} loading={loading} onClick={() => slot && onConfirm(slot)}>
          Move appointment
        </Button>
      </Group>
    </Stack>
  );
}
