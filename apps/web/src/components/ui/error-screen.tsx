import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMoodSad } from '@tabler/icons-react';
import { MSG } from '@kindred/shared';

/** The screen for unhandled interface errors (spec section 2): 'Something went wrong' and a Refresh Page button. */
export function ErrorScreen() {
  return (
    <Center component="main" mih="100vh" p="md" bg="var(--kindred-page-bg)">
      <Paper role="alert" withBorder shadow="sm" radius="lg" p="xl" maw={440} w="100%">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color="plum" aria-hidden>
            <IconMoodSad size={30} />
          </ThemeIcon>
          <Title order={1} size="h2">
            {MSG.somethingWentWrong}
          </Title>
          <Text c="dimmed">An unexpected problem stopped this page. Refreshing usually fixes it.</Text>
          <Button size="md" onClick={() => window.location.reload()}>
            Refresh Page
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
