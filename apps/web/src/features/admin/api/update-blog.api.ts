import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlogDetailDto, BlogInput } from '@kindred/shared/content.schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { adminKeys, publicBlogsKey } from './admin-keys.ts';

/** PUT admin/blogs/<id>/ (admin): the whole article; its published state is kept (no `published` is sent). */
export function updateBlog(id: number, body: BlogInput): Promise<BlogDetailDto> {
  return apiRequest<BlogDetailDto>(apiPaths.adminBlog(id), { method: 'PUT', body, auth: true });
}

export function useUpdateBlogMutation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BlogInput) => updateBlog(id, body),
    onSuccess: async (saved) => {
      queryClient.setQueryData<BlogDetailDto[]>(adminKeys.blogs, (old) =>
        old?.map((b) => (b.id === saved.id ? saved : b)),
      );
      await queryClient.invalidateQueries({ queryKey: adminKeys.blogs });
      void queryClient.invalidateQueries({ queryKey: publicBlogsKey });
    },
  });
}
