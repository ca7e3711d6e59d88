import { Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageContainer } from '../components/ui/page-container.tsx';
import { AddOns } from '../features/subscriptions/components/add-ons.tsx';
import { PricingPlans } from '../features/subscriptions/components/pricing-plans.tsx';
import { paths } from '../lib/paths.ts';
import { useHasToken } from '../lib/use-session.ts';

/** /pricing (public; spec sections 2 and 9): static plans, add-ons, refund and cancellation terms. */
export function PricingPage() {
  const signedIn = useHasToken();
  return (
    <PageContainer>
      <Stack gap={40}>
        <Stack gap={6}>
          <Title order={1} fz={{ base: 28, sm: 36 }}>
            Pricing
          </Title>
          <Text c="var(--kindred-muted)" size="lg" maw={640}>
            Simple plans for every stage of your search. Start free, buy a few matches, or subscribe for unlimited
            matching.
          </Text>
        </Stack>

        <section aria-labelledby="pricing-plans-title">
          <Title order={2} size="h3" id="pricing-plans-title" mb="md">
            Plans
          </Title>
          <PricingPlans />
        </section>

        <section aria-labelledby="pricing-addons-title">
          <Title order={2} size="h3" id="pricing-addons-title" mb={6}>
            Add-ons
          </Title>
          <Text c="var(--kindred-muted)" mb="md">
            Extra support you can add to any plan.
          </Text>
          <AddOns />
        </section>

        <Paper
          component="section"
          aria-labelledby="pricing-refunds-title"
          withBorder
          radius="lg"
          p={{ base: 'md', sm: 'lg' }}
        >
          <Title order={2} size="h4" id="pricing-refunds-title" mb="sm">
            Refunds and cancellation
          </Title>
          <List spacing={6} size="sm">
            <List.Item>Starter is refundable within 7 days of purchase if no matches were generated.</List.Item>
            <List.Item>
              Subscriptions can be cancelled anytime; cancelling stops the next renewal, with no retroactive refund.
            </List.Item>
            <List.Item>
              Fees are billed in advance and are non-refundable except as stated above or as required by law.
            </List.Item>
          </List>
        </Paper>

        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 32 }} bg="var(--kindred-teal-soft)">
          <Group justify="space-between" gap="md">
            <Stack gap={4}>
              <Title order={2} size="h3">
                Ready to start your journey?
              </Title>
              <Text c="var(--kindred-ink)">
                {signedIn ? 'Pick a plan and check out in a minute.' : 'Create your free account, then choose a plan.'}
              </Text>
            </Stack>
            {signedIn ? (
              <Button component={Link} to={paths.subscription} size="md">
                Choose a plan
              </Button>
            ) : (
              <Button component={Link} to={paths.register} size="md">
                Create your account
              </Button>
            )}
          </Group>
        </Paper>
      </Stack>
    </PageContainer>
  );
}
