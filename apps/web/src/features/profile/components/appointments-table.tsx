import { Anchor, Table } from '@mantine/core';
import { useEffect } from 'react';
import { MSG } from '@kindred/shared';
import { CopyableId } from '../../../components/ui/copyable-id.tsx';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { appointmentStatusColor } from '../../../lib/status-colors.ts';
import { useMyAppointments } from '../api/appointments.api.ts';
import { SectionTable } from './section-table.tsx';

/** Appointment Info (spec section 2). Load errors are logged and the list reads as empty (spec section 8). */
export function AppointmentsTable() {
  const { data, isPending, error } = useMyAppointments();
  useEffect(() => {
    if (error) console.error('Could not load appointments', error);
  }, [error]);

  const rows = (error ? [] : (data ?? [])).map((a, index) => {
    const id = a.appointment_id ?? a.id ?? '';
    return (
      <Table.Tr key={id || index}>
        <Table.Td>{id ? <CopyableId id={id} /> : 'N/A'}</Table.Td>
        <Table.Td>{formatDateTime(a.booking_date)}</Table.Td>
        <Table.Td tt="capitalize">{a.reason_for_consultation || 'N/A'}</Table.Td>
        <Table.Td>
          {a.meeting_link ? (
            <Anchor href={a.meeting_link} target="_blank" rel="noopener noreferrer">
              Join meeting
            </Anchor>
          ) : (
            'N/A'
          )}
        </Table.Td>
        <Table.Td>
          <StatusBadge status={a.status} color={appointmentStatusColor(a.status)} />
        </Table.Td>
      </Table.Tr>
    );
  });

  return (
    <SectionTable
      id="appointments-title"
      title="Appointment Info"
      columns={['ID', 'Date', 'Reason', 'Meeting', 'Status']}
      loading={isPending && !error}
      emptyText={MSG.noAppointments}
      rows={rows}
    />
  );
}
