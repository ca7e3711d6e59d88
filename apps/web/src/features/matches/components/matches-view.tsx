import { Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { matchesShownFor } from '@kindred/shared/plan-catalogue';
import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'react-hot-toast';
import { Link } from 'react-router';
import { comparePath, paths } from '../../../lib/paths.ts';
import { useFindMatches } from '../api/find-matches.api.ts';
import { useMatchProfileId } from '../api/match-profile.api.ts';
import { useTransactions } from '../api/transactions.api.ts';
import { MAX_COMPARE, planNameOf, toggleCompare } from '../utils/match-display.ts';
import { CounterfactualHints } from './counterfactual-hints.tsx';
import { MatchCard } from './match-card.tsx';
import { UpgradeModal } from './upgrade-modal.tsx';

export const MATCHES_MSG = {
  loadFailed: 'Failed to load donor matches. Please try again.',
  none: 'No donor matches found. Please check your preferences.',
  emptyTitle: 'No matches found',
  emptyHint: 'Try adjusting your preferences or contact support for assistance.',
} as const;

/**
 * /donor-matches (spec sections 2, 4 and 8): loads once the parent's plan (from transactions) and a preference
 * profile id are known; the plan decides how many cards show; without an active subscription the upgrade dialog
 * opens.
 */
export function MatchesView() {
  const transactions = useTransactions();
  const profile = useMatchProfileId();
  const planName = planNameOf(transactions.data?.data);
  const matches = useFindMatches(profile.data ?? null, planName !== null);
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const [compare, setCompare] = useState<string[]>([]);
  const toasted = useRef<unknown>(null);

  const noPlan = transactions.isSuccess && planName === null;
  const noProfile = profile.isSuccess && profile.data === null;
  const first = matches.data?.pages[0];
  const unsubscribed = first !== undefined && first.subscription === false;

  useEffect(() => {
    if (noPlan || unsubscribed) setUpgradeOpen(true);
  }, [noPlan, unsubscribed]);

  useEffect(() => {
    const failed = matches.isError || transactions.isError || profile.isError || (first && first.success !== true);
    const key = matches.error ?? transactions.error ?? profile.error ?? first;
    if (failed && toasted.current !== key) {
      toasted.current = key;
      toast.error(MATCHES_MSG.loadFailed);
    } else if (first?.success && first.subscription && first.matches.length === 0 && toasted.current !== first) {
      toasted.current = first;
      toast(MATCHES_MSG.none);
    }
  }, [matches.isError, matches.error, first, transactions.isError, transactions.error, profile.isError, profile.error]);

  const limit = matchesShownFor(first?.plan_name ?? planName);
  const shown = useMemo(() => {
    const list = first?.success === true ? (matches.data?.pages ?? []).flatMap((p) => p.matches) : [];
    return limit === null ? list : list.slice(0, limit);
  }, [first, matches.data, limit]);
  // The plan's count: every donor that passes for unlimited plans (shown 50 at a time), else the cards shown.
  const total = first?.success && first.subscription && limit === null ? first.total_matches : shown.length;

  const loading = transactions.isPending || profile.isPending || (matches.isFetching && !matches.data);
  const failed = matches.isError || transactions.isError || profile.isError;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz={{ base: 28, sm: 36 }}>
          Your Donor Matches
        </Title>
        <Button component={Link} to={profile.data ? `${paths.profileSteps}?edit=${encodeURIComponent(profile.data)}` : paths.profileSteps} variant="default">
          Edit preferences
        </Button>
      </Group>
      {loading ? (
        <Center py="xl" role="status" aria-label="Loading donor matches">
          <Loader size={40} />
        </Center>
      ) : (
        <>
          <Stack gap={2}>
            <Text fw={700} size="lg" data-testid="total-matches">
              Total Matches: {total}
            </Text>
            {first?.success && first.subscription && limit !== null && first.total_matches > shown.length && (
              <Text size="sm" c="var(--kindred-muted)">
                {first.total_matches} donors meet your preferences; your plan shows the top {shown.length}.
              </Text>
            )}
          </Stack>
          {first?.counterfactuals && <CounterfactualHints hints={first.counterfactuals} />}
          {compare.length > 0 && (
            <Paper withBorder radius="md" p="sm">
              <Group justify="space-between">
                <Text size="sm">
                  {compare.length} of {MAX_COMPARE} donors selected to compare
                </Text>
                <Button component={Link} to={comparePath(compare)} size="sm" color="teal" disabled={compare.length < 2}>
                  Compare side by side
                </Button>
              </Group>
            </Paper>
          )}
          {shown.length === 0 ? (
            <Paper withBorder radius="lg" p="xl" ta="center">
              <Title order={2} size="h3">
                {MATCHES_MSG.emptyTitle}
              </Title>
              <Text mt="xs" c="var(--kindred-muted)">
                {MATCHES_MSG.emptyHint}
              </Text>
              {(noProfile || failed) && (
                <Button component={Link} to={paths.profileSteps} mt="md" color="teal">
                  Set your preferences
                </Button>
              )}
            </Paper>
          ) : (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              {shown.map((m, i) => (
                <MatchCard key={m.donor_reference_id} match={m} rank={i + 1} comparing={compare.includes(m.donor_reference_id)}
                  compareDisabled={compare.length >= MAX_COMPARE} onCompare={() => setCompare((c) => toggleCompare(c, m.donor_reference_id))} />
              ))}
            </SimpleGrid>
          )}
          {matches.hasNextPage && (
            <Center>
              <Button variant="default" onClick={() => void matches.fetchNextPage()} loading={matches.isFetchingNextPage}>
                Show more matches ({shown.length} of {total})
              </Button>
            </Center>
          )}
        </>
      )}
      <UpgradeModal opened={upgradeOpen} onClose={() => setUpgradeOpen(false)} />
    </Stack>
  );
}
