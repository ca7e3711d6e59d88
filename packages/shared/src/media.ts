/**
 * Uploaded images (article covers, team portraits). The server keeps each upload as a set of variants: every width
 * of MEDIA_WIDTHS up to the original's, plus the original width when it is smaller than the largest step, each in
 * AVIF, WebP and JPEG. An image is referred to by one path that carries its intrinsic size,
 * `/media/<id>/<width>x<height>`, which fits the `image` and `featured_image` fields as they are; the web app
 * derives `srcset` from it without asking the server. No zod here: public pages import this module.
 */

export const MEDIA_WIDTHS = [320, 640, 960, 1280, 1920] as const;
export const MEDIA_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];
export const MEDIA_EXTENSIONS: Record<MediaFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };
/** Content types an upload may have. */
export const MEDIA_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;
/** Larger sides are refused: decoding them would take too much memory. */
export const MEDIA_MAX_PIXELS = 40_000_000;

export const MEDIA_MSG = {
  unsupportedType: 'Upload a JPEG, PNG, WebP or AVIF image.',
  unreadable: 'This file could not be read as an image.',
  tooLarge: 'Images can be at most 10 MB.',
  tooManyPixels: 'This image is too large; use one of at most 40 megapixels.',
  gone: 'This image is no longer available. Upload it again.',
} as const;

const ID_RE = '[a-z0-9]{20,40}';
/** A size: 1 to 99,999, without leading zeros, so that each image and variant has exactly one address. */
const SIZE_RE = '[1-9]\\d{0,4}';
const MEDIA_PATH_RE = new RegExp(`^/media/(${ID_RE})/(${SIZE_RE})x(${SIZE_RE})$`);
const VARIANT_PATH_RE = new RegExp(`^/media/(${ID_RE})/(${SIZE_RE})\\.(avif|webp|jpg)$`);

export type MediaRef = { id: string; width: number; height: number };

/** The ids of the uploaded images a text refers to: an image field, or a Markdown body with image links. */
export function mediaIdsIn(text: string | null | undefined): string[] {
  if (!text) return [];
  return [...new Set([...text.matchAll(new RegExp(`/media/(${ID_RE})/`, 'g'))].map((m) => m[1]!))];
}

export const mediaPath = (ref: MediaRef) => `/media/${ref.id}/${ref.width}x${ref.height}`;

/** The uploaded image an `image` field points at, or null for any other path (an SVG illustration, say). */
export function parseMediaPath(path: string | null | undefined): MediaRef | null {
  const m = path ? MEDIA_PATH_RE.exec(path) : null;
  return m ? { id: m[1]!, width: Number(m[2]), height: Number(m[3]) } : null;
}

/** The widths kept for an original `width` pixels wide, smallest first. */
export function mediaVariantWidths(width: number): number[] {
  if (width >= MEDIA_WIDTHS[MEDIA_WIDTHS.length - 1]!) return [...MEDIA_WIDTHS];
  return [...MEDIA_WIDTHS.filter((w) => w < width), width];
}

export const mediaVariantPath = (id: string, width: number, format: MediaFormat) =>
  `/media/${id}/${width}.${MEDIA_EXTENSIONS[format]}`;

export function parseVariantPath(path: string): { id: string; width: number; format: MediaFormat } | null {
  const m = VARIANT_PATH_RE.exec(path);
  if (!m) return null;
  const format = m[3] === 'jpg' ? 'jpeg' : (m[3] as MediaFormat);
  return { id: m[1]!, width: Number(m[2]), format };
}

/** `srcset` for one format: every kept width with its `w` descriptor. */
export const mediaSrcSet = (ref: MediaRef, format: MediaFormat) =>
  mediaVariantWidths(ref.width)
    .map((w) => `${mediaVariantPath(ref.id, w, format)} ${w}w`)
    .join(', ');
