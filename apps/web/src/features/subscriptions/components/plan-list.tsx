import { Alert, Button, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/api-error.ts';
import { usePlans } from '../api/plans.api.ts';
import { useMySubscription } from '../api/my-subscription.api.ts';
import { useBuyPlan } from '../hooks/use-buy-plan.ts';
import { planCardState } from '../utils/plan-display.ts';
import { PlanCard } from './plan-card.tsx';

const GRID = { base: 1, sm: 2, md: 3 } as const;

/** The plan cards of /subscription with BUY NOW; skeleton cards while loading and a retry on failure. */
export function PlanList() {
  const plans = usePlans();
  const mine = useMySubscription();
  const { buy, pendingPlanId } = useBuyPlan();
  const current = mine.data?.subscription ?? null;

  if (plans.isPending) {
    return (
      <SimpleGrid cols={GRID} spacing="lg" role="status" aria-busy="true" aria-label="Loading plans">
        {[0, 1, 2].map((i) => (
          <Paper key={i} withBorder radius="lg" p="lg">
            <Stack gap="md">
              <Skeleton h={24} w="50%" radius="sm" />
              <Skeleton h={40} w="40%" radius="sm" />
              {[0, 1, 2].map((j) => (
                <Skeleton key={j} h={14} radius="sm" />
              ))}
              <Skeleton h={42} radius="xl" mt="md" />
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    );
  }

  if (plans.error) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title="We could not load the plans">
        {errorMessage(plans.error, 'Please check your connection and try again.')}
        <div>
          <Button
            mt="sm"
            size="xs"
            variant="white"
            color="red"
            loading={plans.isRefetching}
            onClick={() => void plans.refetch()}
          >
            Try again
          </Button>
        </div>
      </Alert>
    );
  }

  if (plans.data.length === 0) {
    return (
      <Text c="var(--kindred-muted)" ta="center" py="xl">
        No plans are available right now. Please check back soon.
      </Text>
    );
  }

  return (
    <SimpleGrid cols={GRID} spacing="lg">
      {plans.data.map((plan) => (
        <PlanCard
          key={plan.id}
          plan={plan}
          state={planCardState(plan, current)}
          buying={pendingPlanId === plan.id}
          locked={pendingPlanId !== null && pendingPlanId !== plan.id}
          onBuy={buy}
        />
      ))}
    </SimpleGrid>
  );
}
