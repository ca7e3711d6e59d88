import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'react-hot-toast';
import { APPOINTMENT_MSG, type AppointmentDto } from '@kindred/shared/appointments.schemas';
import { CopyableId } from '../../../components/ui/copyable-id.tsx';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { appointmentStatusColor } from '../../../lib/status-colors.ts';
import { myAppointmentsKey, useChangeAppointment, useMyAppointments } from '../../appointments/api/appointments.api.ts';
import { ChangeControls } from '../../appointments/components/change-controls.tsx';
import { ClinicStars } from '../../appointments/components/clinic-stars.tsx';
import { formatSlot } from '../../../lib/zoned-time.ts';
import { useChangeConsent, useConsents } from '../api/data-rights.api.ts';
import { SectionTable } from './section-table.tsx';

const STATUS_TEXT: Record<string, string> = { no_show: 'no-show' };

/**
 * Appointment Info (spec section 2, issue 14): each appointment with its time in the parent's zone, clinic, visit,
 * status in the spec's colours, meeting link once confirmed, and what the parent can still do. Load errors are
 * logged and the list reads as empty (spec section 8).
 */
export function AppointmentsTable() {
  const { data, isPending, error } = useMyAppointments();
  // An appointment records that the shortlist was shared when booking; the consent says whether it still is.
  const consents = useConsents((data ?? []).some((a) => a.shared_shortlist));
  const sharingWith = new Set(
    (consents.data ?? []).filter((c) => c.kind === 'shortlist_sharing' && c.granted).map((c) => c.scope),
  );
  useEffect(() => {
    if (error) console.error('Could not load appointments', error);
  }, [error]);
  const rows = (error ? [] : (data ?? [])).map((a) => (
    <AppointmentRow key={a.id} appointment={a} sharing={a.clinic !== null && sharingWith.has(a.clinic)} />
  ));
  return (
    <SectionTable
      id="appointments-title"
      title="Appointment Info"
      columns={['ID', 'Date and time', 'Clinic', 'Visit', 'Status', 'Meeting', 'Actions']}
      loading={isPending && !error}
      emptyText={APPOINTMENT_MSG.noAppointments}
      rows={rows}
      minWidth={1040}
    />
  );
}

function AppointmentRow({ appointment: a, sharing }: { appointment: AppointmentDto; sharing: boolean }) {
  const change = useChangeAppointment();
  const id = a.appointment_id || a.id;
  return (
    <Table.Tr data-testid="appointment-row">
      <Table.Td>
        <CopyableId id={id} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{a.starts_at ? formatSlot(a.starts_at) : 'N/A'}</Table.Td>
      <Table.Td>{a.clinic_name ?? a.clinic ?? 'N/A'}</Table.Td>
      <Table.Td>
        <Stack gap={0}>
          <Text size="sm">{a.visit_type_name ?? a.reason_for_consultation}</Text>
          {a.clinician_name && (
            <Text size="xs" c="var(--kindred-muted)">
              {a.clinician_name}
            </Text>
          )}
        </Stack>
      </Table.Td>
      {/* The badge's label may be cut with an ellipsis, so the cell's width is set rather than measured. */}
      <Table.Td style={{ minWidth: 120 }}>
        <StatusBadge status={STATUS_TEXT[a.status] ?? a.status} color={appointmentStatusColor(a.status)} />
      </Table.Td>
      <Table.Td>
        {a.status === 'confirmed' && a.meeting_link ? (
          <Anchor href={a.meeting_link} target="_blank" rel="noopener noreferrer">
            Join meeting
          </Anchor>
        ) : (
          'N/A'
        )}
      </Table.Td>
      <Table.Td>
        <Stack gap={6}>
          <ChangeControls appointment={a} run={(c) => change.mutateAsync({ ...c, id: a.id })} />
          {a.status === 'completed' && (
            <ClinicStars rating={null} rateable={a} clinicName={a.clinic_name ?? 'the clinic'} />
          )}
          {sharing && a.clinic && <StopSharing clinic={a.clinic} clinicName={a.clinic_name ?? a.clinic} />}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

/** Withdraws the shortlist_sharing consent for this clinic (the consents API, ADR 019). */
function StopSharing({ clinic, clinicName }: { clinic: string; clinicName: string }) {
  const consent = useChangeConsent();
  const queryClient = useQueryClient();
  const stop = () =>
    consent.mutate(
      { kind: 'shortlist_sharing', scope: clinic, granted: false, source: 'profile' },
      {
        onSuccess: () => {
          toast.success(`${clinicName} no longer sees your shortlist.`);
          void queryClient.invalidateQueries({ queryKey: myAppointmentsKey });
        },
        onError: (e) => toast.error(errorMessage(e, 'Sharing was not stopped. Please try again.')),
      },
    );
  return (
    <Group gap={4} wrap="nowrap" style={{ whiteSpace: 'nowrap' }}>
      <Text size="xs">Shared shortlist:</Text>
      <Button
        size="compact-xs"
        variant="subtle"
        color="red"
        loading={consent.isPending}
        onClick={stop}
        aria-label={`Stop sharing your shortlist with ${clinicName}`}
      >
        Stop sharing
      </Button>
    </Group>
  );
}
