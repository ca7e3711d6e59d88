import { Table } from '@mantine/core';
import type { PublicDonor } from '@kindred/shared/matching.schemas';
import { heightText, useUnitSystem, weightText, type UnitSystem } from '../../../lib/units.ts';
import { attributeLabel } from '../../../lib/match-display.ts';

const text = (v: string | null | undefined) => (v ? attributeLabel(v) : '—');

/**
 * The non-identifying facts of a donor as label / value rows, height and weight in the parent's units; shared by
 * the detail and compare views.
 */
export function donorFacts(d: PublicDonor, units: UnitSystem): { label: string; value: string }[] {
  const rows = [
    { label: 'Age', value: `${d.age}` },
    { label: 'Height', value: heightText(d.height_in, units) },
    { label: 'Weight', value: weightText(d.weight_lb, units) },
    { label: 'Race', value: text(d.race) },
    { label: 'Ethnicity', value: text(d.ethnicity) },
    { label: 'Hair colour', value: text(d.hair_color) },
    { label: 'Eye colour', value: text(d.eye_color) },
    { label: 'Blood group', value: d.blood_group ?? '—' },
    { label: 'Education', value: text(d.education) },
    { label: 'Occupation', value: d.occupation || '—' },
    { label: 'Religion', value: text(d.religion) },
    { label: 'Languages', value: d.languages.join(', ') || '—' },
    { label: 'Smoking', value: text(d.smoking) },
    { label: 'Recreational drugs', value: text(d.recreational_drugs) },
    { label: 'Alcohol', value: text(d.alcohol) },
    { label: 'Exercise', value: text(d.exercise) },
    { label: 'Location', value: d.location ? `${d.location.city}, ${d.location.state}, ${d.location.country}` : '—' },
    { label: 'Chronic conditions', value: d.chronic_conditions.map(attributeLabel).join(', ') || 'None reported' },
    { label: 'Availability', value: text(d.availability) },
  ];
  if (d.surrogate) {
    rows.push(
      { label: 'Previous full-term pregnancies', value: String(d.surrogate.previous_full_term_pregnancies) },
      { label: 'Pregnancy complications', value: d.surrogate.pregnancy_complications ? 'Yes' : 'No' },
      {
        label: 'Own health insurance covers pregnancy',
        value: d.surrogate.health_insurance_covers_pregnancy ? 'Yes' : 'No',
      },
    );
  }
  return rows;
}

export function DonorFactsTable({ donor }: { donor: PublicDonor }) {
  const units = useUnitSystem();
  return (
    <Table withTableBorder verticalSpacing={6} layout="fixed">
      <Table.Tbody>
        {donorFacts(donor, units).map((r) => (
          <Table.Tr key={r.label}>
            <Table.Th scope="row" w="45%">
              {r.label}
            </Table.Th>
            <Table.Td>{r.value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
