import { Button, Paper, Text, Title } from '@mantine/core';
import { matchesShownFor } from '@kindred/shared/plan-catalogue';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';

/** 'Trial (Free one-time)' → 'Trial'. */
const shortPlanName = (planName: string | null) => (planName ? planName.replace(/\s*\(.*\)\s*$/, '') : 'current');

/**
 * After a Trial or Starter plan's credits are spent, a new search cannot reveal new donors: say so (not "no
 * matches"), say how many credits the plan had, and offer the upgrade.
 */
export function CreditsUsedPanel({ planName, totalMatches }: { planName: string | null; totalMatches: number }) {
  const credits = matchesShownFor(planName);
  const creditText =
    credits === null ? 'its match credits' : `${credits} match ${credits === 1 ? 'credit' : 'credits'}`;
  return (
    <Paper withBorder radius="lg" p="xl" component="section" aria-labelledby="credits-title" data-testid="credits-used">
      <Title order={2} size="h3" id="credits-title">
        You have used your match credits
      </Title>
      <Text mt="xs">
        Your {shortPlanName(planName)} plan included {creditText}, and {credits === 1 ? 'it has' : 'they have'} been
        used.
        {totalMatches > 0
          ? ` ${totalMatches} ${totalMatches === 1 ? 'donor meets' : 'donors meet'} these preferences: upgrade to see who they are.`
          : ''}
      </Text>
      <Text mt="xs" c="var(--kindred-muted)">
        The donors you have already unlocked stay available to you below.
      </Text>
      <Button component={Link} to={paths.subscription} color="teal" mt="md">
        Upgrade
      </Button>
    </Paper>
  );
}
