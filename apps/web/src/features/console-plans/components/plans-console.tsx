import { Button, Group, Paper, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { toast } from 'react-hot-toast';
import type { ConsolePlanDto } from '@kindred/shared/console-plans.schemas';
import { formatMoney } from '@kindred/shared/money';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { AdminPageHeading, NoAccess } from '../../admin/components/admin-shell.tsx';
import { LoadFailed } from '../../admin/components/load-failed.tsx';
import { ServerTable } from '../../admin/components/server-table.tsx';
import { failureMessage, isForbidden } from '../../../lib/server-errors.ts';
import { useConsolePlans, useRetirePlanMutation } from '../api/console-plans.api.ts';
import { PlanForm } from './plan-form.tsx';

type Dialog =
  | { kind: 'none' }
  | { kind: 'create' }
  | { kind: 'edit'; plan: ConsolePlanDto }
  | { kind: 'retire'; plan: ConsolePlanDto };

const HEADING_ID = 'admin-plans-title';

const interval = (p: ConsolePlanDto) =>
  p.billing_cycle === 'month'
    ? 'Monthly'
    : p.billing_cycle === 'year'
      ? 'Yearly'
      : `One-time, ${p.duration_days} ${p.duration_days === 1 ? 'day' : 'days'}`;
const credits = (p: ConsolePlanDto) =>
  p.match_credits === null
    ? 'Unlimited matches'
    : `${p.match_credits} match ${p.match_credits === 1 ? 'credit' : 'credits'}`;

const column = createColumnHelper<ConsolePlanDto>();

/** The operator console's plans (admin): the table, create and edit in a dialog, retire after a confirmation. */
export function PlansConsole() {
  const plans = useConsolePlans();
  const retire = useRetirePlanMutation();
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const close = () => setDialog({ kind: 'none' });

  const columns = useMemo(
    () => [
      column.accessor('name', {
        header: 'Plan',
        cell: (c) => (
          <Stack gap={0}>
            <Text fw={600} size="sm">
              {c.getValue()}
            </Text>
            <Text size="xs" c="var(--kindred-muted)">
              {c.row.original.plan_for === 'clinic' ? 'For clinics' : 'For parents'}
              {c.row.original.most_popular ? ' · Most popular' : ''}
            </Text>
          </Stack>
        ),
      }),
      column.accessor('price', {
        header: 'Price',
        cell: (c) => formatMoney(c.getValue(), c.row.original.currency),
      }),
      column.display({ id: 'interval', header: 'Interval', cell: (c) => interval(c.row.original) }),
      column.display({
        id: 'features',
        header: 'Credits and features',
        cell: (c) => (
          <Stack gap={2}>
            <Text size="sm">{credits(c.row.original)}</Text>
            {c.row.original.features.length > 0 && (
              <Text size="xs" c="var(--kindred-muted)">
                {c.row.original.features.join(' · ')}
              </Text>
            )}
          </Stack>
        ),
      }),
      column.accessor('subscribers', { header: 'Subscribers' }),
      column.accessor('is_active', {
        header: 'Status',
        // A narrow column must not cut the word short.
        cell: (c) => (
          <div style={{ whiteSpace: 'nowrap', minWidth: 80 }}>
            <StatusBadge status={c.getValue() ? 'Offered' : 'Retired'} color={c.getValue() ? 'green' : 'gray'} />
          </div>
        ),
      }),
      column.display({
        id: 'actions',
        header: () => <VisuallyHidden>Actions</VisuallyHidden>,
        cell: (c) => {
          const p = c.row.original;
          return (
            <Group gap="xs" wrap="nowrap" justify="flex-end">
              <Button size="xs" variant="light" onClick={() => setDialog({ kind: 'edit', plan: p })}>
                Edit<VisuallyHidden> {p.name}</VisuallyHidden>
              </Button>
              {p.is_active && (
                <Button size="xs" variant="subtle" color="red" onClick={() => setDialog({ kind: 'retire', plan: p })}>
                  Retire<VisuallyHidden> {p.name}</VisuallyHidden>
                </Button>
              )}
            </Group>
          );
        },
      }),
    ],
    [],
  );
  const table = useReactTable({ data: plans.data?.results ?? [], columns, getCoreRowModel: getCoreRowModel() });

  const confirmRetire = (plan: ConsolePlanDto) =>
    retire.mutate(plan.id, {
      onSuccess: () => {
        toast.success(`${plan.name} is retired. Current subscribers keep their plan.`);
        close();
        requestAnimationFrame(() => document.getElementById(HEADING_ID)?.focus());
      },
      onError: (error) => toast.error(failureMessage(error, `${plan.name} could not be retired. Please try again.`)),
    });

  return (
    <Stack gap="lg">
      <AdminPageHeading title="Plans" id={HEADING_ID}>
        <Button onClick={() => setDialog({ kind: 'create' })}>New plan</Button>
      </AdminPageHeading>
      <Text c="var(--kindred-muted)">
        What parents and clinics can buy. A new price or a retirement applies to new subscribers only: everyone
        subscribed keeps paying the price they bought at.
      </Text>
      {plans.isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading plans">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h={52} radius="sm" />
          ))}
        </Stack>
      ) : plans.isError ? (
        isForbidden(plans.error) ? (
          <NoAccess />
        ) : (
          <LoadFailed title="We could not load the plans" error={plans.error} onRetry={() => void plans.refetch()} />
        )
      ) : plans.data.results.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Text ta="center">There are no plans yet.</Text>
        </Paper>
      ) : (
        <ServerTable
          table={table}
          minWidth={820}
          tableProps={{ verticalSpacing: 'sm', highlightOnHover: true, 'aria-labelledby': HEADING_ID }}
          rowProps={(row) => ({ 'data-plan': row.original.name })}
        />
      )}

      <AppModal
        opened={dialog.kind === 'create' || dialog.kind === 'edit'}
        onClose={close}
        title={dialog.kind === 'edit' ? `Edit ${dialog.plan.name}` : 'New plan'}
        size="lg"
      >
        {(dialog.kind === 'create' || dialog.kind === 'edit') && (
          <PlanForm
            key={dialog.kind === 'edit' ? dialog.plan.id : 'new'}
            plan={dialog.kind === 'edit' ? dialog.plan : undefined}
            onDone={close}
            onCancel={close}
          />
        )}
      </AppModal>

      <AppModal opened={dialog.kind === 'retire'} onClose={close} title="Retire this plan?" size="sm">
        {dialog.kind === 'retire' && (
          <Stack gap="md">
            <Text>
              {dialog.plan.name} will no longer be offered to new subscribers.{' '}
              {dialog.plan.subscribers === 0
                ? 'Nobody is subscribed to it now.'
                : `${dialog.plan.subscribers === 1 ? 'Its subscriber keeps' : `Its ${dialog.plan.subscribers} subscribers keep`} the plan and the price they bought at.`}
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} data-autofocus>
                Cancel
              </Button>
              <Button
                color="red"
                aria-busy={retire.isPending}
                onClick={() => !retire.isPending && confirmRetire(dialog.plan)}
              >
                {retire.isPending ? 'Retiring…' : 'Retire plan'}
              </Button>
            </Group>
          </Stack>
        )}
      </AppModal>
    </Stack>
  );
}
