import { Stack, Text, Title } from '@mantine/core';
import { PageContainer } from '../components/ui/page-container.tsx';
import { CheckoutCancelledNotice } from '../features/subscriptions/components/checkout-cancelled-notice.tsx';
import { CurrentPlanPanel } from '../features/subscriptions/components/current-plan-panel.tsx';
import { PlanList } from '../features/subscriptions/components/plan-list.tsx';

/** /subscription (guarded; spec section 2): the current plan and a card per plan with BUY NOW. */
export function SubscriptionPage() {
  return (
    <PageContainer>
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} fz={{ base: 28, sm: 36 }}>
            Subscription Details
          </Title>
          <Text c="var(--kindred-muted)" size="lg">
            Choose the plan that fits your search. Prices are set by Kindred and charged securely at checkout.
          </Text>
        </Stack>
        <CheckoutCancelledNotice />
        <CurrentPlanPanel />
        <section aria-labelledby="plans-title">
          <Title order={2} size="h3" id="plans-title" mb="md">
            Plans
          </Title>
          <PlanList />
        </section>
      </Stack>
    </PageContainer>
  );
}
