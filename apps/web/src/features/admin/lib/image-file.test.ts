import { describe, expect, it } from 'vitest';
import { MEDIA_MAX_BYTES, MEDIA_MSG } from '@kindred/shared/media';
import { imageFileProblem } from './image-file.ts';

describe('imageFileProblem', () => {
  it('accepts the four upload types up to 10 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/avif']) {
      expect(imageFileProblem({ type, size: 1024 })).toBeNull();
    }
    expect(imageFileProblem({ type: 'image/png', size: MEDIA_MAX_BYTES })).toBeNull();
  });

  it('refuses other types, including SVG and GIF, with the server message', () => {
    for (const type of ['image/svg+xml', 'image/gif', 'application/pdf', '']) {
      expect(imageFileProblem({ type, size: 10 })).toBe(MEDIA_MSG.unsupportedType);
    }
  });

  it('refuses files over 10 MB', () => {
    expect(imageFileProblem({ type: 'image/jpeg', size: MEDIA_MAX_BYTES + 1 })).toBe(MEDIA_MSG.tooLarge);
  });

  it('names the type before the size', () => {
    expect(imageFileProblem({ type: 'application/pdf', size: MEDIA_MAX_BYTES * 3 })).toBe(MEDIA_MSG.unsupportedType);
  });
});
