import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamMemberDto } from '@kindred/shared/content.schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { adminKeys, publicTeamKey } from './admin-keys.ts';

/** DELETE admin/team/<id>/ (admin): 204 when removed. */
export async function deleteTeamMember(id: number): Promise<void> {
  await apiRequest<null>(apiPaths.adminTeamMember(id), { method: 'DELETE', auth: true });
}

export function useDeleteTeamMemberMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTeamMember,
    onSuccess: (_void, id) => {
      queryClient.setQueryData<TeamMemberDto[]>(adminKeys.team, (old) => old?.filter((m) => m.id !== id));
      void queryClient.invalidateQueries({ queryKey: adminKeys.team });
      void queryClient.invalidateQueries({ queryKey: publicTeamKey });
    },
  });
}
