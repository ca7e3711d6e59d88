import { Alert, Button, Center, Loader, Paper, SimpleGrid, Text } from '@mantine/core';
import { formatDate } from '../../../lib/format.ts';
import { useRevealedDonors } from '../api/revealed-donors.api.ts';
import { EstimatesProvider } from '../../price/components/estimates-context.tsx';
import { MatchCard } from './match-card.tsx';

/**
 * Every donor the parent has unlocked under the current plan, newest first, with the match as last shown: what
 * they paid for stays reachable whatever they search next.
 */
export function UnlockedDonors({
  emptyText = 'You have not unlocked any donors on this plan yet.',
}: {
  emptyText?: string;
}) {
  const revealed = useRevealedDonors();
  if (revealed.isPending) {
    return (
      <Center py="lg" role="status" aria-label="Loading unlocked donors">
        <Loader size={32} />
      </Center>
    );
  }
  if (revealed.isError) {
    return (
      <Alert color="red" variant="light" title="Could not load your unlocked donors">
        <Button size="xs" variant="default" mt="xs" onClick={() => void revealed.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const { donors, estimates } = revealed.data;
  if (donors.length === 0) {
    return (
      <Paper withBorder radius="lg" p="lg">
        <Text c="var(--kindred-muted)">{emptyText}</Text>
      </Paper>
    );
  }
  return (
    <EstimatesProvider pages={[{ estimates }]}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" data-testid="unlocked-donors">
        {donors.map((d) => (
          <MatchCard key={d.donor_reference_id} match={d.match} caption={`Unlocked ${formatDate(d.revealed_at)}`} />
        ))}
      </SimpleGrid>
    </EstimatesProvider>
  );
}
