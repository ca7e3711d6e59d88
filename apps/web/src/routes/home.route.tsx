import { Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingHospital, IconHeartHandshake, IconListCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageContainer } from '../components/ui/page-container.tsx';
import { paths } from '../lib/paths.ts';

const STEPS = [
  { title: 'Complete your profile', text: 'Tell us what matters to you, at your own pace.', Icon: IconListCheck },
  { title: 'Get personalised matches', text: 'Donors ranked by compatibility, with reasons.', Icon: IconHeartHandshake },
  { title: 'Connect with clinics', text: 'Take the next step with vetted partners.', Icon: IconBuildingHospital },
];

/** A simple home page until the marketing issue builds the full one. */
export function HomePage() {
  return (
    <PageContainer>
      <Stack gap={48}>
        <Stack gap="lg" maw={680} pt={{ base: 8, sm: 32 }}>
          <Text fw={700} c="plum.7" tt="uppercase" size="sm" style={{ letterSpacing: '0.08em' }}>
            Fertility matching for intended parents
          </Text>
          <Title order={1} fz={{ base: 32, sm: 48 }} lh={1.15}>
            Leveraging AI to help individuals and couples find their perfect match!
          </Title>
          <Text size="lg" c="dimmed">
            Kindred matches you with egg donors, sperm donors and surrogates using what matters most to your family.
          </Text>
          <Group>
            <Button component={Link} to={paths.register} size="md">
              Create Future Parent Profile
            </Button>
            <Button component={Link} to={paths.about} size="md" variant="subtle">
              Learn more
            </Button>
          </Group>
        </Stack>
        <section aria-labelledby="how-it-works">
          <Title order={2} id="how-it-works" mb="lg">
            How it works
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            {STEPS.map(({ title, text, Icon }) => (
              <Paper key={title} withBorder radius="lg" p="lg">
                <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
                  <Icon size={24} />
                </ThemeIcon>
                <Title order={3} size="h4" mt="md">
                  {title}
                </Title>
                <Text c="dimmed" mt={6}>
                  {text}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
        </section>
      </Stack>
    </PageContainer>
  );
}
