import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { MatchItem } from '@kindred/shared/matching.schemas';
import { DISCLOSURE_LABELS, DONOR_TYPE_LABELS, explanationExcerpt, factorLabel } from '../../../lib/match-display.ts';
import { BookConsultationButton } from '../../appointments/components/book-consultation-button.tsx';
import { CompareCheckbox, type CompareToggle } from './compare-bar.tsx';
import { CategoryScores } from './category-scores.tsx';
import { DonorActions } from './donor-actions.tsx';
import { MatchFlags } from './match-flags.tsx';
import { CardEstimate } from '../../price/components/card-estimate.tsx';
import { ScoreBadge } from './score-badge.tsx';
import { FamilyBadgeLine } from '../../family-ledger/components/family-badge.tsx';
import { measuresIn, useUnitSystem } from '../../../lib/units.ts';

/** `caption` is the small line above the name: the rank ("#3") on results, the unlock date elsewhere. */
type Props = { match: MatchItem; caption: string; compare?: CompareToggle };

/**
 * One donor (spec sections 3 and 4): score band, category scores, explanation, the attributes fully met, and
 * what the parent must not overlook (distance, conditions not tested for, preferences missed).
 */
export function MatchCard({ match, caption, compare }: Props) {
  const titleId = `match-${match.donor_reference_id}`;
  const units = useUnitSystem();
  return (
    <Paper component="article" withBorder radius="lg" p="lg" aria-labelledby={titleId} data-testid="match-card">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Text size="sm" c="var(--kindred-muted)">
              {caption}
            </Text>
            <Title order={2} size="h4" id={titleId}>
              Donor {match.donor_reference_id}
            </Title>
            <Group gap={6}>
              <Badge variant="light" color="teal">
                {DONOR_TYPE_LABELS[match.donor_type] ?? match.donor_type}
              </Badge>
              <Badge variant="light" color="plum">
                {DISCLOSURE_LABELS[match.disclosure] ?? match.disclosure}
              </Badge>
              {match.availability === 'reserved' && (
                <Badge variant="light" color="gray">
                  Reserved
                </Badge>
              )}
            </Group>
          </Stack>
          <ScoreBadge score={match.overall_match_percentage} />
        </Group>
        {match.tie_note && (
          <Text size="sm" c="var(--kindred-muted)" data-testid="tie-note">
            {match.tie_note}.
          </Text>
        )}
        <CategoryScores scores={match.category_scores} />
        <Text size="sm">{explanationExcerpt(measuresIn(match.ai_explanation, units))}</Text>
        {match.matched_attributes_summary.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Matched attributes
            </Text>
            <Group gap={6}>
              {match.matched_attributes_summary.map((a) => (
                <Badge key={a} variant="outline" color="teal" tt="none">
                  {factorLabel(a)}
                </Badge>
              ))}
            </Group>
          </Stack>
        )}
        <CardEstimate referenceId={match.donor_reference_id} />
        <MatchFlags
          distanceKm={match.distance_km}
          notTestedFor={match.not_tested_for}
          missed={match.missed}
          missedNotCounted={match.missed_not_counted}
        />
        <FamilyBadgeLine referenceId={match.donor_reference_id} />
        {match.flagged && (
          <Text size="sm" c="red.9" fw={600}>
            Carrier screening needs attention: see the donor's profile.
          </Text>
        )}
        <Group justify={compare ? 'space-between' : 'flex-end'}>
          {compare && <CompareCheckbox referenceId={match.donor_reference_id} compare={compare} />}
          <Group gap="xs">
            <BookConsultationButton
              donorReference={match.donor_reference_id}
              clinic={match.clinic_reference_id}
              donorType={match.donor_type}
            />
            <DonorActions referenceId={match.donor_reference_id} />
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
