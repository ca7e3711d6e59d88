import { Anchor, Badge, Center, Grid, Group, Image, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { formatMatchPercent } from '@kindred/shared/format';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-error.ts';
import { paths } from '../../../lib/paths.ts';
import { useDonorDetail } from '../api/donor-detail.api.ts';
import {
  CARRIER_STATUS_TEXT,
  conditionLabel,
  DISCLOSURE_LABELS,
  DONOR_TYPE_LABELS,
  factorLabel,
  failedText,
} from '../../../lib/match-display.ts';
import { BookConsultationButton } from '../../appointments/components/book-consultation-button.tsx';
import { CategoryScores } from './category-scores.tsx';
import { DonorFactsTable } from './donor-facts.tsx';
import { FactorTable } from './factor-table.tsx';
import { DonorCostEstimate } from '../../price/components/donor-cost-estimate.tsx';
import { FavouriteButton } from './favourite-button.tsx';
import { MatchFlags } from './match-flags.tsx';
import { ScoreBadge } from './score-badge.tsx';
import { measuresIn, useUnitSystem } from '../../../lib/units.ts';

import { GeneTable } from './gene-table.tsx';
import { FamilyBadgePanel } from '../../family-ledger/components/family-badge.tsx';
import { DonorUpdatesPanel } from '../../notifications/components/donor-updates-panel.tsx';
/**
 * A matched donor: non-identifying profile, carrier report condition by condition, why they scored as they did,
 * and what each factor added to the score in points.
 */
export function DonorDetailView({ referenceId }: { referenceId: string }) {
  const { data, isPending, error } = useDonorDetail(referenceId);
  const units = useUnitSystem();
  if (isPending) {
    return (
      <Center py="xl" role="status" aria-label="Loading donor">
        <Loader size={40} />
      </Center>
    );
  }
  if (error || !data) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <Paper withBorder radius="lg" p="xl">
        <Title order={1} size="h3">
          {missing ? 'Donor not found' : 'Could not load this donor'}
        </Title>
        <Text mt="xs">{missing ? 'This donor is not among your matches.' : 'Please try again.'}</Text>
        <Anchor component={Link} to={paths.donorMatches} mt="md" display="inline-block">
          Back to your matches
        </Anchor>
      </Paper>
    );
  }
  const { donor, match } = data;
  const failed = failedText(data.failed);
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={paths.donorMatches} size="sm">
        ← Back to your matches
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Group gap="md" wrap="nowrap">
          <Image src={donor.avatar_url} alt="" w={72} h={72} radius="xl" />
          <Stack gap={4}>
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              {donor.display_name ?? `Donor ${donor.reference_id}`}
            </Title>
            <Group gap={6}>
              <Badge variant="light" color="teal">
                {DONOR_TYPE_LABELS[donor.donor_type]}
              </Badge>
              <Badge variant="light" color="plum">
                {DISCLOSURE_LABELS[donor.disclosure]}
              </Badge>
              <Text size="sm" c="var(--kindred-muted)">
                {donor.reference_id} · {donor.bank_name}
              </Text>
            </Group>
            {donor.is_fictional && (
              <Text size="xs" c="var(--kindred-muted)">
                Fictional demo donor
              </Text>
            )}
            <MatchFlags
              distanceKm={match.distance_km}
              notTestedFor={match.not_tested_for}
              missed={match.missed}
              missedNotCounted={match.missed_not_counted}
            />
          </Stack>
        </Group>
        <Group gap="sm">
          <BookConsultationButton
            donorReference={donor.reference_id}
            clinic={donor.clinic_reference_id}
            donorType={donor.donor_type}
          />
          <FavouriteButton referenceId={donor.reference_id} />
          <ScoreBadge score={match.overall_match_percentage} size="lg" />
        </Group>
      </Group>
      <Stack gap={4}>
        <Text size="sm" c="var(--kindred-muted)" data-testid="scored-with">
          {data.scored_with === 'current'
            ? 'Score against your current preferences.'
            : 'Score from when you last saw this donor (you have no current preferences for this donor type).'}
        </Text>
        {failed && (
          <Text size="sm" fw={600} c="#9a3412" data-testid="no-longer-meets">
            {failed}
          </Text>
        )}
      </Stack>
      <DonorUpdatesPanel referenceId={donor.reference_id} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="why-title">
            <Title order={2} size="h4" id="why-title" mb="sm">
              Why this donor scored {formatMatchPercent(match.overall_match_percentage)}
            </Title>
            <CategoryScores scores={match.category_scores} weights={match.category_weights} />
            <Text mt="md">{measuresIn(match.explanation.summary, units)}</Text>
            {match.explanation.sentences.length > 0 && (
              <List mt="sm" spacing={4} size="sm">
                {match.explanation.sentences.map((s, i) => (
                  <List.Item key={i}>
                    {measuresIn(s.text, units)}{' '}
                    <Text span size="xs" c="var(--kindred-muted)">
                      ({factorLabel(s.factor)})
                    </Text>
                  </List.Item>
                ))}
              </List>
            )}
          </Paper>
          <Paper withBorder radius="lg" p="lg" mt="lg" component="section" aria-labelledby="carrier-title">
            <Title order={2} size="h4" id="carrier-title" mb="sm">
              Carrier compatibility
            </Title>
            {match.genetics_report && match.genetics_report.length > 0 ? (
              <GeneTable report={match.genetics_report} />
            ) : match.carrier_report.length === 0 ? (
              <Text size="sm">You listed no carrier conditions, so there is nothing to compare.</Text>
            ) : (
              <Stack gap="xs">
                {match.carrier_report.map((c) => {
                  const s = CARRIER_STATUS_TEXT[c.status];
                  return (
                    <div key={c.condition}>
                      <Group gap="xs">
                        <Text fw={600} size="sm">
                          {conditionLabel(c.condition)}
                        </Text>
                        <Badge color={s.color} variant="filled" size="sm">
                          {s.label}
                        </Badge>
                      </Group>
                      <Text size="sm" c="var(--kindred-muted)">
                        {s.detail}
                      </Text>
                    </div>
                  );
                })}
              </Stack>
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="profile-title">
            <Title order={2} size="h4" id="profile-title" mb="sm">
              Profile
            </Title>
            <DonorFactsTable donor={donor} />
            {donor.personality.length > 0 && (
              <Text mt="md" size="sm">
                <b>Personality:</b> {donor.personality.join(', ')}
              </Text>
            )}
            {donor.interests.length > 0 && (
              <Text mt={4} size="sm">
                <b>Interests:</b> {donor.interests.join(', ')}
              </Text>
            )}
            {donor.essay && (
              <Text mt="md" size="sm" fs="italic">
                {donor.essay}
              </Text>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
      <FamilyBadgePanel referenceId={donor.reference_id} clinicReferenceId={donor.clinic_reference_id} />
      <DonorCostEstimate priceList={data.price_list} donorType={donor.donor_type} />
      {match.factors && match.factors.length > 0 && (
        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="points-title">
          <Title order={2} size="h4" id="points-title" mb={4}>
            How the score adds up
          </Title>
          <Text size="sm" c="var(--kindred-muted)" mb="sm">
            Each factor can add up to its weight in points. Points lost are where this donor falls short of what you
            asked for.
          </Text>
          <FactorTable factors={match.factors} overall={match.overall_match_percentage} />
        </Paper>
      )}
    </Stack>
  );
}
