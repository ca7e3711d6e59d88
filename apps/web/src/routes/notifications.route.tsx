import { PageContainer } from '../components/ui/page-container.tsx';
import { NotificationsView } from '../features/notifications/components/notifications-view.tsx';
import { UnsubscribeView } from '../features/notifications/components/unsubscribe-view.tsx';
import { Seo } from '../lib/seo.tsx';
import { paths } from '../lib/paths.ts';

/** /notifications (guarded): the notification centre of parents and clinic staff (issue 28). */
export function NotificationsPage() {
  return (
    <PageContainer>
      <Seo title="Notifications" description="Your Kindred notifications." path={paths.notifications} />
      <NotificationsView />
    </PageContainer>
  );
}

/** /notifications/unsubscribe?token=… : the unsubscribe link of notification mails (no sign-in needed). */
export function NotificationsUnsubscribePage() {
  return (
    <PageContainer size="md">
      <Seo
        title="Notification e-mails"
        description="Stop one kind of notification e-mail."
        path={paths.notificationsUnsubscribe}
      />
      <UnsubscribeView />
    </PageContainer>
  );
}
