import { Alert, Button, Center, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { FindMatchesResponse, MatchItem } from '@kindred/shared/matching.schemas';
import type { HardFilterId } from '@kindred/shared/vocabulary';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { MAX_COMPARE, toggleCompare } from '../../../lib/match-display.ts';
import type { MatchQuery } from '../utils/match-filters.ts';
import { CompareBar } from './compare-bar.tsx';
import { CounterfactualHints } from './counterfactual-hints.tsx';
import { CreditsUsedPanel } from './credits-used-panel.tsx';
import { MatchCard } from './match-card.tsx';
import { MatchFiltersPanel } from './match-filters-panel.tsx';
import { RelaxBanner, type RelaxState } from './relax-banner.tsx';
import { UnlockedDonors } from './unlocked-donors.tsx';

export const MATCHES_MSG = {
  loadFailed: 'Failed to load donor matches. Please try again.',
  none: 'No donor matches found. Please check your preferences.',
  emptyTitle: 'No matches found',
  emptyHint: 'Try adjusting your preferences or contact support for assistance.',
  filteredTitle: 'No donors match these filters',
  filteredHint: 'Clear a filter, or widen one, to see more of your matches.',
} as const;

type Props = {
  /** The first page of the answer (totals, plan, hints), or undefined while loading or after a failure. */
  first: FindMatchesResponse | undefined;
  /** Cards to show: every page loaded, cut to the plan's count. */
  shown: MatchItem[];
  planName: string | null;
  /** The plan's count (Trial 1, Starter 3), null for all. */
  limit: number | null;
  query: MatchQuery;
  onQuery: (query: MatchQuery) => void;
  /** A 400 about the sort or filters (distance without a location): shown beside the controls. */
  queryError: string | null;
  relax: RelaxState | null;
  onRelax: (next: RelaxState | null) => void;
  profileId: string | null;
  /** No preference set yet, or loading failed: the empty state links to the wizard. */
  needsPreferences: boolean;
  more: { hasNext: boolean; loading: boolean; load: () => void };
  /** The cards are the previous sort's or filters' while the new ones load (kept on screen, marked busy). */
  stale?: boolean;
};

/** The "Matches" tab: totals, refine controls, relaxed preview, hints, credits-spent panel and the cards. */
export function MatchResults({
  first,
  shown,
  planName,
  limit,
  query,
  onQuery,
  queryError,
  relax,
  onRelax,
  profileId,
  needsPreferences,
  more,
  stale = false,
}: Props) {
  const [compare, setCompare] = useState<string[]>([]);
  const subscribed = first?.success === true && first.subscription;
  const filtered = Object.keys(query.filters).length > 0;
  const narrowed = subscribed && first.total_matches < first.passing_matches;
  const creditsUsed = subscribed && first.credits_exhausted && first.withheld > 0;
  // The plan's count: every donor that passes for unlimited plans (shown 50 at a time), else the cards shown.
  const total = subscribed && limit === null ? first.total_matches : shown.length;
  const hasLocation = shown.length === 0 || shown.some((m) => m.distance_km !== null);
  const clear = () => onQuery({ sort: query.sort, filters: {} });

  return (
    <Stack gap="lg">
      {(subscribed || queryError) && (
        <MatchFiltersPanel
          query={query}
          hasLocation={hasLocation}
          onApply={(filters) => onQuery({ ...query, filters })}
          onSort={(sort) => onQuery({ ...query, sort })}
          onClear={clear}
        />
      )}
      {queryError && (
        <Alert color="orange" variant="light" title="These results could not be refined">
          {queryError}
        </Alert>
      )}
      {relax && profileId && <RelaxBanner state={relax} profileId={profileId} onChange={onRelax} />}
      {!(creditsUsed && shown.length === 0) && (
        <Stack gap={2}>
          <Text fw={700} size="lg" data-testid="total-matches">
            Total Matches: {total}
          </Text>
          {subscribed && limit === null && narrowed && (
            <Text size="sm" c="var(--kindred-muted)" data-testid="showing-of">
              Showing {first.total_matches} of {first.passing_matches} matches
            </Text>
          )}
          {subscribed && limit !== null && first.total_matches > shown.length && (
            <Text size="sm" c="var(--kindred-muted)">
              {first.total_matches} donors meet your preferences{filtered ? ' and filters' : ''}; your plan shows the
              top {shown.length}.
            </Text>
          )}
        </Stack>
      )}
      {first?.counterfactuals && !relax && (
        <CounterfactualHints
          hints={first.counterfactuals}
          onPreview={(filter: HardFilterId) => onRelax({ phase: 'preview', filter, savedTotal: first.passing_matches })}
        />
      )}
      {creditsUsed && <CreditsUsedPanel planName={first.plan_name ?? planName} totalMatches={first.total_matches} />}
      <CompareBar selected={compare} />
      {shown.length > 0 ? (
        <SimpleGrid
          cols={{ base: 1, md: 2 }}
          spacing="lg"
          aria-busy={stale}
          data-testid="match-list"
          // The order the cards are in once they are the current query's (absent while the previous ones show).
          data-sort={stale ? undefined : query.sort}
        >
          {shown.map((m, i) => (
            <MatchCard
              key={m.donor_reference_id}
              match={m}
              caption={`#${i + 1}`}
              compare={{
                checked: compare.includes(m.donor_reference_id),
                disabled: compare.length >= MAX_COMPARE,
                onToggle: () => setCompare((c) => toggleCompare(c, m.donor_reference_id)),
              }}
            />
          ))}
        </SimpleGrid>
      ) : creditsUsed ? (
        <Stack gap="sm" component="section" aria-labelledby="unlocked-title">
          <Title order={2} size="h3" id="unlocked-title">
            Your unlocked donors
          </Title>
          <UnlockedDonors />
        </Stack>
      ) : subscribed && filtered && first.passing_matches > 0 ? (
        <Paper withBorder radius="lg" p="xl" ta="center">
          <Title order={2} size="h3">
            {MATCHES_MSG.filteredTitle}
          </Title>
          <Text mt="xs" c="var(--kindred-muted)">
            {MATCHES_MSG.filteredHint}
          </Text>
          <Button mt="md" color="teal" onClick={clear}>
            Clear filters
          </Button>
        </Paper>
      ) : (
        <Paper withBorder radius="lg" p="xl" ta="center">
          <Title order={2} size="h3">
            {MATCHES_MSG.emptyTitle}
          </Title>
          <Text mt="xs" c="var(--kindred-muted)">
            {MATCHES_MSG.emptyHint}
          </Text>
          {needsPreferences && (
            <Button component={Link} to={paths.profileSteps} mt="md" color="teal">
              Set your preferences
            </Button>
          )}
        </Paper>
      )}
      {more.hasNext && (
        <Center>
          <Button variant="default" onClick={more.load} loading={more.loading}>
            Show more matches ({shown.length} of {total})
          </Button>
        </Center>
      )}
    </Stack>
  );
}

/** The spinner while the first answer is on its way. */
export function MatchesLoading() {
  return (
    <Center py="xl" role="status" aria-label="Loading donor matches">
      <Loader size={40} />
    </Center>
  );
}
