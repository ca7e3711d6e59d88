import { describe, expect, it } from 'vitest';
import {
  mediaPath,
  mediaSrcSet,
  mediaVariantPath,
  mediaVariantWidths,
  parseMediaPath,
  parseVariantPath,
} from './media.ts';

const id = 'a1b2c3d4e5f6a7b8c9d0a1b2c3d4e5';

describe('image references and variants', () => {
  it('keeps every ladder width below the original, plus the original width (never upscaling)', () => {
    expect(mediaVariantWidths(200)).toEqual([200]);
    expect(mediaVariantWidths(320)).toEqual([320]);
    expect(mediaVariantWidths(1000)).toEqual([320, 640, 960, 1000]);
    expect(mediaVariantWidths(1920)).toEqual([320, 640, 960, 1280, 1920]);
    expect(mediaVariantWidths(4000)).toEqual([320, 640, 960, 1280, 1920]);
  });

  it('round-trips a reference path and refuses anything else (illustrations, traversal, junk)', () => {
    const ref = { id, width: 1200, height: 800 };
    expect(parseMediaPath(mediaPath(ref))).toEqual(ref);
    for (const other of [
      '/images/blog/costs.svg',
      `/media/${id}/1200x800/../x`,
      `/media/${id.toUpperCase()}/1x1`,
      `/media/short/1x1`,
      `/media/${id}/0x0`,
      `/media/${id}/0800x600`,
      `/media/${id}/800x0`,
      '',
      null,
      undefined,
    ]) {
      expect(parseMediaPath(other)).toBeNull();
    }
  });

  it('names variants by width and format, with .jpg for JPEG', () => {
    expect(mediaVariantPath(id, 640, 'jpeg')).toBe(`/media/${id}/640.jpg`);
    expect(parseVariantPath(`/media/${id}/640.jpg`)).toEqual({ id, width: 640, format: 'jpeg' });
    expect(parseVariantPath(`/media/${id}/640.avif`)).toEqual({ id, width: 640, format: 'avif' });
    expect(parseVariantPath(`/media/${id}/640.gif`)).toBeNull();
    expect(parseVariantPath(`/media/${id}/640.jpeg`)).toBeNull();
    // One address per variant: no leading zeros, no zero width.
    expect(parseVariantPath(`/media/${id}/0640.jpg`)).toBeNull();
    expect(parseVariantPath(`/media/${id}/0.jpg`)).toBeNull();
  });

  it('builds a srcset with a w descriptor per stored width', () => {
    expect(mediaSrcSet({ id, width: 700, height: 350 }, 'webp')).toBe(
      `/media/${id}/320.webp 320w, /media/${id}/640.webp 640w, /media/${id}/700.webp 700w`,
    );
  });
});
