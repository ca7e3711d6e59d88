import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlogDetailDto } from '@kindred/shared/content.schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { adminKeys, publicBlogsKey } from './admin-keys.ts';

export type PublishChange = { id: number; published: boolean };

/** POST admin/blogs/<id>/publish/ or unpublish/ (admin). Publishing keeps the first publication date. */
export function setBlogPublished({ id, published }: PublishChange): Promise<BlogDetailDto> {
  const path = published ? apiPaths.adminBlogPublish(id) : apiPaths.adminBlogUnpublish(id);
  return apiRequest<BlogDetailDto>(path, { method: 'POST', auth: true });
}

export function useSetBlogPublishedMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBlogPublished,
    onSuccess: (saved) => {
      queryClient.setQueryData<BlogDetailDto[]>(adminKeys.blogs, (old) =>
        old?.map((b) => (b.id === saved.id ? saved : b)),
      );
      // The public list, home page and the article's own page change with it.
      void queryClient.invalidateQueries({ queryKey: publicBlogsKey });
    },
  });
}
