import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { APPOINTMENT_MSG } from '@kindred/shared/appointments.schemas';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { appointmentStatusColor } from '../../../lib/status-colors.ts';
import { LoadFailed } from '../../admin/components/load-failed.tsx';
import { useClinicAppointments, type ClinicAppointment } from '../api/clinic-appointments.api.ts';
import {
  formatClock,
  formatLongDay,
  groupByDay,
  localDateAhead,
  todayIn,
  zoneAbbreviation,
} from '../../../lib/zoned-time.ts';
import { AppointmentDialog, type Dialog } from './appointment-dialog.tsx';
import type { TabProps } from '../lib/portal-tab.ts';
import { LoadingSkeleton } from '../../../components/ui/loading-skeleton.tsx';

/** How far ahead the list looks. */
const DAYS_AHEAD = 30;
const STATUS_LABEL: Record<string, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  completed: 'Completed',
  no_show: 'No-show',
  cancelled: 'Cancelled',
};

/** Today's and upcoming appointments, grouped by day in the clinic's zone, with the clinic's actions. */
export default function AppointmentsTab({ timeZone, referenceId }: TabProps) {
  const zone = timeZone ?? 'UTC';
  const from = todayIn(zone);
  const to = localDateAhead(zone, DAYS_AHEAD);
  const list = useClinicAppointments(from, to, timeZone !== null);
  const [dialog, setDialog] = useState<Dialog | null>(null);

  if (timeZone === null || list.isPending) return <LoadingSkeleton h={200} radius="md" label="Loading appointments" />;
  if (list.isError)
    return (
      <LoadFailed title="We could not load the appointments" error={list.error} onRetry={() => void list.refetch()} />
    );
  const days = groupByDay(list.data.appointments, list.data.time_zone);
  return (
    <Stack gap="lg">
      <Text c="var(--kindred-muted)">
        Today and the next {DAYS_AHEAD} days. Times are in the clinic&apos;s zone, {list.data.time_zone}.
      </Text>
      {days.length === 0 && <Text>{APPOINTMENT_MSG.noAppointments}</Text>}
      {days.map(({ date, slots: items }) => (
        <section key={date} aria-label={formatLongDay(items[0]!.starts_at, list.data.time_zone)}>
          <Title order={2} fz="lg" mb="sm">
            {formatLongDay(items[0]!.starts_at, list.data.time_zone)}
          </Title>
          <Stack gap="sm">
            {items.map((a) => (
              <AppointmentCard key={a.id} appointment={a} timeZone={list.data.time_zone} onAction={setDialog} />
            ))}
          </Stack>
        </section>
      ))}
      {dialog && (
        <AppointmentDialog
          dialog={dialog}
          referenceId={referenceId}
          timeZone={list.data.time_zone}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}

function AppointmentCard({
  appointment: a,
  timeZone,
  onAction,
}: {
  appointment: ClinicAppointment;
  timeZone: string;
  onAction: (d: Dialog) => void;
}) {
  const live = a.status === 'pending' || a.status === 'confirmed';
  const started = a.starts_at !== null && new Date(a.starts_at).getTime() <= Date.now();
  const video = a.mode === 'video';
  const when = a.starts_at
    ? `${formatClock(a.starts_at, timeZone)}${a.ends_at ? `–${formatClock(a.ends_at, timeZone)}` : ''} ${zoneAbbreviation(a.starts_at, timeZone)}`
    : '';
  const open = (kind: Dialog['kind']) => onAction({ kind, appointment: a });
  return (
    <Paper withBorder radius="md" p="md" aria-label={`Appointment ${a.appointment_id}`} component="article">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2}>
          <Text fw={650}>
            {when} · {a.visit_type_name ?? 'Consultation'} ({video ? 'video' : 'in person'})
          </Text>
          <Text size="sm">
            {a.name ?? 'Parent'}
            {a.email ? ` · ${a.email}` : ''}
            {a.phone_number ? ` · ${a.phone_number}` : ''}
          </Text>
          <Text size="sm" c="var(--kindred-muted)">
            {a.clinician_name ? `With ${a.clinician_name} · ` : ''}Ref {a.appointment_id}
            {a.donor_reference ? ` · donor ${a.donor_reference}` : ''}
          </Text>
          {a.reason_for_consultation && <Text size="sm">Reason: {a.reason_for_consultation}</Text>}
          {a.meeting_link && (
            <Text size="sm">
              Meeting link: <a href={a.meeting_link}>{a.meeting_link}</a>
            </Text>
          )}
          {a.cancel_reason && <Text size="sm">Cancelled: {a.cancel_reason}</Text>}
        </Stack>
        <StatusBadge status={STATUS_LABEL[a.status] ?? a.status} color={appointmentStatusColor(a.status)} size="lg" />
      </Group>
      {live && (
        <Group gap="xs" mt="sm">
          {a.status === 'pending' && (
            <Button size="xs" onClick={() => open('confirm')}>
              Confirm
            </Button>
          )}
          {a.status === 'confirmed' && video && (
            <Button size="xs" variant="light" onClick={() => open('meeting-link')}>
              {a.meeting_link ? 'Change meeting link' : 'Add meeting link'}
            </Button>
          )}
          {a.status === 'confirmed' && started && (
            <>
              {/* Mantine's light green text is 3.8:1 on its tint; this green is AA (as the status badge's). */}
              <Button size="xs" variant="light" color="green" c="#1e6b30" onClick={() => open('complete')}>
                Complete
              </Button>
              <Button size="xs" variant="light" color="gray" onClick={() => open('no-show')}>
                No-show
              </Button>
            </>
          )}
          {!started && (
            <Button size="xs" variant="default" onClick={() => open('reschedule')}>
              Reschedule
            </Button>
          )}
          <Button size="xs" variant="subtle" color="red" onClick={() => open('cancel')}>
            Cancel
          </Button>
        </Group>
      )}
    </Paper>
  );
}
