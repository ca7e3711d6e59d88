import { Button, Group, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { APPOINTMENT_MSG } from '@kindred/shared/appointments.schemas';
import { ApiError } from '../../../lib/api-error.ts';
import { useJoinWaitlist } from '../api/appointments.api.ts';
import { parseDayMonthYear } from '../lib/search-params.ts';
import { todayIn } from '../../../lib/zoned-time.ts';

/**
 * "Is the day you want full?": a signed-in parent joins the clinic's waitlist for a day and is mailed an offer if a
 * time opens up that day (ADR 021, Waitlist). The day is the clinic's calendar day.
 */
export function WaitlistJoin({
  clinic,
  clinicName,
  visitTypeId,
}: {
  clinic: string;
  clinicName: string;
  visitTypeId?: string;
}) {
  const [day, setDay] = useState<string | null>(null);
  const [joined, setJoined] = useState<string | null>(null);
  const join = useJoinWaitlist(clinic);
  const submit = () => {
    if (!day) return;
    join.mutate(
      { on_date: day, visit_type_id: visitTypeId },
      {
        onSuccess: (res) => setJoined(res.message || APPOINTMENT_MSG.waitlisted),
        onError: (error) =>
          toast.error(
            (error instanceof ApiError && error.serverMessage) || 'Could not join the waitlist. Please try again.',
          ),
      },
    );
  };
  return (
    <Stack gap={6} component="section" aria-label="Waitlist">
      <Text size="sm" fw={600}>
        Is the day you want full?
      </Text>
      {joined ? (
        <Text size="sm" role="status">
          {joined}
        </Text>
      ) : (
        <Group align="flex-end" gap="sm" wrap="wrap">
          <DateInput
            label={`Day at ${clinicName}`}
            description="We email you if a time opens up that day."
            placeholder="dd/mm/yyyy"
            valueFormat="DD/MM/YYYY"
            dateParser={parseDayMonthYear}
            minDate={todayIn()}
            value={day}
            onChange={setDay}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear the waitlist day' }}
          />
          <Button variant="light" onClick={submit} disabled={!day} loading={join.isPending}>
            Join the waitlist
          </Button>
        </Group>
      )}
    </Stack>
  );
}
