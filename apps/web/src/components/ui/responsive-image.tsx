import type { ImgHTMLAttributes } from 'react';
import { mediaSrcSet, mediaVariantPath, mediaVariantWidths, parseMediaPath } from '@kindred/shared/media';
import classes from './responsive-image.module.css';

type Props = Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'sizes' | 'loading' | 'fetchPriority' | 'width' | 'height'
> & {
  src: string;
  alt: string;
  /** How wide the image is shown, as the `sizes` attribute: lets the browser pick the right width. */
  sizes: string;
  /** Width and height of the box the image fills, used for illustrations (SVG) that have no intrinsic size. */
  width: number;
  height: number;
  /** Above the fold and likely the largest paint: fetched at once and first. Otherwise loaded lazily. */
  priority?: boolean;
};

/**
 * An image at the size and in the format the browser can best use. Uploaded images (`/media/<id>/<w>x<h>`) become a
 * `<picture>` with AVIF and WebP sources and a JPEG fallback, each with every stored width; illustrations (SVG)
 * are a plain `<img>`, sharp at any size. Decision: docs/decisions/008-images.md.
 */
export function ResponsiveImage({ src, alt, sizes, width, height, priority = false, ...rest }: Props) {
  const loading = priority ? 'eager' : 'lazy';
  const fetchPriority = priority ? 'high' : undefined;
  const ref = parseMediaPath(src);
  if (!ref)
    return (
      <img
        {...rest}
        src={src}
        alt={alt}
        width={width}
        height={height}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
      />
    );
  const widths = mediaVariantWidths(ref.width);
  const fallback = widths.find((w) => w >= 640) ?? widths[widths.length - 1]!;
  return (
    <picture className={classes.picture}>
      <source type="image/avif" srcSet={mediaSrcSet(ref, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={mediaSrcSet(ref, 'webp')} sizes={sizes} />
      <img
        {...rest}
        src={mediaVariantPath(ref.id, fallback, 'jpeg')}
        srcSet={mediaSrcSet(ref, 'jpeg')}
        sizes={sizes}
        alt={alt}
        width={ref.width}
        height={ref.height}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
      />
    </picture>
  );
}
