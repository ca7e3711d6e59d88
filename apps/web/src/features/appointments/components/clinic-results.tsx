import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import type { ClinicSummaryDto, SlotDto } from '@kindred/shared/appointments.schemas';
import { milesText, useUnitSystem } from '../../../lib/units.ts';
import { formatSlot } from '../../../lib/zoned-time.ts';
import { ClinicStars } from './clinic-stars.tsx';

/** The demo clinics carry '(fictional)' in their names already; the label is added only when missing. */
export const FICTIONAL_IN_NAME = /\(fictional\)/i;

type Props = {
  clinics: ClinicSummaryDto[] | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  onBook: (clinic: ClinicSummaryDto, slot?: SlotDto) => void;
};

/** The search results: each clinic with its next free times in the parent's zone; loading, empty and error states. */
export function ClinicResults({ clinics, loading, error, onRetry, onBook }: Props) {
  if (error) {
    return (
      <Alert color="red" variant="light" title="We could not search for clinics">
        Please check your connection and try again.
        <div>
          <Button size="xs" mt="sm" variant="white" color="red" onClick={onRetry}>
            Try again
          </Button>
        </div>
      </Alert>
    );
  }
  if (loading && !clinics) {
    return (
      <Stack gap="sm" role="status" aria-busy="true" aria-label="Searching for clinics">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={120} radius="lg" />
        ))}
      </Stack>
    );
  }
  if (!clinics || clinics.length === 0) {
    return (
      <Paper withBorder radius="lg" p="xl">
        <Text ta="center" c="var(--kindred-muted)">
          No clinics found for this search. Try another category or date, or clear the location.
        </Text>
      </Paper>
    );
  }
  return (
    <Stack gap="md" aria-busy={loading} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Clinics">
      {clinics.map((c) => (
        <li key={c.reference_id}>
          <ClinicCard clinic={c} onBook={onBook} />
        </li>
      ))}
    </Stack>
  );
}

function ClinicCard({ clinic: c, onBook }: { clinic: ClinicSummaryDto; onBook: Props['onBook'] }) {
  const titleId = `clinic-${c.reference_id}`;
  const units = useUnitSystem();
  return (
    <Paper component="article" withBorder radius="lg" p="lg" aria-labelledby={titleId} data-testid="clinic-card">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2}>
            <Group gap="xs">
              <Title order={3} size="h4" id={titleId}>
                {c.name}
              </Title>
              {c.is_fictional && !FICTIONAL_IN_NAME.test(c.name) && (
                <Text span size="sm" c="var(--kindred-muted)">
                  (fictional)
                </Text>
              )}
            </Group>
            <Group gap={4} wrap="nowrap">
              <IconMapPin size={14} aria-hidden />
              <Text size="sm">
                {c.address}
                {c.distance_miles !== null && ` · ${milesText(c.distance_miles, units)}`}
              </Text>
            </Group>
          </Stack>
          <ClinicStars rating={c.rating} clinicName={c.name} />
        </Group>
        {c.specialties.length > 0 && (
          <Group gap={6}>
            {c.specialties.map((s) => (
              <Badge key={s} variant="light" color="teal" tt="none">
                {s}
              </Badge>
            ))}
          </Group>
        )}
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            Next free times
          </Text>
          {c.next_slots.length === 0 ? (
            <Text size="sm" c="var(--kindred-muted)">
              No free times in this period.
            </Text>
          ) : (
            <Group gap={6}>
              {c.next_slots.map((s) => (
                <Button
                  key={`${s.clinician_id}-${s.starts_at}`}
                  size="xs"
                  variant="light"
                  onClick={() => onBook(c, s)}
                  aria-label={`Book ${c.name} at ${formatSlot(s.starts_at)}`}
                >
                  {formatSlot(s.starts_at)}
                </Button>
              ))}
            </Group>
          )}
        </Stack>
        <Group justify="flex-end">
          <Button onClick={() => onBook(c)} aria-label={`Book an appointment at ${c.name}`}>
            Book An Appointment
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
