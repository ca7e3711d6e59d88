import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { FAMILY_COMPARE_MAX, type FamilyItem, type FamilySet } from '@kindred/shared/family.schemas';
import { defaultPlan, estimateCost } from '@kindred/shared/price-lists';
import { DONOR_TYPES, type DonorType } from '@kindred/shared/vocabulary';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { Link, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { DONOR_TYPE_LABELS } from '../../../lib/match-display.ts';
import { familyComparePath, paths } from '../../../lib/paths.ts';
import { BookConsultationButton } from '../../appointments/components/book-consultation-button.tsx';
import { ScoreBadge } from '../../matches/components/score-badge.tsx';
import { CostEstimate } from '../../price/components/cost-estimate.tsx';
import { useFamily, useFamilyShortlist, useRemoveFromShortlist } from '../api/family.api.ts';
import { useFamilyUpdates } from '../hooks/use-family-updates.ts';
import { AgreementBadge, RatingControl } from './rating-control.tsx';
import { DonorNotes } from './donor-notes.tsx';

/** "egg donor", "sperm donor", "surrogate": what a set is for, in a sentence. */
export const setKind = (donorType: string) => (DONOR_TYPE_LABELS[donorType] ?? donorType).toLowerCase();

/** "Scored against Alex's egg donor preferences (shared without Alex's health answers)." */
const isDonorType = (t: string | null): t is DonorType => (DONOR_TYPES as readonly (string | null)[]).includes(t);

export function scoredWithText(set: FamilySet | null): string {
  if (!set) return 'No scores: neither you nor your partner has shared a preference set you can score with.';
  const type = setKind(set.donor_type);
  if (set.owner === 'me') return `Scores are against your own ${type} preferences.`;
  return (
    `Scores are against ${set.owner_name}'s ${type} preferences, shared ` +
    (set.includes_health_answers
      ? `with ${set.owner_name}'s health answers.`
      : `without ${set.owner_name}'s health answers.`)
  );
}

export const setLabel = (s: FamilySet) =>
  `${s.owner === 'me' ? 'Your' : `${s.owner_name}'s`} ${setKind(s.donor_type)} preferences`;

/**
 * /family: the shortlist two partners share (issue 29). Both ratings on every donor, sorted by agreement ("both
 * said Yes" first) or by when added, filtered to "we disagree"; scores against the set the family is viewing (the
 * page says which); notes, compare (up to four) and booking. A partner's change appears without a reload.
 */
export function FamilyShortlistView() {
  const [params] = useSearchParams();
  // The set may come in the link (the profile's "see the shortlist scored with this set"); the rest is the page's.
  const [setId, setSetId] = useState<string | undefined>(params.get('set') ?? undefined);
  const [sort, setSort] = useState<'agreement' | 'added'>('agreement');
  const [filter, setFilter] = useState<'all' | 'disagree'>('all');
  const list = useFamilyShortlist({ setId, sort, filter });
  const live = useFamilyUpdates(list.isSuccess);
  const [compare, setCompare] = useState<string[]>([]);
  const notLinked = list.error instanceof ApiError && list.error.status === 409;
  const data = list.data;
  const onList = new Set(data?.items.map((i) => i.donor_reference_id));
  const selected = compare.filter((id) => onList.has(id));
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={paths.profile} size="sm">
        ← Back to your profile
      </Anchor>
      <div>
        <Group gap="sm" align="center">
          <Title order={1} fz={{ base: 28, sm: 36 }}>
            Your shared shortlist
          </Title>
          {live && (
            <Badge color="teal" variant="light" aria-label="Live: your partner's changes appear here at once">
              Live
            </Badge>
          )}
        </Group>
        {data && (
          <Text c="var(--kindred-muted)" mt={4}>
            You and {data.partner_name} decide together. Rate each donor; {data.partner_name} sees your rating and your
            shared notes, never your private ones.
          </Text>
        )}
      </div>
      {list.isPending ? (
        <Center py="xl" role="status" aria-label="Loading your shared shortlist">
          <Loader size={40} />
        </Center>
      ) : notLinked ? (
        <Paper withBorder radius="lg" p="xl" ta="center">
          <Title order={2} size="h3">
            You are not linked with a partner
          </Title>
          <Text mt="xs" c="var(--kindred-muted)">
            Invite your partner from your profile to share a shortlist.
          </Text>
          <Button component={Link} to={paths.profile} mt="md" color="teal">
            Go to your profile
          </Button>
        </Paper>
      ) : list.isError || !data ? (
        <Alert color="red" variant="light" title="Could not load your shared shortlist">
          <Text size="sm">{errorMessage(list.error, 'Please try again.')}</Text>
          <Button size="xs" variant="default" mt="xs" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <>
          <Paper withBorder radius="lg" p="md">
            <Stack gap="sm">
              <Text fw={600} data-testid="scored-with">
                {scoredWithText(data.scored_with)}
              </Text>
              <Group align="flex-end" wrap="wrap" gap="md">
                <SetPicker value={data.scored_with?.id ?? null} onChange={(v) => setSetId(v ?? undefined)} />
                <SegmentedControl
                  aria-label="Sort the shortlist"
                  value={sort}
                  onChange={(v) => setSort(v === 'added' ? 'added' : 'agreement')}
                  data={[
                    { value: 'agreement', label: 'Agreement first' },
                    { value: 'added', label: 'Recently added' },
                  ]}
                />
                <Checkbox
                  label="Only where we disagree"
                  checked={filter === 'disagree'}
                  onChange={(e) => setFilter(e.currentTarget.checked ? 'disagree' : 'all')}
                />
              </Group>
            </Stack>
          </Paper>
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="var(--kindred-muted)" aria-live="polite">
              {selected.length === 0
                ? `Tick up to ${FAMILY_COMPARE_MAX} donors to compare them side by side.`
                : `${selected.length} of ${FAMILY_COMPARE_MAX} chosen to compare.`}
            </Text>
            {selected.length === 0 ? (
              <Button color="plum" disabled>
                Compare (0)
              </Button>
            ) : (
              <Button component={Link} to={familyComparePath(selected)} color="plum">
                Compare ({selected.length})
              </Button>
            )}
          </Group>
          {data.items.length === 0 ? (
            <Paper withBorder radius="lg" p="xl" ta="center">
              <Title order={2} size="h3">
                {filter === 'disagree' ? 'No disagreements' : 'No donors on your shared shortlist yet'}
              </Title>
              <Text mt="xs" c="var(--kindred-muted)">
                {filter === 'disagree'
                  ? 'You agree on every donor you have both rated.'
                  : 'Star a donor on your matches page; it appears here for both of you.'}
              </Text>
            </Paper>
          ) : (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              {data.items.map((item) => (
                <FamilyCard
                  key={item.donor_reference_id}
                  item={item}
                  partner={data.partner_name}
                  compare={{
                    checked: selected.includes(item.donor_reference_id),
                    disabled: !selected.includes(item.donor_reference_id) && selected.length >= FAMILY_COMPARE_MAX,
                    onToggle: () =>
                      setCompare((c) =>
                        c.includes(item.donor_reference_id)
                          ? c.filter((x) => x !== item.donor_reference_id)
                          : [...c, item.donor_reference_id].slice(0, FAMILY_COMPARE_MAX),
                      ),
                  }}
                />
              ))}
            </SimpleGrid>
          )}
        </>
      )}
    </Stack>
  );
}

/** The preference set the family is viewing: the viewer's own, or one the partner shared. */
function SetPicker({ value, onChange }: { value: string | null; onChange: (v: string | null) => void }) {
  const sets = useFamily().data?.sets ?? [];
  if (sets.length === 0) return null;
  return (
    <Select
      label="Score with"
      data={sets.map((s) => ({ value: s.id, label: setLabel(s) }))}
      value={value}
      onChange={(v) => onChange(v)}
      allowDeselect={false}
      w={{ base: '100%', sm: 320 }}
    />
  );
}

type CompareToggle = { checked: boolean; disabled: boolean; onToggle: () => void };

function FamilyCard({ item, partner, compare }: { item: FamilyItem; partner: string; compare: CompareToggle }) {
  const titleId = `family-${item.donor_reference_id}`;
  const remove = useRemoveFromShortlist();
  const m = item.match;
  return (
    <Paper component="article" withBorder radius="lg" p="lg" aria-labelledby={titleId} data-testid="family-card">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Title order={2} size="h4" id={titleId}>
              Donor {item.donor_reference_id}
            </Title>
            <Group gap={6}>
              {item.donor_type && (
                <Badge variant="light" color="teal">
                  {DONOR_TYPE_LABELS[item.donor_type] ?? item.donor_type}
                </Badge>
              )}
              <Text size="xs" c="var(--kindred-muted)">
                Added by {item.added_by.map((w) => (w === 'me' ? 'you' : partner)).join(' and ')}
              </Text>
            </Group>
          </Stack>
          {m ? (
            <ScoreBadge score={m.overall_match_percentage} />
          ) : (
            <Text size="sm" c="var(--kindred-muted)">
              Not scored
            </Text>
          )}
        </Group>
        {isDonorType(item.donor_type) && (
          <CostEstimate
            estimate={estimateCost(item.price_list, defaultPlan(item.donor_type), item.donor_type)}
            compact
          />
        )}
        <AgreementBadge agreement={item.ratings.agreement} partner={partner} />
        <RatingControl item={item} partner={partner} />
        <DonorNotes item={item} partner={partner} />
        <Group justify="space-between" wrap="wrap">
          <Checkbox
            label="Compare"
            aria-label={`Compare donor ${item.donor_reference_id}`}
            checked={compare.checked}
            disabled={compare.disabled}
            onChange={compare.onToggle}
          />
          <Group gap="xs">
            {item.clinic_reference_id && item.donor_type && (
              <BookConsultationButton
                donorReference={item.donor_reference_id}
                clinic={item.clinic_reference_id}
                donorType={item.donor_type}
              />
            )}
            <Button
              variant="subtle"
              color="gray"
              size="sm"
              loading={remove.isPending}
              aria-label={`Remove donor ${item.donor_reference_id} from the shared shortlist`}
              onClick={() =>
                remove.mutate(item.donor_reference_id, {
                  onError: (e) => toast.error(errorMessage(e, 'Please try again.')),
                })
              }
            >
              Remove
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
