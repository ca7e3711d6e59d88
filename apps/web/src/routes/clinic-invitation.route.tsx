import { InvitationPage } from '../features/clinic/components/invitation-page.tsx';

/** /clinic/invitation?token=… : clinic staff set their password. */
export function ClinicInvitationPage() {
  return <InvitationPage />;
}
