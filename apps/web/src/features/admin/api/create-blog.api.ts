import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlogDetailDto, BlogInput } from '@kindred/shared/content.schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { adminKeys, publicBlogsKey } from './admin-keys.ts';

/** POST admin/blogs/ (admin): a new article; 400 with field messages, 409 when the slug is taken. */
export function createBlog(body: BlogInput): Promise<BlogDetailDto> {
  return apiRequest<BlogDetailDto>(apiPaths.adminBlogs, { method: 'POST', body, auth: true });
}

export function useCreateBlogMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBlog,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.blogs });
      void queryClient.invalidateQueries({ queryKey: publicBlogsKey });
    },
  });
}
