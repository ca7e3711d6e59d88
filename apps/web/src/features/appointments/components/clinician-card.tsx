import { Avatar, Group, Stack, Text } from '@mantine/core';
import type { ClinicianDto } from '@kindred/shared/appointments.schemas';

function initials(name: string): string {
  return name
    .replace(/^(dr|mr|ms|mrs)\.?\s+/i, '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/** The clinician the parent will see: photo or initials, name, title, languages. */
export function ClinicianCard({ clinician }: { clinician: ClinicianDto }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={clinician.photo_url} alt="" radius="xl" size={48} color="plum">
        {initials(clinician.name)}
      </Avatar>
      <Stack gap={0}>
        <Text fw={650}>{clinician.name}</Text>
        <Text size="sm">{clinician.title}</Text>
        {clinician.languages.length > 0 && (
          <Text size="xs" c="var(--kindred-muted)">
            Speaks {clinician.languages.join(', ')}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
