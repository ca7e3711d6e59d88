import { INBOX_STATUS_LABELS, type InboxStatus } from '@kindred/shared/console-inbox.schemas';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import type { StatusColor } from '../../../lib/status-colors.ts';

const COLOR: Record<InboxStatus, StatusColor> = { new: 'orange', answered: 'green', closed: 'gray' };

/** A message's status: new (waiting for an answer), answered or closed. */
export function InboxStatusBadge({ status }: { status: InboxStatus }) {
  return <StatusBadge status={INBOX_STATUS_LABELS[status]} color={COLOR[status]} />;
}
