import { Alert, Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { toast } from 'react-hot-toast';
import { Link } from 'react-router';
import type { ConsoleUserDetail } from '@kindred/shared/console-users.schemas';
import { formatMoney } from '@kindred/shared/money';
import { RecordsTable } from '../../../components/ui/records-table.tsx';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { currentUserQueryOptions } from '../../admin/api/current-user.api.ts';
import { LoadFailed } from '../../admin/components/load-failed.tsx';
import { useConsoleUser, useUserAction, type UserAction } from '../api/console-users.api.ts';
import { ROLE_LABEL, USER_STATUS } from '../lib/user-status.ts';
import { ComplimentaryDialog } from './complimentary-dialog.tsx';
import { HealthSection } from './health-section.tsx';
import { ReasonDialog } from './reason-dialog.tsx';
import { LoadingSkeleton } from '../../../components/ui/loading-skeleton.tsx';

/** The actions that ask for a reason: what each dialog says and who may use it. */
const ACTIONS: Record<
  Exclude<UserAction, 'resend-verification'>,
  { label: string; title: string; description: string; color?: string; adminOnly: boolean }
> = {
  'end-sessions': {
    label: 'End sessions',
    title: 'End every session',
    description: 'Every device signed in to this account is signed out at once.',
    adminOnly: false,
  },
  disable: {
    label: 'Disable account',
    title: 'Disable this account',
    description: 'The user cannot sign in until the account is enabled again, and every session ends at once.',
    color: 'red',
    adminOnly: true,
  },
  enable: {
    label: 'Enable account',
    title: 'Enable this account',
    description: 'The user can sign in again.',
    adminOnly: true,
  },
  deletion: {
    label: 'Start account deletion',
    title: 'Start account deletion',
    description:
      'The account is deactivated at once and deleted after the grace period. The user is emailed a link to cancel.',
    color: 'red',
    adminOnly: true,
  },
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Table variant="vertical" withTableBorder={false} layout="fixed">
      <Table.Tbody>
        {rows.map(([k, v]) => (
          <Table.Tr key={k}>
            <Table.Th w={180}>{k}</Table.Th>
            <Table.Td>{v}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

type PlanOf = NonNullable<ConsoleUserDetail['subscription']>;

/** The plan's facts: support's answer has the status and end date only (no plan name, billing or credits). */
function planFacts(s: PlanOf): [string, string][] {
  const rows: [string, string | undefined][] = [
    ['Plan', s.plan_name],
    ['Status', s.status],
    ['Billed by', s.provider === 'complimentary' ? 'Complimentary' : s.provider],
    ['Started', s.started_at === undefined ? undefined : formatDate(s.started_at)],
    ['Period ends', formatDate(s.current_period_end)],
    [
      'Match credits',
      s.match_credits_used === undefined
        ? undefined
        : s.match_credits_total === null || s.match_credits_total === undefined
          ? 'Unlimited'
          : `${s.match_credits_used} of ${s.match_credits_total} used`,
    ],
  ];
  return rows.filter((r): r is [string, string] => r[1] !== undefined);
}

/** '1 upcoming appointment', '3 upcoming appointments', 'No upcoming appointments.' */
const upcomingLabel = (n: number) =>
  n === 0 ? 'No upcoming appointments.' : `${n} upcoming appointment${n === 1 ? '' : 's'}`;

/** /admin/users/:id: the account, plan, payments (admin), appointments, sign-ins, masked health data, actions. */
export function UserPage({ id }: { id: string }) {
  const user = useConsoleUser(id);
  const isAdmin = useQuery(currentUserQueryOptions()).data?.role === 'admin';
  if (user.isPending) return <LoadingSkeleton h={320} radius="md" label="Loading the user" />;
  if (user.isError)
    return <LoadFailed title="We could not load this user" error={user.error} onRetry={() => void user.refetch()} />;
  return <UserDetail u={user.data.user} isAdmin={isAdmin} />;
}

function UserDetail({ u, isAdmin }: { u: ConsoleUserDetail; isAdmin: boolean }) {
  const action = useUserAction(u.id);
  const [open, setOpen] = useState<keyof typeof ACTIONS | 'complimentary' | null>(null);
  const status = USER_STATUS[u.status];
  const run = (a: UserAction, reason?: string) =>
    action.mutateAsync({ action: a, reason }).then((res) => toast.success(res.message));

  const available = (Object.keys(ACTIONS) as (keyof typeof ACTIONS)[]).filter((a) => {
    if (ACTIONS[a].adminOnly && !isAdmin) return false;
    if (a === 'disable') return u.status !== 'disabled';
    if (a === 'enable') return u.status === 'disabled';
    if (a === 'deletion') return u.status !== 'deletion_pending';
    return true;
  });
  const current = open && open !== 'complimentary' ? ACTIONS[open] : null;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={paths.adminUsers} size="sm">
        ← All users
      </Anchor>
      <Group gap="sm" align="center">
        <Title order={1} fz={{ base: 26, sm: 30 }}>
          {u.first_name} {u.last_name}
        </Title>
        <StatusBadge status={status.label} color={status.color} />
      </Group>

      <Section title="Actions">
        <Group gap="sm">
          {!u.email_verified && (
            <Button
              variant="light"
              loading={action.isPending && action.variables?.action === 'resend-verification'}
              onClick={() => void run('resend-verification').catch(() => toast.error('The link could not be sent.'))}
            >
              Resend verification
            </Button>
          )}
          {available.map((a) => (
            <Button key={a} variant="light" color={ACTIONS[a].color} onClick={() => setOpen(a)}>
              {ACTIONS[a].label}
            </Button>
          ))}
          {isAdmin && u.role === 'parent' && (
            <Button variant="light" color="teal" onClick={() => setOpen('complimentary')}>
              Grant complimentary plan
            </Button>
          )}
        </Group>
      </Section>

      <Section title="Account">
        <Facts
          rows={[
            ['Email', `${u.email}${u.email_verified ? ' (verified)' : ' (not verified)'}`],
            ['Phone', u.phone_number],
            ['Role', ROLE_LABEL[u.role] ?? u.role],
            ['Created', formatDateTime(u.created_at)],
            ['Last sign-in', u.last_sign_in_at ? formatDateTime(u.last_sign_in_at) : 'Never'],
            ...(u.disabled_at
              ? ([['Disabled', `${formatDateTime(u.disabled_at)}: ${u.disabled_reason ?? ''}`]] as [string, string][])
              : []),
            ...(u.deletion_purge_after
              ? ([['Deletion', `Deleted on ${formatDate(u.deletion_purge_after)} unless cancelled`]] as [
                  string,
                  string,
                ][])
              : []),
          ]}
        />
      </Section>

      <Section title="Plan">
        {u.subscription ? <Facts rows={planFacts(u.subscription)} /> : <Text>No plan.</Text>}
      </Section>

      {u.payments && (
        <Section title="Payments">
          <RecordsTable
            striped
            label="Payments"
            columns={['Date', 'Plan', 'Amount', 'Status']}
            rows={u.payments}
            rowKey={(p) => p.id}
            cells={(p) => [formatDate(p.created_at), p.plan_name, formatMoney(Number(p.amount), p.currency), p.status]}
            empty={<Text>No payments.</Text>}
          />
        </Section>
      )}

      <Section title="Appointments">
        {!u.appointments ? (
          // Support's answer has no clinic or visit type (health data, issue 25): only how many are ahead.
          <Text>{upcomingLabel(u.upcoming_appointments)}</Text>
        ) : (
          <RecordsTable
            striped
            label="Appointments"
            columns={['When', 'Clinic', 'Visit', 'Status']}
            rows={u.appointments}
            rowKey={(a) => a.id}
            cells={(a) => [
              a.starts_at ? formatDateTime(a.starts_at, a.time_zone ?? undefined) : '—',
              a.clinic ?? '—',
              a.visit ?? '—',
              a.status,
            ]}
            empty={<Text>No appointments.</Text>}
          />
        )}
      </Section>

      <Section title="Sign-in history">
        <RecordsTable
          striped
          label="Sign-in history"
          columns={['Signed in', 'Last active', 'Remember me', 'Session']}
          rows={u.sign_ins}
          rowKey={(s) => s.started_at}
          cells={(s) => [
            formatDateTime(s.started_at),
            formatDateTime(s.last_used_at),
            s.remember ? 'Yes' : 'No',
            s.ended ? 'Ended' : 'Active',
          ]}
          empty={<Text>No sign-ins.</Text>}
        />
      </Section>

      <HealthSection userId={u.id} sets={u.health.preference_sets} canReveal={isAdmin} />

      {current && open && open !== 'complimentary' && (
        <ReasonDialog
          opened
          onClose={() => setOpen(null)}
          title={current.title}
          description={current.description}
          confirmLabel={current.label}
          color={current.color}
          pending={action.isPending}
          onConfirm={(reason) => run(open, reason)}
        />
      )}
      {isAdmin && <ComplimentaryDialog userId={u.id} opened={open === 'complimentary'} onClose={() => setOpen(null)} />}
      {u.status === 'deletion_pending' && (
        <Alert color="gray" variant="light" title="Deletion pending">
          The user can cancel with the link in the email they were sent.
        </Alert>
      )}
    </Stack>
  );
}
