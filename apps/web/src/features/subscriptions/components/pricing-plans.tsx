import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PLAN_NAMES } from '@kindred/shared/plan-catalogue';
import { planTitle } from '../utils/plan-display.ts';
import classes from './plans.module.css';
import { PlanFeatures } from './plan-features.tsx';
import { PlanPrice } from './plan-price.tsx';

type StaticPlan = {
  name: string;
  price: number;
  billingCycle: 'month' | null;
  summary: string;
  features: string[];
  popular?: boolean;
};

/** The static page's prices are the spec's, in US dollars (section 9). */
const PRICING_CURRENCY = 'usd';

/** The three plans as the spec describes them (sections 1 and 9). /pricing is static: it does not call the API. */
const PLANS: StaticPlan[] = [
  {
    name: PLAN_NAMES.trial,
    price: 0,
    billingCycle: null,
    summary: 'Try matching once, free of charge.',
    features: ['1 match', 'Preference tools for 7 days', 'Compatibility score with an explanation'],
  },
  {
    name: PLAN_NAMES.starter,
    price: 129,
    billingCycle: null,
    summary: 'A one-time purchase for a focused search.',
    features: [
      '3 matches',
      'Unused matches roll over for up to 3 months',
      'Refundable within 7 days if no matches were generated',
    ],
    popular: true,
  },
  {
    name: PLAN_NAMES.premium,
    price: 149,
    billingCycle: 'month',
    summary: 'A monthly subscription for a full search.',
    features: [
      'Unlimited matches',
      'Counterfactual re-scoring: see what relaxing a preference changes',
      'Priority support',
      '$100 credit toward counseling or a genetic risk report after 1 paid month',
      'Cancel anytime',
    ],
  },
];

/** The plan cards of /pricing. */
export function PricingPlans() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
      {PLANS.map((plan) => {
        const title = planTitle(plan.name);
        const id = `pricing-${title.toLowerCase()}`;
        return (
          <Paper
            key={plan.name}
            component="article"
            aria-labelledby={id}
            withBorder
            radius="lg"
            p="lg"
            className={`${classes.card} ${plan.popular ? classes.popular : ''}`}
          >
            <Stack gap="md" h="100%">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Title order={3} id={id} fz="1.35rem">
                  {title}
                </Title>
                {plan.popular && (
                  <Badge color="plum" variant="filled" radius="sm" tt="none">
                    Most Popular
                  </Badge>
                )}
              </Group>
              <PlanPrice price={plan.price} currency={PRICING_CURRENCY} billingCycle={plan.billingCycle} />
              <Text c="var(--kindred-muted)" size="sm">
                {plan.summary}
              </Text>
              <PlanFeatures title={title} features={plan.features} />
            </Stack>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
