import { useSearchParams } from 'react-router';
import { PageContainer } from '../components/ui/page-container.tsx';
import { ManageAppointment } from '../features/appointments/components/manage-appointment.tsx';
import { Seo } from '../lib/seo.tsx';
import { paths } from '../lib/paths.ts';

/** /appointments/manage?token=… : the signed link from the appointment e-mails (no sign-in needed). */
export function AppointmentManagePage() {
  const [params, setParams] = useSearchParams();
  return (
    <PageContainer size="md">
      <Seo
        title="Your appointment"
        description="Cancel or move your clinic appointment."
        path={paths.appointmentManage}
      />
      <ManageAppointment
        token={params.get('token')?.trim() ?? ''}
        // A move ends the link in the address: carry on with its replacement (the old one is not kept in history).
        onNewToken={(next) => setParams({ token: next }, { replace: true })}
      />
    </PageContainer>
  );
}
