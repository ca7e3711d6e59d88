import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageContainer } from '../components/ui/page-container.tsx';
import { paths } from '../lib/paths.ts';

type Props = { title: string; description?: string };

/** Stands in for pages that later issues build, so every link of the shell leads somewhere sensible. */
export function PlaceholderPage({ title, description }: Props) {
  return (
    <PageContainer size="md">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} shadow="xs">
        <Stack align="flex-start" gap="md">
          <ThemeIcon size={48} radius="xl" variant="light" color="plum" aria-hidden>
            <IconSparkles size={26} />
          </ThemeIcon>
          <Title order={1}>{title}</Title>
          <Text c="dimmed" size="lg" maw={560}>
            {description ?? 'This page is on its way. In the meantime, your profile and account are ready to use.'}
          </Text>
          <Group>
            <Button component={Link} to={paths.home} variant="light">
              Back to home
            </Button>
          </Group>
        </Stack>
      </Paper>
    </PageContainer>
  );
}
