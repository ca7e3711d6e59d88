import { ClinicPortal } from '../features/clinic/components/clinic-portal.tsx';

/** /clinic (guarded, clinic role): the clinic portal. */
export function ClinicPortalPage() {
  return <ClinicPortal />;
}
