import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { paths } from '../../../lib/paths.ts';
import { useEntitlement } from '../api/use-entitlement.ts';
import { creditsLabel, periodLabel, planTitle } from '../utils/plan-display.ts';
import { CancelSubscriptionModal } from './cancel-subscription-modal.tsx';

type Props = {
  /** On the profile the panel links to the plans; on /subscription the plans follow it. */
  linkToPlans?: boolean;
};

/**
 * The parent's current plan, as the API's entitlement says (`useEntitlement`): credits left, renewal or expiry
 * date, a complimentary plan marked as such, and cancelling a renewing plan.
 */
export function CurrentPlanPanel({ linkToPlans = false }: Props) {
  const { plan: current, message, isPending, error, refetch, isRefetching } = useEntitlement();
  const [confirming, setConfirming] = useState(false);

  return (
    <Paper component="section" aria-labelledby="current-plan-title" withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} size="h4" id="current-plan-title" mb="sm">
        Your plan
      </Title>
      {isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading your plan">
          <Skeleton h={22} w="40%" radius="sm" />
          <Skeleton h={18} w="60%" radius="sm" />
        </Stack>
      ) : error ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title="We could not load your plan">
          {errorMessage(error, 'Please check your connection and try again.')}
          <div>
            <Button mt="sm" size="xs" variant="white" color="red" loading={isRefetching} onClick={() => void refetch()}>
              Try again
            </Button>
          </div>
        </Alert>
      ) : !current ? (
        <Group justify="space-between" align="center" gap="md">
          <Text c="var(--kindred-muted)">
            {message || 'You have no active plan yet.'}
            {linkToPlans ? '' : ' Choose a plan below.'}
          </Text>
          {linkToPlans && (
            <Button component={Link} to={paths.subscription} variant="default">
              See plans
            </Button>
          )}
        </Group>
      ) : (
        <Group justify="space-between" align="flex-end" gap="md">
          <Stack gap={4}>
            <Group gap="xs">
              <Text fw={650} fz="lg">
                {planTitle(current.plan_name)}
              </Text>
              <StatusBadge
                status={current.active ? 'Active' : current.status}
                color={current.active ? 'green' : 'gray'}
              />
              {current.complimentary && (
                <Badge color="plum" variant="light">
                  Complimentary
                </Badge>
              )}
            </Group>
            <Text size="sm" c="var(--kindred-muted)">
              {current.plan_name}
            </Text>
            <Text>{creditsLabel(current)}</Text>
            <Text size="sm">{periodLabel(current)}</Text>
          </Stack>
          {current.active && current.renews ? (
            <Button variant="default" onClick={() => setConfirming(true)}>
              Cancel subscription
            </Button>
          ) : (
            linkToPlans && (
              <Button component={Link} to={paths.subscription} variant="default">
                See plans
              </Button>
            )
          )}
        </Group>
      )}
      {current && (
        <CancelSubscriptionModal
          opened={confirming}
          onClose={() => setConfirming(false)}
          periodEnd={current.current_period_end}
        />
      )}
    </Paper>
  );
}
