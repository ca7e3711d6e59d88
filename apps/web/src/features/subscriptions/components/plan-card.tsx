import { Badge, Button, Group, Paper, Stack, Title } from '@mantine/core';
import type { PlanDto } from '@kindred/shared';
import { buyButtonLabel, isMostPopular, planFeatures, planTitle, type PlanCardState } from '../utils/plan-display.ts';
import classes from './plans.module.css';
import { PlanFeatures } from './plan-features.tsx';
import { PlanPrice } from './plan-price.tsx';

type Props = {
  plan: PlanDto;
  state: PlanCardState;
  /** This card's checkout is starting (or the browser is on its way to the checkout page). */
  buying: boolean;
  /** Another card's checkout is starting. */
  locked: boolean;
  onBuy: (plan: PlanDto) => void;
};

/** One plan (spec sections 2 and 9): name, price, features, the 'Most Popular' badge and BUY NOW. */
export function PlanCard({ plan, state, buying, locked, onBuy }: Props) {
  const popular = isMostPopular(plan);
  const title = planTitle(plan.name);
  const headingId = `plan-${plan.id}`;
  const features = planFeatures(plan);
  const cardClass = [classes.card, state.current ? classes.current : popular ? classes.popular : ''].join(' ');

  return (
    <Paper component="article" aria-labelledby={headingId} withBorder radius="lg" p="lg" className={cardClass}>
      <Stack gap="md" h="100%">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Title order={3} id={headingId} fz="1.35rem">
            {title}
          </Title>
          <Group gap={6} justify="flex-end">
            {popular && (
              <Badge color="plum" variant="filled" radius="sm" tt="none">
                Most Popular
              </Badge>
            )}
            {state.current && (
              <Badge color="teal" variant="light" c="teal.9" radius="sm" tt="none">
                Current plan
              </Badge>
            )}
          </Group>
        </Group>
        <PlanPrice price={plan.price} currency={plan.currency} billingCycle={plan.billing_cycle} />
        {features.length > 0 && <PlanFeatures title={title} features={features} />}
        {state.canBuy ? (
          <Button
            size="md"
            fullWidth
            mt="auto"
            color={popular ? 'plum' : 'teal'}
            loading={buying}
            disabled={locked}
            onClick={() => onBuy(plan)}
            aria-label={buyButtonLabel(plan)}
          >
            BUY NOW
          </Button>
        ) : (
          <Button size="md" fullWidth mt="auto" variant="light" disabled aria-label={`Current plan: ${plan.name}`}>
            Current plan
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
