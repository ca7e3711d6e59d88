import { Anchor, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { useFamilyBadge } from '../api/family-ledger.api.ts';
import { badgeSummary, countedAcross, UNIT_TEXT } from '../lib/badge-text.ts';
import { ReportFamilyButton } from './report-family-form.tsx';
import { LoadingSkeleton } from '../../../components/ui/loading-skeleton.tsx';

/** A match card's family line: families confirmed and reported on Kindred, against the bank's limit. */
export function FamilyBadgeLine({ referenceId }: { referenceId: string }) {
  const badge = useFamilyBadge(referenceId);
  if (!badge.data) return null;
  return (
    <Group gap={6} data-testid="family-badge-line">
      <Text size="sm" c="var(--kindred-muted)">
        Families: {badgeSummary(badge.data)}
      </Text>
      {badge.data.on_hold && <StatusBadge status="Family limit reached" color="orange" />}
    </Group>
  );
}

/**
 * The donor page's family panel (issue 28): families confirmed and reported on Kindred (across every bank record of
 * the same person), the bank's own count and limit, and the legal limit where the parent's country sets one, each
 * with its source; and the parent's way to report a pregnancy or birth.
 */
export function FamilyBadgePanel({
  referenceId,
  clinicReferenceId,
}: {
  referenceId: string;
  clinicReferenceId?: string;
}) {
  const badge = useFamilyBadge(referenceId);
  const b = badge.data;
  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      component="section"
      aria-labelledby="families-title"
      data-testid="family-badge"
    >
      <Group justify="space-between" align="flex-start" mb="sm">
        <Title order={2} size="h4" id="families-title">
          Families with this donor
        </Title>
        <ReportFamilyButton referenceId={referenceId} clinicReferenceId={clinicReferenceId} />
      </Group>
      {badge.isPending && <LoadingSkeleton h={120} label="Loading the family count" />}
      {badge.isError && <Text size="sm">We could not load the family count. Please try again later.</Text>}
      {b && (
        <Stack gap="sm">
          {b.on_hold && (
            <Text fw={600} c="#9c3b08">
              Family limit reached: this donor is on hold.
            </Text>
          )}
          <Table.ScrollContainer minWidth={320}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Figure</Table.Th>
                  <Table.Th scope="col">Families</Table.Th>
                  <Table.Th scope="col">Source</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th scope="row">Confirmed</Table.Th>
                  <Table.Td data-testid="families-confirmed">{b.confirmed}</Table.Td>
                  <Table.Td>{countedAcross(b)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th scope="row">Reported, not confirmed yet</Table.Th>
                  <Table.Td data-testid="families-reported">{b.reported}</Table.Td>
                  <Table.Td>Reported by parents on Kindred; their clinic has not confirmed yet</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th scope="row">The bank&apos;s own count</Table.Th>
                  <Table.Td>{b.bank.count}</Table.Td>
                  <Table.Td>{b.bank.name}, in its donor data</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th scope="row">The bank&apos;s limit</Table.Th>
                  <Table.Td>{b.bank.limit}</Table.Td>
                  <Table.Td>{b.bank.name}, in its donor data</Table.Td>
                </Table.Tr>
                {b.legal && (
                  <Table.Tr>
                    <Table.Th scope="row">Legal limit in {b.legal.country_name}</Table.Th>
                    <Table.Td>
                      {b.legal.limit} {UNIT_TEXT[b.legal.unit]}
                    </Table.Td>
                    <Table.Td>
                      <Anchor href={b.legal.source_url} target="_blank" rel="noreferrer">
                        {b.legal.source_name}
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="xs" c="var(--kindred-muted)">
            Counts only: no one sees which families used this donor. A bank counts only the families it was told about;
            Kindred counts the families reported here, across banks.
          </Text>
        </Stack>
      )}
    </Paper>
  );
}
