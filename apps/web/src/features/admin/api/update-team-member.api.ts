import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamMemberDto, TeamMemberInput } from '@kindred/shared/content.schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { adminKeys, publicTeamKey } from './admin-keys.ts';

/** PUT admin/team/<id>/ (admin): every field of one member; the display order is kept. */
export function updateTeamMember(id: number, body: TeamMemberInput): Promise<TeamMemberDto> {
  return apiRequest<TeamMemberDto>(apiPaths.adminTeamMember(id), { method: 'PUT', body, auth: true });
}

export function useUpdateTeamMemberMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TeamMemberInput }) => updateTeamMember(id, body),
    onSuccess: async (saved) => {
      queryClient.setQueryData<TeamMemberDto[]>(adminKeys.team, (old) =>
        old?.map((m) => (m.id === saved.id ? saved : m)),
      );
      await queryClient.invalidateQueries({ queryKey: adminKeys.team });
      void queryClient.invalidateQueries({ queryKey: publicTeamKey });
    },
  });
}
