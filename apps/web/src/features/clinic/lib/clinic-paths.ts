/** API paths of clinic accounts and the clinic portal (under /api/v1, trailing slashes as the server expects). */
export const clinicApi = {
  adminClinics: 'admin/clinics/',
  adminInvite: (referenceId: string) => `admin/clinics/${encodeURIComponent(referenceId)}/staff/`,
  invitation: 'auth/invitation/',
  acceptInvitation: 'auth/invitation/accept/',
  clinic: 'clinic/',
  schedule: 'clinic/schedule/',
  overrides: 'clinic/overrides/',
  override: (id: string) => `clinic/overrides/${encodeURIComponent(id)}/`,
  visitTypes: 'clinic/visit-types/',
  visitType: (id: string) => `clinic/visit-types/${encodeURIComponent(id)}/`,
  shortlists: 'clinic/shortlists/',
  donors: 'clinic/donors/',
  donorImport: 'admin/donors/import/',
  /** h-lifecycle's routes (contract). */
  appointments: 'clinic/appointments/',
  appointmentAction: (id: string, action: AppointmentAction) =>
    `clinic/appointments/${encodeURIComponent(id)}/${action}/`,
  /** h-booking's public availability route (contract). */
  availability: (referenceId: string) => `clinics/${encodeURIComponent(referenceId)}/availability/`,
} as const;

export type AppointmentAction = 'confirm' | 'meeting-link' | 'complete' | 'no-show' | 'cancel' | 'reschedule';
