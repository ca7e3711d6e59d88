import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogDetailDto } from '@kindred/shared/content.schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { adminKeys } from './admin-keys.ts';

/** GET admin/blogs/ (admin): every article, drafts included, newest first. */
export function fetchAdminBlogs(signal?: AbortSignal): Promise<BlogDetailDto[]> {
  return apiRequest<BlogDetailDto[]>(apiPaths.adminBlogs, { auth: true, signal });
}

export const adminBlogsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.blogs, queryFn: ({ signal }) => fetchAdminBlogs(signal) });

export function useAdminBlogs() {
  return useQuery(adminBlogsQueryOptions());
}
