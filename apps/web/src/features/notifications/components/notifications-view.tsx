import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Pagination,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS } from '@kindred/shared/notifications.schemas';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format.ts';
import {
  useAcknowledge,
  useMarkAllRead,
  useMarkRead,
  useNotifications,
  type NotificationDto,
  type NotificationFilters,
  type NotificationKind,
} from '../api/notifications.api.ts';
import classes from './notifications.module.css';

const KIND_OPTIONS = [
  { value: '', label: 'All kinds' },
  ...NOTIFICATION_KINDS.map((k) => ({ value: k, label: NOTIFICATION_KIND_LABELS[k] })),
];

function NotificationItem({ n }: { n: NotificationDto }) {
  const markRead = useMarkRead();
  const acknowledge = useAcknowledge();
  const unread = n.read_at === null;
  const open = () => {
    if (unread && !n.safety) markRead.mutate([n.id]);
  };
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="li"
      className={`${classes.item} ${unread ? classes.unread : ''} ${n.safety ? classes.safety : ''}`}
      aria-label={`${unread ? 'Unread: ' : ''}${n.title}`}
    >
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={4} style={{ flex: '1 1 260px' }}>
          <Group gap="xs">
            {n.safety && (
              <Badge color="red.9" variant="filled">
                Safety notice
              </Badge>
            )}
            {unread && <Badge variant="light">New</Badge>}
            {n.resent_at !== null && <Badge variant="outline">Reminder</Badge>}
            <Text size="sm" c="var(--kindred-muted)">
              {NOTIFICATION_KIND_LABELS[n.kind]} · {formatDate(n.created_at)}
              {n.resent_at !== null && ` · sent again ${formatDate(n.resent_at)}`}
            </Text>
          </Group>
          <Title order={2} size="h4">
            <Anchor component={Link} to={n.link} onClick={open}>
              {n.title}
            </Anchor>
          </Title>
          <Text size="sm">{n.body}</Text>
        </Stack>
        <Stack gap="xs" align="flex-end">
          {n.safety && n.acknowledged_at === null && (
            <Button color="red.9" size="sm" loading={acknowledge.isPending} onClick={() => acknowledge.mutate(n.id)}>
              I have read this
            </Button>
          )}
          {n.safety && n.acknowledged_at !== null && (
            <Text size="sm" c="teal.9">
              You confirmed reading this on {formatDate(n.acknowledged_at)}.
            </Text>
          )}
          {!n.safety && unread && (
            <Button size="xs" variant="default" loading={markRead.isPending} onClick={() => markRead.mutate([n.id])}>
              Mark read
            </Button>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * /notifications (ADR 025): everything Kindred told the signed-in user, newest first, with filters by kind and
 * unread, "Mark all read", a link from each to what it is about, and "I have read this" on safety notices.
 */
export function NotificationsView() {
  const [filters, setFilters] = useState<NotificationFilters>({ kind: '', unread: false, page: 1 });
  const list = useNotifications(filters);
  const markAll = useMarkAllRead();
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.page_size)) : 1;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} fz={{ base: 28, sm: 36 }}>
            Notifications
          </Title>
          <Text c="var(--kindred-muted)" mt={4}>
            Updates about donors you follow, your alerts and your account.
          </Text>
        </div>
        <Button
          variant="light"
          onClick={() => markAll.mutate(undefined)}
          loading={markAll.isPending}
          disabled={!list.data?.unread}
        >
          Mark all read
        </Button>
      </Group>
      <Group gap="md" align="flex-end" wrap="wrap">
        <Select
          label="Kind"
          data={KIND_OPTIONS}
          value={filters.kind}
          onChange={(v) => setFilters({ ...filters, kind: (v ?? '') as NotificationKind | '', page: 1 })}
          allowDeselect={false}
          w={240}
        />
        <Switch
          label="Unread only"
          checked={filters.unread}
          onChange={(e) => setFilters({ ...filters, unread: e.currentTarget.checked, page: 1 })}
        />
      </Group>
      {list.isPending ? (
        <Center py="xl" role="status" aria-label="Loading your notifications">
          <Loader size={40} />
        </Center>
      ) : list.isError ? (
        <Alert color="red" variant="light" title="Could not load your notifications">
          <Text size="sm">Please try again.</Text>
          <Button size="xs" variant="default" mt="xs" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : list.data.notifications.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" ta="center">
          <Title order={2} size="h3">
            {filters.kind || filters.unread ? 'Nothing matches these filters' : 'No notifications yet'}
          </Title>
          <Text mt="xs" c="var(--kindred-muted)">
            When a donor you follow has news, it will appear here.
          </Text>
        </Paper>
      ) : (
        <>
          <Text size="sm" aria-live="polite">
            {list.data.unread} unread of {list.data.total}
          </Text>
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {list.data.notifications.map((n) => (
              <NotificationItem key={n.id} n={n} />
            ))}
          </Stack>
          {pages > 1 && (
            <Pagination
              total={pages}
              value={filters.page}
              onChange={(page) => setFilters({ ...filters, page })}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            />
          )}
        </>
      )}
    </Stack>
  );
}
