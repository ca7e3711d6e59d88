import { Text } from '@mantine/core';
import type { PlanDto } from '@kindred/shared';
import { billingLabel, formatPlanAmount } from '../utils/plan-display.ts';
import classes from './plans.module.css';

/** A plan's price and billing cycle ('$149 / month', '$129 one-time'), as /subscription and /pricing show it. */
export function PlanPrice({
  price,
  currency,
  billingCycle,
}: {
  price: number;
  currency: string;
  billingCycle: PlanDto['billing_cycle'];
}) {
  return (
    <div>
      <Text component="span" className={classes.price}>
        {formatPlanAmount(price, currency)}
      </Text>{' '}
      <Text component="span" c="var(--kindred-muted)" fw={500}>
        {billingLabel(billingCycle)}
      </Text>
    </div>
  );
}
