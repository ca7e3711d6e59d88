import { Paper, Stack, Text, Title } from '@mantine/core';
import { LoadFailed } from '../../admin/components/load-failed.tsx';
import { useSaveVisitType, useSchedule, useVisitTypes } from '../api/clinic-portal.api.ts';
import type { TabProps } from '../lib/portal-tab.ts';
import { HoursEditor } from './hours-editor.tsx';
import { OverridesEditor } from './overrides-editor.tsx';
import { VisitTypesEditor } from './visit-types-editor.tsx';
import { LoadingSkeleton } from '../../../components/ui/loading-skeleton.tsx';

/** Schedule: each clinician's weekly hours, date changes and the clinic's visit types. */
export default function ScheduleTab({ timeZone }: TabProps) {
  const schedule = useSchedule();
  if (schedule.isPending) return <LoadingSkeleton h={240} radius="md" label="Loading the schedule" />;
  if (schedule.isError)
    return (
      <LoadFailed
        title="We could not load the schedule"
        error={schedule.error}
        onRetry={() => void schedule.refetch()}
      />
    );
  const { clinicians } = schedule.data;
  return (
    <Stack gap="lg">
      {/* The clinicians' weeks are h3s under this h2 (axe heading-order: no jump from the portal's h1). */}
      <Title order={2} fz="lg">
        Weekly hours
      </Title>
      {clinicians.length === 0 && <Text>No clinicians at your clinic yet.</Text>}
      {clinicians.map((c) => (
        <HoursEditor key={c.id} clinician={c} timeZone={timeZone ?? schedule.data.time_zone} />
      ))}
      {clinicians.length > 0 && <OverridesEditor clinicians={clinicians} />}
      <PortalVisitTypes />
    </Stack>
  );
}

/** The portal's wiring of the shared visit types editor: the signed-in clinic's own list and routes. */
export function PortalVisitTypes() {
  const types = useVisitTypes();
  const save = useSaveVisitType();
  return (
    <Paper withBorder radius="md" p="lg">
      <VisitTypesEditor
        visitTypes={types.data?.visit_types}
        failed={types.isError ? { error: types.error, retry: () => void types.refetch() } : null}
        save={save}
        headingOrder={2}
      />
    </Paper>
  );
}
