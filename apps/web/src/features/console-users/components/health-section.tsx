import { Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { RevealHealthResponse } from '@kindred/shared/console-users.schemas';
import { formatDateTime } from '../../../lib/format.ts';
import { useRevealHealth } from '../api/console-users.api.ts';
import { ReasonDialog } from './reason-dialog.tsx';

const answerText = (v: unknown): string =>
  Array.isArray(v) ? v.map(answerText).join(', ') : v === null || v === undefined ? '—' : String(v);

/**
 * Health data (preferences, carrier conditions) is masked: only how many sets there are. An admin reveals it for a
 * reason, which the API logs (`health.reveal`); the answers stay in this component's memory, never in a cache.
 */
export function HealthSection({ userId, sets, canReveal }: { userId: string; sets: number; canReveal: boolean }) {
  const reveal = useRevealHealth(userId);
  const [open, setOpen] = useState(false);
  const [revealed, setRevealed] = useState<RevealHealthResponse | null>(null);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label="Health data">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Health data
        </Title>
        {!revealed && (
          <Text>
            {sets} {sets === 1 ? 'preference set' : 'preference sets'} (health data hidden)
          </Text>
        )}
        {!revealed && canReveal && sets > 0 && (
          <div>
            <Button variant="light" onClick={() => setOpen(true)}>
              Reveal
            </Button>
          </div>
        )}
        {revealed?.preference_sets.map((s) => (
          <Stack key={s.id} gap={4}>
            <Title order={3} fz="md">
              {s.donor_type_preference} donor preferences{s.location ? `, ${s.location}` : ''} (updated{' '}
              {formatDateTime(s.updated_at)})
            </Title>
            <Table striped aria-label={`Answers: ${s.donor_type_preference} donor preferences`}>
              <Table.Tbody>
                {Object.entries(s.answers).map(([k, v]) => (
                  <Table.Tr key={k}>
                    <Table.Th w={300}>{k}</Table.Th>
                    <Table.Td>{answerText(v)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        ))}
      </Stack>
      <ReasonDialog
        opened={open}
        onClose={() => setOpen(false)}
        title="Reveal health data"
        description="Preferences and carrier conditions are health data. Revealing them is logged with your reason."
        confirmLabel="Reveal"
        pending={reveal.isPending}
        onConfirm={async (reason) => setRevealed(await reveal.mutateAsync(reason))}
      />
    </Paper>
  );
}
