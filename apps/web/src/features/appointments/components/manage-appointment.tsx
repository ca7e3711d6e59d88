import { Anchor, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { APPOINTMENT_MSG } from '@kindred/shared/appointments.schemas';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { paths } from '../../../lib/paths.ts';
import { appointmentStatusColor } from '../../../lib/status-colors.ts';
import { useManageChange, useManagedAppointment } from '../api/appointments.api.ts';
import { formatSlot } from '../../../lib/zoned-time.ts';
import { ChangeControls } from './change-controls.tsx';

/** The appointment behind a signed e-mail link, with cancel and reschedule; a bad or used link says so. */
export function ManageAppointment({ token, onNewToken }: { token: string; onNewToken?: (next: string) => void }) {
  const { data: a, isPending, error } = useManagedAppointment(token);
  const change = useManageChange(token, onNewToken);
  if (token && isPending) {
    return (
      <Center py="xl" role="status" aria-label="Loading your appointment">
        <Loader />
      </Center>
    );
  }
  if (!token || error || !a) {
    return (
      <Paper withBorder radius="lg" p="xl">
        <Stack gap="sm">
          <Title order={1} size="h3">
            Your appointment
          </Title>
          <Text>{APPOINTMENT_MSG.linkInvalid}</Text>
          <Anchor component={Link} to={paths.login}>
            Sign in
          </Anchor>
        </Stack>
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Title order={1} size="h3">
          Your appointment
        </Title>
        <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '6px 16px' }}>
          <Text component="dt" fw={600} size="sm">
            Clinic
          </Text>
          <Text component="dd" m={0} size="sm">
            {a.clinic_name ?? a.clinic}
          </Text>
          <Text component="dt" fw={600} size="sm">
            Visit
          </Text>
          <Text component="dd" m={0} size="sm">
            {a.visit_type_name}
            {a.clinician_name && ` with ${a.clinician_name}`}
          </Text>
          <Text component="dt" fw={600} size="sm">
            When
          </Text>
          <Text component="dd" m={0} size="sm">
            {a.starts_at ? formatSlot(a.starts_at) : 'N/A'}
          </Text>
          <Text component="dt" fw={600} size="sm">
            Status
          </Text>
          <Text component="dd" m={0} size="sm">
            <StatusBadge status={a.status} color={appointmentStatusColor(a.status)} />
          </Text>
        </dl>
        <Group>
          <ChangeControls appointment={a} run={(c) => change.mutateAsync(c)} />
        </Group>
      </Stack>
    </Paper>
  );
}
