import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  acceptInvitationResponse,
  adminClinicsResponse,
  invitationResponse,
  inviteStaffResponse,
  AcceptInvitationRequest,
  InviteStaffRequest,
} from '@kindred/shared/clinic-portal.schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { clinicApi } from '../lib/clinic-paths.ts';

const adminClinicsKey = ['admin', 'clinics'] as const;

/** GET admin/clinics/ (admin): every clinic with its banks and staff. */
export const useAdminClinics = () =>
  useQuery({
    queryKey: adminClinicsKey,
    queryFn: ({ signal }) =>
      apiRequest<z.infer<typeof adminClinicsResponse>>(clinicApi.adminClinics, { auth: true, signal }),
  });

/** POST admin/clinics/<ref>/staff/ (admin): creates the account and mails the set-password link. */
export function useInviteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ referenceId, body }: { referenceId: string; body: InviteStaffRequest }) =>
      apiRequest<z.infer<typeof inviteStaffResponse>>(clinicApi.adminInvite(referenceId), {
        method: 'POST',
        body,
        auth: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminClinicsKey }),
  });
}

/** GET auth/invitation/?token= (public): whose invitation the link is. */
export const useInvitation = (token: string) =>
  useQuery({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) =>
      apiRequest<z.infer<typeof invitationResponse>>(clinicApi.invitation, { query: { token }, signal }),
    retry: false,
    enabled: token.length > 0,
  });

/** POST auth/invitation/accept/ (public): sets the password, once. */
export const useAcceptInvitation = () =>
  useMutation({
    mutationFn: (body: AcceptInvitationRequest) =>
      apiRequest<z.infer<typeof acceptInvitationResponse>>(clinicApi.acceptInvitation, { method: 'POST', body }),
  });
