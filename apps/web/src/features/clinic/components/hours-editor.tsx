import { ActionIcon, Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import {
  CLINIC_MSG,
  WEEKDAY_LABELS,
  weeklyHoursRequest,
  type ScheduleClinicianDto,
} from '@kindred/shared/clinic-portal.schemas';
import { fieldErrorsOf } from '../../../lib/api-error.ts';
import { failureMessage } from '../../../lib/server-errors.ts';
import { useSaveWeek } from '../api/clinic-portal.api.ts';

type Interval = { weekday: number; start_time: string; end_time: string };
type Values = { clinician_id: string; hours: Interval[] };
const validate = schemaResolver(weeklyHoursRequest, { sync: true });

/**
 * One clinician's week: each day's working intervals (a gap between two is a break), saved as a whole week.
 * Wall-clock times in the clinic's zone.
 */
export function HoursEditor({ clinician, timeZone }: { clinician: ScheduleClinicianDto; timeZone: string | null }) {
  const form = useForm<Values>({
    initialValues: { clinician_id: clinician.id, hours: clinician.hours.map((h) => ({ ...h })) },
    validate,
  });
  const save = useSaveWeek();
  const [failure, setFailure] = useState<string | null>(null);
  const indexed = form.values.hours.map((h, index) => ({ ...h, index }));

  const submit = (values: Values) => {
    setFailure(null);
    save.mutate(values, {
      onSuccess: () => {
        toast.success(CLINIC_MSG.scheduleSaved);
        form.resetDirty();
      },
      onError: (error) => {
        setFailure(
          fieldErrorsOf(error).hours ?? failureMessage(error, 'The hours could not be saved. Please try again.'),
        );
      },
    });
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={`Weekly hours of ${clinician.name}`}>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <div>
            <Title order={3} fz="md">
              {clinician.name}
            </Title>
            <Text size="sm" c="var(--kindred-muted)">
              {clinician.title} · weekly hours{timeZone ? ` in ${timeZone}` : ''}. Add several intervals to a day to
              leave a break; an end before the start runs past midnight (next day).
            </Text>
          </div>
          {failure && (
            <Alert color="red" variant="light" title="Not saved" role="alert">
              {failure}
            </Alert>
          )}
          {WEEKDAY_LABELS.map((day, d) => {
            const weekday = d + 1;
            const rows = indexed.filter((h) => h.weekday === weekday);
            return (
              <Group key={day} align="flex-start" gap="md" wrap="wrap">
                <Text fw={600} w={110} pt={6}>
                  {day}
                </Text>
                <Stack gap="xs" style={{ flex: 1 }}>
                  {rows.length === 0 && (
                    <Text size="sm" c="var(--kindred-muted)" pt={6}>
                      Closed
                    </Text>
                  )}
                  {rows.map((h, n) => (
                    <Group key={h.index} gap="xs" align="flex-start">
                      <TextInput
                        type="time"
                        aria-label={`${day} interval ${n + 1} start`}
                        {...form.getInputProps(`hours.${h.index}.start_time`)}
                      />
                      <Text pt={6}>to</Text>
                      <TextInput
                        type="time"
                        aria-label={`${day} interval ${n + 1} end`}
                        description={h.end_time && h.start_time && h.end_time < h.start_time ? 'Next day' : undefined}
                        {...form.getInputProps(`hours.${h.index}.end_time`)}
                      />
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        mt={2}
                        aria-label={`Remove ${day} interval ${n + 1}`}
                        onClick={() => form.removeListItem('hours', h.index)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Group>
                  ))}
                </Stack>
                <Button
                  variant="subtle"
                  size="xs"
                  mt={4}
                  leftSection={<IconPlus size={14} />}
                  aria-label={`Add hours on ${day}`}
                  onClick={() => form.insertListItem('hours', { weekday, start_time: '09:00', end_time: '17:00' })}
                >
                  Add hours
                </Button>
              </Group>
            );
          })}
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save hours of {clinician.name}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
