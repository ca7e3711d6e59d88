import { Group, Progress, Stack, Text } from '@mantine/core';
import { MATCH_CATEGORIES, type MatchCategory } from '@kindred/shared/vocabulary';
import { CATEGORY_LABELS } from '../../../lib/match-display.ts';

type Props = { scores: Record<MatchCategory, number>; weights?: Record<MatchCategory, number> };

/** The four category scores, each with a bar (and, in the detail view, the category's weight). */
export function CategoryScores({ scores, weights }: Props) {
  return (
    <Stack gap={8}>
      {MATCH_CATEGORIES.map((c) => (
        <Stack key={c} gap={2}>
          <Group justify="space-between" gap="xs">
            <Text size="sm">{CATEGORY_LABELS[c]}</Text>
            <Text size="sm" fw={700}>
              {Math.round(scores[c])}%
              {weights ? (
                <Text span size="xs" c="var(--kindred-muted)" fw={400}>
                  {' '}
                  · weight {Math.round(weights[c])}%
                </Text>
              ) : null}
            </Text>
          </Group>
          <Progress
            value={scores[c]}
            color="teal"
            size="sm"
            aria-label={`${CATEGORY_LABELS[c]} score ${Math.round(scores[c])}%`}
          />
        </Stack>
      ))}
    </Stack>
  );
}
