import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamMemberDto } from '@kindred/shared/content.schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { adminKeys } from './admin-keys.ts';

/** GET team/ (public): every team member in display order. Unlike the public page, a failure is shown here. */
export function fetchTeam(signal?: AbortSignal): Promise<TeamMemberDto[]> {
  return apiRequest<TeamMemberDto[]>(apiPaths.team, { signal });
}

export const teamQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.team, queryFn: ({ signal }) => fetchTeam(signal) });

export function useTeam() {
  return useQuery(teamQueryOptions());
}
