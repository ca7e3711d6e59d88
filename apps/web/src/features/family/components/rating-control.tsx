import { Group, Radio, Text } from '@mantine/core';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import type { StatusColor } from '../../../lib/status-colors.ts';
import { RATINGS, type Agreement, type FamilyItem, type Rating } from '@kindred/shared/family.schemas';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { errorMessage } from '../../../lib/api-error.ts';
import { useRate } from '../api/family.api.ts';

export const RATING_LABELS: Record<Rating, string> = { yes: 'Yes', maybe: 'Maybe', no: 'No' };
const AGREEMENT: Record<Agreement, { color: StatusColor; text: (partner: string) => string }> = {
  both_yes: { color: 'green', text: () => 'You both said Yes' },
  agree: { color: 'green', text: () => 'You agree' },
  pending: { color: 'gray', text: (p) => `Waiting for a rating from you or ${p}` },
  disagree: { color: 'orange', text: () => 'You disagree' },
};

export function AgreementBadge({ agreement, partner }: { agreement: Agreement; partner: string }) {
  const a = AGREEMENT[agreement];
  return (
    <span data-testid="agreement">
      <StatusBadge color={a.color} status={a.text(partner)} />
    </span>
  );
}

/** Your Yes / Maybe / No (a radio group; choosing again changes it) and the partner's rating beside it. */
export function RatingControl({ item, partner }: { item: FamilyItem; partner: string }) {
  const rate = useRate();
  const ref = item.donor_reference_id;
  // Shown at once; the answer (and the shortlist read again) confirms it, a failure puts the saved one back.
  const [picked, setPicked] = useState<Rating | null>(null);
  const value = picked ?? item.ratings.mine;
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
      <Radio.Group
        label={`Your rating of donor ${ref}`}
        value={value ?? ''}
        onChange={(v) => {
          setPicked(v as Rating);
          rate.mutate(
            { referenceId: ref, rating: v as Rating },
            {
              onSettled: () => setPicked(null),
              onError: (e) => toast.error(errorMessage(e, 'Your rating was not saved. Please try again.')),
            },
          );
        }}
      >
        <Group gap="md" mt={4}>
          {RATINGS.map((r) => (
            <Radio key={r} value={r} label={RATING_LABELS[r]} />
          ))}
        </Group>
      </Radio.Group>
      <Text size="sm" data-testid="partner-rating">
        {partner}: <strong>{item.ratings.partner ? RATING_LABELS[item.ratings.partner] : 'not rated yet'}</strong>
      </Text>
    </Group>
  );
}
