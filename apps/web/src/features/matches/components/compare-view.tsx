import { Anchor, Center, Loader, Paper, ScrollArea, Table, Text, Title } from '@mantine/core';
import { MATCH_CATEGORIES } from '@kindred/shared/vocabulary';
import { Link } from 'react-router';
import { donorPath, paths } from '../../../lib/paths.ts';
import { useUnitSystem } from '../../../lib/units.ts';
import { useDonorDetails } from '../api/donor-detail.api.ts';
import { CATEGORY_LABELS, DISCLOSURE_LABELS, MAX_COMPARE } from '../../../lib/match-display.ts';
import { donorFacts } from './donor-facts.tsx';
import { ScoreBadge } from './score-badge.tsx';
import { CompareEstimateRow } from '../../price/components/compare-estimate-row.tsx';

/** Up to three matched donors side by side: scores first, then every profile fact. */
export function CompareView({
  referenceIds,
  fromShortlist = false,
}: {
  referenceIds: string[];
  fromShortlist?: boolean;
}) {
  const back = fromShortlist
    ? { to: paths.donorFavourites, text: 'Back to your shortlist' }
    : { to: paths.donorMatches, text: 'Back to your matches' };
  const ids = referenceIds.slice(0, MAX_COMPARE);
  const results = useDonorDetails(ids);
  const units = useUnitSystem();
  if (results.some((r) => r.isPending)) {
    return (
      <Center py="xl" role="status" aria-label="Loading donors">
        <Loader size={40} />
      </Center>
    );
  }
  const details = results.flatMap((r) => (r.data ? [r.data] : []));
  if (details.length === 0) {
    return (
      <Paper withBorder p="xl" radius="lg">
        <Text>Choose two or three donors on your matches page or your shortlist to compare them.</Text>
        <Anchor component={Link} to={back.to}>
          {back.text}
        </Anchor>
      </Paper>
    );
  }
  const facts = details.map((d) => donorFacts(d.donor, units));
  return (
    <>
      <Anchor component={Link} to={back.to} size="sm">
        ← {back.text}
      </Anchor>
      <Title order={1} fz={{ base: 26, sm: 32 }} my="md">
        Compare donors
      </Title>
      <ScrollArea type="auto">
        <Table withTableBorder withColumnBorders miw={520} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Donor</Table.Th>
              {details.map((d) => (
                <Table.Th scope="col" key={d.donor.reference_id}>
                  <Anchor component={Link} to={donorPath(d.donor.reference_id)}>
                    {d.donor.reference_id}
                  </Anchor>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row">Overall match</Table.Th>
              {details.map((d) => (
                <Table.Td key={d.donor.reference_id}>
                  <ScoreBadge score={d.match.overall_match_percentage} />
                </Table.Td>
              ))}
            </Table.Tr>
            {MATCH_CATEGORIES.map((c) => (
              <Table.Tr key={c}>
                <Table.Th scope="row">{CATEGORY_LABELS[c]}</Table.Th>
                {details.map((d) => (
                  <Table.Td key={d.donor.reference_id}>{Math.round(d.match.category_scores[c])}%</Table.Td>
                ))}
              </Table.Tr>
            ))}
            <CompareEstimateRow donors={details} />
            <Table.Tr>
              <Table.Th scope="row">Disclosure</Table.Th>
              {details.map((d) => (
                <Table.Td key={d.donor.reference_id}>{DISCLOSURE_LABELS[d.donor.disclosure]}</Table.Td>
              ))}
            </Table.Tr>
            {facts[0]!.map((row, i) => (
              <Table.Tr key={row.label}>
                <Table.Th scope="row">{row.label}</Table.Th>
                {facts.map((f, j) => (
                  <Table.Td key={details[j]!.donor.reference_id}>{f[i]?.value ?? '—'}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </>
  );
}
