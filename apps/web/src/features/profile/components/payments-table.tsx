import { Table } from '@mantine/core';
import { useEffect } from 'react';
import { MSG } from '@kindred/shared';
import { CopyableId } from '../../../components/ui/copyable-id.tsx';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { formatMoney } from '@kindred/shared/money';
import { formatDate } from '../../../lib/format.ts';
import { paymentStatusColor } from '../../../lib/status-colors.ts';
import { usePayments, type Payment } from '../api/payments.api.ts';
import { SectionTable } from './section-table.tsx';

/** The amount in the payment's own currency; 'N/A' when the record has none. */
function amountOf(p: Payment): string {
  const amount = Number(p.plan_price);
  return Number.isFinite(amount) && p.currency ? formatMoney(amount, p.currency) : 'N/A';
}

/** Payment History (spec section 2). Load errors are logged and the list reads as empty (spec section 8). */
export function PaymentsTable() {
  const { data, isPending, error } = usePayments();
  useEffect(() => {
    if (error) console.error('Could not load payments', error);
  }, [error]);

  const rows = (error ? [] : (data ?? [])).map((p, index) => (
    <Table.Tr key={p.id || index}>
      <Table.Td>{p.id ? <CopyableId id={String(p.id)} /> : 'N/A'}</Table.Td>
      <Table.Td>{formatDate(p.created_at)}</Table.Td>
      <Table.Td>{p.plan_name || 'N/A'}</Table.Td>
      <Table.Td>{amountOf(p)}</Table.Td>
      <Table.Td>
        <StatusBadge status={p.payment_status} color={paymentStatusColor(p.payment_status)} />
      </Table.Td>
    </Table.Tr>
  ));

  return (
    <SectionTable
      id="payments-title"
      title="Payment History"
      columns={['ID', 'Date', 'Plan', 'Amount', 'Status']}
      loading={isPending && !error}
      emptyText={MSG.noPayments}
      rows={rows}
    />
  );
}
