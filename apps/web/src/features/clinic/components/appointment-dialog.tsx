import { Alert, Button, Chip, Group, Loader, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { failureMessage } from '../../../lib/server-errors.ts';
import { fieldErrorsOf } from '../../../lib/api-error.ts';
import { useAppointmentAction, useAvailability, type ClinicAppointment } from '../api/clinic-appointments.api.ts';
import { useVisitTypes } from '../api/clinic-portal.api.ts';
import type { AppointmentAction } from '../lib/clinic-paths.ts';
import { formatClock, formatLongDay, todayIn, zoneAbbreviation } from '../../../lib/zoned-time.ts';

export type Dialog = { kind: AppointmentAction; appointment: ClinicAppointment };

const TITLES: Record<AppointmentAction, string> = {
  confirm: 'Confirm the appointment',
  'meeting-link': 'Meeting link',
  complete: 'Mark as completed',
  'no-show': 'Mark as no-show',
  cancel: 'Cancel the appointment',
  reschedule: 'Move the appointment',
};
const HTTPS = /^https:\/\/\S+$/;

/** The dialog of one clinic action: what it needs (link, reason, new time), then the call. */
export function AppointmentDialog(props: {
  dialog: Dialog;
  referenceId: string | null;
  timeZone: string;
  onClose: () => void;
}) {
  const { dialog, onClose } = props;
  const a = dialog.appointment;
  const action = useAppointmentAction();
  const [link, setLink] = useState(a.meeting_link ?? '');
  const [reason, setReason] = useState('');
  const [slot, setSlot] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const video = a.mode === 'video';

  const run = (body?: Record<string, unknown>) =>
    action.mutate(
      { id: a.id, action: dialog.kind, body },
      {
        onSuccess: (res) => {
          toast.success(res.message);
          onClose();
        },
        onError: (e) => {
          const fields = fieldErrorsOf(e);
          setError(
            fields.meeting_link ??
              fields.reason ??
              fields.starts_at ??
              failureMessage(e, 'That did not work. Please try again.'),
          );
        },
      },
    );

  const submit = () => {
    setError(null);
    if (dialog.kind === 'confirm') {
      if (link && !HTTPS.test(link)) return setError('The meeting link must be an https:// address.');
      return run(link ? { meeting_link: link } : {});
    }
    if (dialog.kind === 'meeting-link') {
      if (!HTTPS.test(link)) return setError('The meeting link must be an https:// address.');
      return run({ meeting_link: link });
    }
    if (dialog.kind === 'cancel') {
      if (!reason.trim()) return setError('Please give the parent a reason.');
      return run({ reason: reason.trim() });
    }
    if (dialog.kind === 'reschedule') {
      if (!slot) return setError('Pick a new time.');
      const [startsAt, clinicianId] = slot.split('|');
      return run({ starts_at: startsAt, clinician_id: clinicianId });
    }
    return run();
  };

  return (
    <AppModal opened onClose={onClose} title={TITLES[dialog.kind]} size={dialog.kind === 'reschedule' ? 'lg' : 'md'}>
      <Stack gap="md">
        <Text size="sm">
          {a.name ?? 'Parent'} · {a.visit_type_name ?? 'Consultation'}
          {a.starts_at
            ? ` · ${formatLongDay(a.starts_at, props.timeZone)} ${formatClock(a.starts_at, props.timeZone)} ${zoneAbbreviation(a.starts_at, props.timeZone)}`
            : ''}
        </Text>
        {(dialog.kind === 'meeting-link' || (dialog.kind === 'confirm' && video)) && (
          <TextInput
            label="Meeting link"
            description={dialog.kind === 'confirm' ? 'For the video visit; you can also add it later.' : undefined}
            placeholder="https://"
            value={link}
            onChange={(e) => setLink(e.currentTarget.value)}
            data-autofocus
          />
        )}
        {dialog.kind === 'cancel' && (
          <Textarea
            label="Reason (the parent sees it)"
            required
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={500}
            data-autofocus
          />
        )}
        {dialog.kind === 'reschedule' && (
          <SlotPicker
            appointment={a}
            referenceId={props.referenceId}
            timeZone={props.timeZone}
            value={slot}
            onChange={setSlot}
          />
        )}
        {(dialog.kind === 'complete' || dialog.kind === 'no-show') && (
          <Text>{dialog.kind === 'complete' ? 'The visit took place.' : 'The parent did not attend.'}</Text>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Back
          </Button>
          <Button onClick={submit} loading={action.isPending} color={dialog.kind === 'cancel' ? 'red' : undefined}>
            {TITLES[dialog.kind]}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

/** Free times of the appointment's visit type (the public availability route), as chips grouped by day. */
function SlotPicker(props: {
  appointment: ClinicAppointment;
  referenceId: string | null;
  timeZone: string;
  value: string | null;
  onChange: (v: string | null) => void;
}) {
  const types = useVisitTypes();
  const a = props.appointment;
  const visitTypeId = a.visit_type_id ?? types.data?.visit_types.find((t) => t.name === a.visit_type_name)?.id ?? null;
  const slots = useAvailability(props.referenceId, visitTypeId, todayIn(props.timeZone));
  if (types.isPending || slots.isPending) return <Loader size="sm" role="status" aria-label="Loading free times" />;
  if (slots.isError) return <Alert color="red">{failureMessage(slots.error, 'Free times could not be loaded.')}</Alert>;
  const free = slots.data.slots.slice(0, 60);
  if (free.length === 0) return <Text>No free times in the next 14 days.</Text>;
  return (
    <Chip.Group value={props.value} onChange={(v) => props.onChange(v as string)}>
      <Group gap="xs" role="radiogroup" aria-label="New time">
        {free.map((s) => (
          <Chip key={`${s.starts_at}|${s.clinician_id}`} value={`${s.starts_at}|${s.clinician_id}`} size="xs">
            {formatLongDay(s.starts_at, props.timeZone).replace(/ \d{4}$/, '')}{' '}
            {formatClock(s.starts_at, props.timeZone)} {zoneAbbreviation(s.starts_at, props.timeZone)}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}
