import { MEDIA_MAX_BYTES, MEDIA_MSG, MEDIA_UPLOAD_TYPES } from '@kindred/shared/media';

/** The accept attribute of the file inputs: the types the server takes. */
export const IMAGE_ACCEPT = MEDIA_UPLOAD_TYPES.join(',');

/**
 * Why the server would refuse this file, checked before uploading it, with the server's own messages; null when it
 * may be sent. The type is checked first: for a large PDF, the useful advice is the format, not the size.
 */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(MEDIA_UPLOAD_TYPES as readonly string[]).includes(file.type)) return MEDIA_MSG.unsupportedType;
  if (file.size > MEDIA_MAX_BYTES) return MEDIA_MSG.tooLarge;
  return null;
}
