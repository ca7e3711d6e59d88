import { Badge, Table, Text } from '@mantine/core';
import {
  formatOneIn,
  GENE_INFO,
  GENETICS_ESTIMATE_NOTE,
  GENETICS_SENTENCES,
  type PairingReportEntry,
  type PairingSide,
} from '@kindred/shared/genetics';
import {
  FOLDED_OUTCOMES,
  OUTCOME_LABEL,
  SIDE_STATUS_LABEL,
  VARIANT_CLASS_LABEL,
} from '@kindred/shared/genetics-labels';

const OUTCOME_COLOR: Record<PairingReportEntry['outcome'], string> = {
  at_risk: 'red',
  donor_finding: 'orange',
  parent_finding: 'orange',
  reduced_risk: 'yellow',
  untested_donor: 'gray',
  untested_parent: 'gray',
  untested_both: 'gray',
  low_risk: 'teal',
  not_applicable_x_linked_sperm: 'blue',
};

/** One side's cell: its status and, for a carrier, the variant where it changes the pairing. */
function side(s: PairingSide): string {
  const status = SIDE_STATUS_LABEL[s.status];
  if (s.status !== 'carrier') return s.smn1_copies !== undefined ? `${status} (${s.smn1_copies} SMN1 copies)` : status;
  if (s.variant_class && s.variant_class !== 'pathogenic') return `${status}: ${VARIANT_CLASS_LABEL[s.variant_class]}`;
  if (s.fmr1_category) return `${status}: FMR1 ${s.fmr1_category.replace('_', ' ')}`;
  return status;
}

const sentence = (e: PairingReportEntry) =>
  GENETICS_SENTENCES[e.sentence]
    .replaceAll('{gene}', GENE_INFO[e.gene].label)
    .replaceAll('{condition}', GENE_INFO[e.gene].condition.toLowerCase());

function Rows({ entries }: { entries: readonly PairingReportEntry[] }) {
  return (
    <Table.Tbody>
      {entries.map((e) => (
        <Table.Tr key={e.gene} data-testid={`gene-row-${e.gene}`}>
          <Table.Th scope="row">
            <Text fw={600} size="sm">
              {GENE_INFO[e.gene].label}
            </Text>
            <Text size="xs" c="var(--kindred-muted)">
              {GENE_INFO[e.gene].condition}
            </Text>
          </Table.Th>
          <Table.Td>{side(e.parent)}</Table.Td>
          <Table.Td>{side(e.donor)}</Table.Td>
          <Table.Td>
            <Badge color={OUTCOME_COLOR[e.outcome]} variant="light" c="var(--mantine-color-black)" size="sm" mb={4}>
              {OUTCOME_LABEL[e.outcome]}
            </Badge>
            <Text size="sm">{sentence(e)}</Text>
          </Table.Td>
          <Table.Td>{formatOneIn(e.risk_one_in)}</Table.Td>
        </Table.Tr>
      ))}
    </Table.Tbody>
  );
}

function GeneRowsTable({ entries, caption }: { entries: readonly PairingReportEntry[]; caption: string }) {
  return (
    // Focusable so that keyboard users can scroll it on narrow screens (axe: scrollable-region-focusable).
    <div style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={caption}>
      <Table verticalSpacing="xs" striped miw={640}>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Gene</Table.Th>
            <Table.Th scope="col">You</Table.Th>
            <Table.Th scope="col">Donor</Table.Th>
            <Table.Th scope="col">What it means</Table.Th>
            <Table.Th scope="col">Estimated risk per pregnancy</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Rows entries={entries} />
      </Table>
    </div>
  );
}

/**
 * The per-gene carrier table of the donor page (issue 24): you | donor | what it means | "about 1 in N". At-risk
 * pairs and findings first, then genes untested on either side (unknown, never compatible), then the rest folded
 * away in a disclosure. The report comes ordered from the engine.
 */
export function GeneTable({ report }: { report: readonly PairingReportEntry[] }) {
  const shown = report.filter((e) => !FOLDED_OUTCOMES.has(e.outcome));
  const folded = report.filter((e) => FOLDED_OUTCOMES.has(e.outcome));
  return (
    <div data-testid="gene-table">
      {shown.length > 0 ? (
        <GeneRowsTable entries={shown} caption="Genes that need attention or were not tested on one side" />
      ) : (
        <Text size="sm">No gene needs attention: every gene was tested on both sides.</Text>
      )}
      {folded.length > 0 && (
        <details style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
          <summary style={{ cursor: 'pointer', fontWeight: 600 }}>
            Other genes ({folded.length}): low risk or decided by the egg provider
          </summary>
          <GeneRowsTable entries={folded} caption="Other genes" />
        </details>
      )}
      <Text size="sm" c="var(--kindred-muted)" mt="sm">
        {GENETICS_ESTIMATE_NOTE}
      </Text>
    </div>
  );
}
