import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { familyInviteRequest, type FamilySet, type FamilyState } from '@kindred/shared/family.schemas';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { Link } from 'react-router';
import { errorMessage, fieldErrorsOf } from '../../../lib/api-error.ts';
import { formatDate } from '../../../lib/format.ts';
import { DONOR_TYPE_LABELS } from '../../../lib/match-display.ts';
import { paths } from '../../../lib/paths.ts';
import {
  useCancelInvite,
  useFamily,
  useInvite,
  useLeaveFamily,
  useShareSet,
  useUnshareSet,
} from '../api/family.api.ts';

type InviteValues = { email: string; consent: boolean };
const validate = schemaResolver(familyInviteRequest, { sync: true });

/**
 * "Decide together" on the profile (issue 29): invite a partner by e-mail (with the inviter's consent to link), see
 * the open invitation or the partner, share preference sets (with one's own health answers only when ticked now),
 * and leave at any time.
 */
export function PartnerPanel() {
  const family = useFamily();
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="partner-panel-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="partner-panel-title">
          Decide together
        </Title>
        {family.isPending ? (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm">Loading your family…</Text>
          </Group>
        ) : family.isError ? (
          <Alert color="red" variant="light" title="We could not load your family">
            <Button size="xs" variant="default" onClick={() => void family.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : family.data.family ? (
          <Linked state={family.data} />
        ) : family.data.invite ? (
          <Pending invite={family.data.invite} />
        ) : (
          <InviteForm />
        )}
      </Stack>
    </Paper>
  );
}

function InviteForm() {
  const invite = useInvite();
  const form = useForm<InviteValues>({ initialValues: { email: '', consent: false }, validate });
  const submit = (v: InviteValues) =>
    invite.mutate(v.email.trim(), {
      onSuccess: () => toast.success('Invitation sent.'),
      onError: (e) => {
        const fields = fieldErrorsOf(e);
        if (Object.keys(fields).length) form.setErrors(fields);
        else toast.error(errorMessage(e, 'We could not send the invitation. Please try again.'));
      },
    });
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="var(--kindred-muted)">
          Invite your partner to share one shortlist: you both rate donors Yes, Maybe or No and leave notes for each
          other. Your preference sets and health answers stay yours unless you choose to share them.
        </Text>
        <TextInput label="Your partner's e-mail" type="email" autoComplete="off" {...form.getInputProps('email')} />
        <Checkbox
          label="I agree to link my account with my partner's once they accept. Either of us can leave at any time."
          {...form.getInputProps('consent', { type: 'checkbox' })}
        />
        <Group>
          <Button type="submit" color="teal" loading={invite.isPending}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Pending({ invite }: { invite: NonNullable<FamilyState['invite']> }) {
  const cancel = useCancelInvite();
  return (
    <Stack gap="xs" data-testid="partner-invite-pending">
      <Text>
        Invitation sent to <strong>{invite.email}</strong>. It works until {formatDate(invite.expires_at)}.
      </Text>
      <Group>
        <Button
          variant="default"
          size="xs"
          loading={cancel.isPending}
          onClick={() =>
            cancel.mutate(undefined, {
              onSuccess: () => toast.success('Invitation withdrawn.'),
              onError: (e) => toast.error(errorMessage(e, 'Please try again.')),
            })
          }
        >
          Withdraw invitation
        </Button>
      </Group>
    </Stack>
  );
}

function Linked({ state }: { state: FamilyState }) {
  const partner = state.family!.members.find((m) => !m.is_me)!;
  const leave = useLeaveFamily();
  const [confirm, setConfirm] = useState(false);
  const mine = state.sets.filter((s) => s.owner === 'me');
  return (
    <Stack gap="sm" data-testid="partner-linked">
      <Text>
        You decide together with{' '}
        <strong>
          {partner.first_name} {partner.last_name}
        </strong>{' '}
        since {formatDate(state.family!.linked_at)}.
      </Text>
      <Group>
        <Button component={Link} to={paths.familyShortlist} color="teal">
          Open your shared shortlist
        </Button>
        <Button variant="default" onClick={() => setConfirm(true)}>
          Leave family
        </Button>
      </Group>
      <Title order={3} size="h5" mt="xs">
        Preference sets you share with {partner.first_name}
      </Title>
      {mine.length === 0 ? (
        <Text size="sm" c="var(--kindred-muted)">
          You have no preference sets yet.
        </Text>
      ) : (
        mine.map((s) => <ShareRow key={s.id} set={s} partner={partner.first_name} />)
      )}
      <Modal opened={confirm} onClose={() => setConfirm(false)} title="Leave your family?">
        <Stack>
          <Text size="sm">
            Your accounts are unlinked for both of you. You keep your favourites, preference sets, ratings and notes;
            {` ${partner.first_name}`} no longer sees them, and you no longer see theirs.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(false)}>
              Stay
            </Button>
            <Button
              color="red"
              loading={leave.isPending}
              onClick={() =>
                leave.mutate(undefined, {
                  onSuccess: () => {
                    setConfirm(false);
                    toast.success('You left the family.');
                  },
                  onError: (e) => toast.error(errorMessage(e, 'Please try again.')),
                })
              }
            >
              Leave family
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function ShareRow({ set, partner }: { set: FamilySet; partner: string }) {
  const share = useShareSet();
  const unshare = useUnshareSet();
  const [withHealth, setWithHealth] = useState(false);
  const label = `${DONOR_TYPE_LABELS[set.donor_type] ?? set.donor_type} preferences${set.location ? ` (${set.location})` : ''}`;
  const done = (msg: string) => ({
    onSuccess: () => toast.success(msg),
    onError: (e: unknown) => toast.error(errorMessage(e, 'Please try again.')),
  });
  return (
    <Paper withBorder radius="md" p="sm" data-testid="share-set-row">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap">
          <Text fw={600}>{label}</Text>
          {set.shared ? (
            <Badge color="teal" variant="light">
              Shared{set.includes_health_answers ? ' with your health answers' : ' without your health answers'}
            </Badge>
          ) : (
            <Badge color="gray" variant="light">
              Not shared
            </Badge>
          )}
        </Group>
        {set.shared ? (
          <Group>
            <Button
              size="xs"
              variant="default"
              loading={unshare.isPending}
              onClick={() => unshare.mutate(set.id, done('Sharing stopped.'))}
            >
              Stop sharing
            </Button>
          </Group>
        ) : (
          <>
            <Checkbox
              checked={withHealth}
              onChange={(e) => setWithHealth(e.currentTarget.checked)}
              label={`Include my own health answers (my known carrier conditions and my carrier screening), so ${partner}'s scores use them. I consent to sharing them with ${partner}.`}
            />
            <Group>
              <Button
                size="xs"
                color="teal"
                loading={share.isPending}
                aria-label={`Share ${label} with ${partner}`}
                onClick={() => share.mutate({ setId: set.id, withHealth }, done('Set shared.'))}
              >
                Share with {partner}
              </Button>
            </Group>
          </>
        )}
        <Anchor component={Link} to={`${paths.familyShortlist}?set=${encodeURIComponent(set.id)}`} size="sm">
          See the shortlist scored with this set
        </Anchor>
      </Stack>
    </Paper>
  );
}
