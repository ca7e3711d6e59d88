import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageContainer } from '../components/ui/page-container.tsx';
import { paths } from '../lib/paths.ts';

/** Any path the app does not know. */
export function NotFoundPage() {
  return (
    <PageContainer size="sm">
      <Stack align="center" ta="center" gap="md" py={48}>
        <Text fw={700} c="plum.7" size="xl" aria-hidden>
          404
        </Text>
        <Title order={1}>Page not found</Title>
        <Text c="dimmed" maw={440}>
          The page you are looking for does not exist or has moved.
        </Text>
        <Group>
          <Button component={Link} to={paths.home}>
            Go to home
          </Button>
        </Group>
      </Stack>
    </PageContainer>
  );
}
