import { Alert, Anchor, Button, Center, Loader, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { FAMILY_COMPARE_MAX } from '@kindred/shared/family.schemas';
import { MATCH_CATEGORIES } from '@kindred/shared/vocabulary';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-error.ts';
import { CATEGORY_LABELS, DISCLOSURE_LABELS } from '../../../lib/match-display.ts';
import { paths } from '../../../lib/paths.ts';
import { useUnitSystem } from '../../../lib/units.ts';
import { donorFacts } from '../../matches/components/donor-facts.tsx';
import { ScoreBadge } from '../../matches/components/score-badge.tsx';
import { useFamilyCompare } from '../api/family.api.ts';
import { useFamilyUpdates } from '../hooks/use-family-updates.ts';
import { scoredWithText } from './family-shortlist-view.tsx';
import { DonorNotes } from './donor-notes.tsx';
import { AgreementBadge, RATING_LABELS } from './rating-control.tsx';
import { CompareEstimateRow } from '../../price/components/compare-estimate-row.tsx';

/**
 * /family/compare?ids=A,B,C,D: up to four donors from the shared shortlist side by side, both partners' ratings
 * and the notes each may read on top, then the scores (against the set the family views) and every profile fact.
 */
export function FamilyCompareView({ referenceIds, setId }: { referenceIds: string[]; setId?: string }) {
  const ids = referenceIds.slice(0, FAMILY_COMPARE_MAX);
  const compare = useFamilyCompare(ids, setId);
  useFamilyUpdates(compare.isSuccess);
  const units = useUnitSystem();
  const back = (
    <Anchor component={Link} to={paths.familyShortlist} size="sm">
      ← Back to your shared shortlist
    </Anchor>
  );
  if (ids.length === 0)
    return (
      <Paper withBorder p="xl" radius="lg">
        <Text>Choose up to four donors on your shared shortlist to compare them.</Text>
        {back}
      </Paper>
    );
  if (compare.isPending)
    return (
      <Center py="xl" role="status" aria-label="Loading donors">
        <Loader size={40} />
      </Center>
    );
  if (compare.isError)
    return (
      <Stack>
        {back}
        <Alert color="red" variant="light" title="Could not compare these donors">
          <Text size="sm">{errorMessage(compare.error, 'Please try again.')}</Text>
          <Button size="xs" variant="default" mt="xs" onClick={() => void compare.refetch()}>
            Try again
          </Button>
        </Alert>
      </Stack>
    );
  const { donors, partner_name: partner, scored_with } = compare.data;
  const facts = donors.map((d) => donorFacts(d.donor, units));
  const cell = (key: string, children: React.ReactNode) => <Table.Td key={key}>{children}</Table.Td>;
  return (
    <Stack gap="md">
      {back}
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        Compare donors together
      </Title>
      <Text fw={600}>{scoredWithText(scored_with)}</Text>
      <ScrollArea type="auto">
        <Table withTableBorder withColumnBorders miw={640} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Donor</Table.Th>
              {donors.map((d) => (
                <Table.Th scope="col" key={d.donor_reference_id}>
                  {d.donor_reference_id}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row">Together</Table.Th>
              {donors.map((d) =>
                cell(d.donor_reference_id, <AgreementBadge agreement={d.ratings.agreement} partner={partner} />),
              )}
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Your rating</Table.Th>
              {donors.map((d) =>
                cell(d.donor_reference_id, d.ratings.mine ? RATING_LABELS[d.ratings.mine] : 'Not rated'),
              )}
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{partner}&apos;s rating</Table.Th>
              {donors.map((d) =>
                cell(d.donor_reference_id, d.ratings.partner ? RATING_LABELS[d.ratings.partner] : 'Not rated'),
              )}
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Notes</Table.Th>
              {donors.map((d) =>
                cell(
                  d.donor_reference_id,
                  d.notes.length ? <DonorNotes item={d} partner={partner} readOnly /> : <Text size="sm">None</Text>,
                ),
              )}
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Overall match</Table.Th>
              {donors.map((d) =>
                cell(
                  d.donor_reference_id,
                  d.match ? <ScoreBadge score={d.match.overall_match_percentage} /> : 'Not scored',
                ),
              )}
            </Table.Tr>
            {MATCH_CATEGORIES.map((c) => (
              <Table.Tr key={c}>
                <Table.Th scope="row">{CATEGORY_LABELS[c]}</Table.Th>
                {donors.map((d) =>
                  cell(d.donor_reference_id, d.match ? `${Math.round(d.match.category_scores[c])}%` : '—'),
                )}
              </Table.Tr>
            ))}
            <CompareEstimateRow donors={donors} />
            <Table.Tr>
              <Table.Th scope="row">Disclosure</Table.Th>
              {donors.map((d) => cell(d.donor_reference_id, DISCLOSURE_LABELS[d.donor.disclosure]))}
            </Table.Tr>
            {facts[0]?.map((row, i) => (
              <Table.Tr key={row.label}>
                <Table.Th scope="row">{row.label}</Table.Th>
                {facts.map((f, j) => cell(donors[j]!.donor_reference_id, f[i]?.value ?? '—'))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Stack>
  );
}
