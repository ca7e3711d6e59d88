import { useMutation } from '@tanstack/react-query';
import type { MediaUploadResponse } from '@kindred/shared/content.schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

/**
 * POST admin/images/ (admin) with the file itself as the body and its type as Content-Type. 400 when the file is
 * not a readable JPEG, PNG, WebP or AVIF image, 413 over 10 MB. The answer's `url` (`/media/<id>/<w>x<h>`) is what
 * goes into `featured_image` or `image`.
 */
export function uploadImage(file: Blob): Promise<MediaUploadResponse> {
  return apiRequest<MediaUploadResponse>(apiPaths.adminImages, { method: 'POST', body: file, auth: true });
}

export function useUploadImageMutation() {
  return useMutation({ mutationFn: uploadImage });
}
