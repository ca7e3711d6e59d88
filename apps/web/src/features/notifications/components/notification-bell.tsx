import { ActionIcon } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useUnreadCount } from '../api/notifications.api.ts';
import { useNotificationSocket } from '../hooks/use-notification-socket.ts';
import { useReportTimeZone } from '../hooks/use-report-time-zone.ts';
import classes from './notifications.module.css';

/** "Notifications, 3 unread": the bell's accessible name carries the count. */
export const bellLabel = (unread: number | undefined) =>
  unread === undefined ? 'Notifications' : `Notifications, ${unread} unread`;

/**
 * The header's bell (ADR 025): a link to the notification centre whose badge and accessible name show the unread
 * count, kept live over the realtime socket. Rendered only once the app is live and signed in; it also tells the
 * server the browser's time zone (the daily digest's 07:00).
 */
export function NotificationBell() {
  const { data: unread } = useUnreadCount(true);
  useNotificationSocket(true);
  useReportTimeZone();
  return (
    <ActionIcon
      component={Link}
      to={paths.notifications}
      variant="subtle"
      size="lg"
      radius="xl"
      aria-label={bellLabel(unread)}
      className={classes.bell}
      data-testid="notification-bell"
    >
      <IconBell size={22} aria-hidden="true" />
      {!!unread && (
        <span className={classes.badge} aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </ActionIcon>
  );
}
