import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamMemberDto, TeamMemberInput } from '@kindred/shared/content.schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { adminKeys, publicTeamKey } from './admin-keys.ts';

/** POST admin/team/ (admin): a new member, shown last. */
export function createTeamMember(body: TeamMemberInput): Promise<TeamMemberDto> {
  return apiRequest<TeamMemberDto>(apiPaths.adminTeam, { method: 'POST', body, auth: true });
}

export function useCreateTeamMemberMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTeamMember,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.team });
      void queryClient.invalidateQueries({ queryKey: publicTeamKey });
    },
  });
}
