import { Paper, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton, Group } from '@mantine/core';
import { IconAdjustmentsHeart, IconArrowRight, IconHeartHandshake, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageContainer } from '../components/ui/page-container.tsx';
import { useProfile } from '../features/profile/api/profile.api.ts';
import { paths } from '../lib/paths.ts';

const CARDS = [
  {
    title: 'Your profile',
    text: 'Personal details, appointments and payments.',
    to: paths.profile,
    Icon: IconUserCircle,
    color: 'teal',
  },
  {
    title: 'Preferences',
    text: 'Tell us what matters in a donor match.',
    to: paths.profileSteps,
    Icon: IconAdjustmentsHeart,
    color: 'plum',
  },
  {
    title: 'Matches',
    text: 'See donors ranked by compatibility.',
    to: paths.donorMatches,
    Icon: IconHeartHandshake,
    color: 'teal',
  },
];

/** /dashboard: a calm signed-in landing that points to the three places people go next. */
export function DashboardPage() {
  const { data: user } = useProfile();
  return (
    <PageContainer>
      <Stack gap="xl">
        <Stack gap={6}>
          <Title order={1} fz={{ base: 28, sm: 36 }}>
            {user ? `Welcome back, ${user.first_name}` : 'Welcome back'}
          </Title>
          <Text c="var(--kindred-muted)" size="lg">
            Pick up where you left off.
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {CARDS.map(({ title, text, to, Icon, color }) => (
            <UnstyledButton key={to} component={Link} to={to} aria-label={title}>
              <Paper withBorder radius="lg" p="lg" h="100%" shadow="xs">
                <ThemeIcon size={48} radius="xl" variant="light" color={color} aria-hidden>
                  <Icon size={26} />
                </ThemeIcon>
                <Group justify="space-between" mt="md" wrap="nowrap">
                  <Title order={2} size="h4">
                    {title}
                  </Title>
                  <IconArrowRight size={18} aria-hidden />
                </Group>
                <Text c="var(--kindred-muted)" mt={6}>
                  {text}
                </Text>
              </Paper>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </Stack>
    </PageContainer>
  );
}
