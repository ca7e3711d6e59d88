import { Button, Group, Stack, Tabs, Title } from '@mantine/core';
import { IconStar } from '@tabler/icons-react';
import { matchesShownFor } from '@kindred/shared/plan-catalogue';
import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'react-hot-toast';
import { Link, useSearchParams } from 'react-router';
import { ApiError, hasErrorCode } from '../../../lib/api-error.ts';
import { paths } from '../../../lib/paths.ts';
import { useFindMatches } from '../api/find-matches.api.ts';
import { EstimatesProvider } from '../../price/components/estimates-context.tsx';
import { useMatchProfileId } from '../api/match-profile.api.ts';
import { useEntitlement } from '../../subscriptions/api/use-entitlement.ts';
import { parseMatchQuery, withMatchQuery, type MatchQuery } from '../utils/match-filters.ts';
import { MATCHES_MSG, MatchesLoading, MatchResults } from './match-results.tsx';
import type { RelaxState } from './relax-banner.tsx';
import { UnlockedDonors } from './unlocked-donors.tsx';
import { UpgradeModal } from './upgrade-modal.tsx';
import { SaveAlertButton } from '../../alerts/components/save-alert-button.tsx';

type Tab = 'matches' | 'unlocked';

/**
 * /donor-matches (spec sections 2, 4 and 8): loads once the parent's plan (the API's entitlement,
 * `useEntitlement`: a complimentary plan counts, issue 25) and a preference
 * profile id are known; the plan decides how many cards show; without an active subscription the upgrade dialog
 * opens. Sort and filters live in the address and are applied by the server; "Unlocked donors" lists every donor
 * the plan has revealed.
 */
export function MatchesView() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseMatchQuery(params), [params]);
  const tab: Tab = params.get('tab') === 'unlocked' ? 'unlocked' : 'matches';
  const entitlement = useEntitlement();
  const profile = useMatchProfileId();
  const planName = entitlement.planName;
  const [relax, setRelax] = useState<RelaxState | null>(null);
  const matches = useFindMatches(profile.data ?? null, planName !== null, {
    ...query,
    relax: relax?.phase === 'preview' ? [relax.filter] : [],
  });
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const toasted = useRef<unknown>(null);

  const noPlan = entitlement.isSuccess && planName === null;
  const noProfile = profile.isSuccess && profile.data === null;
  const first = matches.data?.pages[0];
  const unsubscribed = first !== undefined && first.subscription === false;
  // A refused sort or filter (distance without a location), or matching without health-data consent (403, ADR 019),
  // is the parent's to fix, not a failed load: the server's message says how.
  const queryError =
    matches.error instanceof ApiError && hasErrorCode(matches.error, 'validation_error', 'consent_required')
      ? (matches.error.serverMessage ?? MATCHES_MSG.loadFailed)
      : null;

  useEffect(() => {
    if (noPlan || unsubscribed) setUpgradeOpen(true);
  }, [noPlan, unsubscribed]);

  useEffect(() => {
    const failed =
      (matches.isError && !queryError) || entitlement.isError || profile.isError || (first && first.success !== true);
    const key = matches.error ?? entitlement.error ?? profile.error ?? first;
    const quietEmpty =
      !first || first.withheld > 0 || first.passing_matches > first.total_matches || matches.isPlaceholderData;
    if (failed && toasted.current !== key) {
      toasted.current = key;
      toast.error(MATCHES_MSG.loadFailed);
    } else if (
      first?.success &&
      first.subscription &&
      first.matches.length === 0 &&
      !quietEmpty &&
      toasted.current !== first
    ) {
      toasted.current = first;
      toast(MATCHES_MSG.none);
    }
  }, [
    matches.isError,
    matches.error,
    matches.isPlaceholderData,
    queryError,
    first,
    entitlement.isError,
    entitlement.error,
    profile.isError,
    profile.error,
  ]);

  const limit = matchesShownFor(first?.plan_name ?? planName);
  const shown = useMemo(() => {
    const list = first?.success === true ? (matches.data?.pages ?? []).flatMap((p) => p.matches) : [];
    return limit === null ? list : list.slice(0, limit);
  }, [first, matches.data, limit]);

  const loading = entitlement.isPending || profile.isPending || (matches.isFetching && !matches.data && !queryError);
  const failed = (matches.isError && !queryError) || entitlement.isError || profile.isError;
  // Each change of sort or filters is a new history entry, so Back returns to the previous results.
  const setQuery = (next: MatchQuery) => setParams(withMatchQuery(params, next));
  const setTab = (next: string | null) => {
    const p = new URLSearchParams(params);
    if (next === 'unlocked') p.set('tab', 'unlocked');
    else p.delete('tab');
    setParams(p);
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz={{ base: 28, sm: 36 }}>
          Your Donor Matches
        </Title>
        <Group gap="sm">
          <SaveAlertButton profileId={profile.data ?? null} filters={query.filters} />
          <Button
            component={Link}
            to={paths.donorFavourites}
            variant="default"
            leftSection={<IconStar size={18} aria-hidden />}
          >
            Shortlist
          </Button>
          <Button
            component={Link}
            to={profile.data ? `${paths.profileSteps}?edit=${encodeURIComponent(profile.data)}` : paths.profileSteps}
            variant="default"
          >
            Edit preferences
          </Button>
        </Group>
      </Group>
      <EstimatesProvider pages={matches.data?.pages}>
        <Tabs value={tab} onChange={setTab} color="teal">
          <Tabs.List>
            <Tabs.Tab value="matches">Matches</Tabs.Tab>
            <Tabs.Tab value="unlocked">Unlocked donors</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="matches" pt="lg">
            {loading ? (
              <MatchesLoading />
            ) : (
              <MatchResults
                first={first}
                shown={shown}
                planName={planName}
                limit={limit}
                query={query}
                onQuery={setQuery}
                queryError={queryError}
                relax={relax}
                onRelax={setRelax}
                profileId={profile.data ?? null}
                needsPreferences={noProfile || failed}
                stale={matches.isPlaceholderData}
                more={{
                  hasNext: matches.hasNextPage,
                  loading: matches.isFetchingNextPage,
                  load: () => void matches.fetchNextPage(),
                }}
              />
            )}
          </Tabs.Panel>
          <Tabs.Panel value="unlocked" pt="lg">
            {tab === 'unlocked' && <UnlockedDonors />}
          </Tabs.Panel>
        </Tabs>
      </EstimatesProvider>
      <UpgradeModal opened={upgradeOpen} onClose={() => setUpgradeOpen(false)} />
    </Stack>
  );
}
