import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Title and one calm line of guidance at the top of each auth form. */
export function FormHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap={6} mb="xl">
      <Title order={1} fz={{ base: 26, sm: 30 }} c="var(--kindred-ink)">
        {title}
      </Title>
      {children && (
        <Text c="var(--kindred-muted)" size="md">
          {children}
        </Text>
      )}
    </Stack>
  );
}
