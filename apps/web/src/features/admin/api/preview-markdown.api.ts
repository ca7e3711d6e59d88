import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** POST admin/blogs/preview/ (admin): Markdown rendered and sanitised exactly as the article page will show it. */
export function previewMarkdown(content: string): Promise<{ content_html: string }> {
  return apiRequest<{ content_html: string }>(apiPaths.adminBlogPreview, {
    method: 'POST',
    body: { content },
    auth: true,
  });
}

export function usePreviewMarkdownMutation() {
  return useMutation({ mutationFn: previewMarkdown });
}
