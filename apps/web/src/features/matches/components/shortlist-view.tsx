import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { Favourite } from '@kindred/shared/matching.schemas';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { useShortlist, useShortlistEstimates } from '../api/favourites.api.ts';
import { CardEstimate } from '../../price/components/card-estimate.tsx';
import { EstimatesProvider } from '../../price/components/estimates-context.tsx';
import { BookConsultationButton } from '../../appointments/components/book-consultation-button.tsx';
import {
  DISCLOSURE_LABELS,
  DONOR_TYPE_LABELS,
  failedText,
  MAX_COMPARE,
  toggleCompare,
} from '../../../lib/match-display.ts';
import { CompareBar, CompareCheckbox, type CompareToggle } from './compare-bar.tsx';
import { DonorActions } from './donor-actions.tsx';
import { MatchFlags } from './match-flags.tsx';
import { ScoreBadge } from './score-badge.tsx';

/**
 * /donor-matches/favourites: the donors the parent starred, each with its latest score against current preferences,
 * and beside each the next steps: book a consultation with the donor's clinic, or compare up to three side by side.
 */
export function ShortlistView() {
  const shortlist = useShortlist();
  const estimates = useShortlistEstimates().data;
  const estimatePages = useMemo(() => [{ estimates }], [estimates]);
  const [compare, setCompare] = useState<string[]>([]);
  // A donor unstarred here leaves the comparison too.
  const starred = new Set(shortlist.data?.map((f) => f.donor_reference_id));
  const selected = compare.filter((id) => starred.has(id));
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={paths.donorMatches} size="sm">
        ← Back to your matches
      </Anchor>
      <div>
        <Title order={1} fz={{ base: 28, sm: 36 }}>
          Your shortlist
        </Title>
        <Text c="var(--kindred-muted)" mt={4}>
          Donors you starred, scored against your current preferences.
        </Text>
      </div>
      {shortlist.isPending ? (
        <Center py="xl" role="status" aria-label="Loading your shortlist">
          <Loader size={40} />
        </Center>
      ) : shortlist.isError ? (
        <Alert color="red" variant="light" title="Could not load your shortlist">
          <Text size="sm">Please try again.</Text>
          <Button size="xs" variant="default" mt="xs" onClick={() => void shortlist.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : shortlist.data.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" ta="center">
          <Title order={2} size="h3">
            No donors on your shortlist yet
          </Title>
          <Text mt="xs" c="var(--kindred-muted)">
            Star a donor on your matches page to keep them here.
          </Text>
          <Button component={Link} to={paths.donorMatches} mt="md" color="teal">
            Go to your matches
          </Button>
        </Paper>
      ) : (
        <>
          <CompareBar selected={selected} from="shortlist" />
          <EstimatesProvider pages={estimatePages}>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              {shortlist.data.map((f) => (
                <ShortlistCard
                  key={f.donor_reference_id}
                  favourite={f}
                  compare={{
                    checked: selected.includes(f.donor_reference_id),
                    disabled: selected.length >= MAX_COMPARE,
                    onToggle: () => setCompare(toggleCompare(selected, f.donor_reference_id)),
                  }}
                />
              ))}
            </SimpleGrid>
          </EstimatesProvider>
        </>
      )}
    </Stack>
  );
}

function ShortlistCard({ favourite: f, compare }: { favourite: Favourite; compare: CompareToggle }) {
  const titleId = `shortlist-${f.donor_reference_id}`;
  const failed = failedText(f.failed);
  const m = f.match;
  return (
    <Paper component="article" withBorder radius="lg" p="lg" aria-labelledby={titleId} data-testid="shortlist-card">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Text size="sm" c="var(--kindred-muted)">
              Starred {formatDate(f.created_at)}
            </Text>
            <Title order={2} size="h4" id={titleId}>
              Donor {f.donor_reference_id}
            </Title>
            {m && (
              <Group gap={6}>
                <Badge variant="light" color="teal">
                  {DONOR_TYPE_LABELS[m.donor_type] ?? m.donor_type}
                </Badge>
                <Badge variant="light" color="plum">
                  {DISCLOSURE_LABELS[m.disclosure] ?? m.disclosure}
                </Badge>
              </Group>
            )}
          </Stack>
          {m && <ScoreBadge score={m.overall_match_percentage} />}
        </Group>
        <Text size="sm" c="var(--kindred-muted)">
          {f.scored_with === 'current'
            ? 'Score against your current preferences.'
            : f.scored_with === 'last_seen'
              ? 'Score from when you last saw this donor (you have no current preferences for this donor type).'
              : 'No score is available for this donor.'}
        </Text>
        <CardEstimate referenceId={f.donor_reference_id} />
        {failed && (
          <Text size="sm" fw={600} c="#9a3412" data-testid="no-longer-meets">
            {failed}
          </Text>
        )}
        {m && (
          <MatchFlags
            distanceKm={m.distance_km}
            notTestedFor={m.not_tested_for}
            missed={m.missed}
            missedNotCounted={m.missed_not_counted}
          />
        )}
        <Group justify="space-between">
          <CompareCheckbox referenceId={f.donor_reference_id} compare={compare} />
          <Group gap="xs">
            {m && (
              <BookConsultationButton
                donorReference={f.donor_reference_id}
                clinic={m.clinic_reference_id}
                donorType={m.donor_type}
              />
            )}
            <DonorActions referenceId={f.donor_reference_id} />
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
