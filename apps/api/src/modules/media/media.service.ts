import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Metadata, OutputInfo } from 'sharp';
import {
  MEDIA_FORMATS,
  MEDIA_MAX_PIXELS,
  MEDIA_MSG,
  MEDIA_UPLOAD_TYPES,
  MEDIA_WIDTHS,
  mediaIdsIn,
  mediaPath,
  mediaVariantWidths,
  type MediaFormat,
  type MediaRef,
} from '@kindred/shared/media';
import type { Db } from '../../db/db.ts';
import type { AuditActor, AuditService } from '../audit/audit.service.ts';
import type { Clock } from '../../lib/clock.ts';
import { fieldError } from '../../lib/errors.ts';
import * as repo from './media.repository.ts';

const MASTER_MAX_WIDTH = MEDIA_WIDTHS[MEDIA_WIDTHS.length - 1]!;
/** Portrait photos keep their full width up to an aspect ratio of 1:4; taller ones are scaled down to fit. */
const MASTER_MAX_HEIGHT = MASTER_MAX_WIDTH * 4;
/** Formats libvips may report for an accepted upload; AVIF is HEIF with AV1 compression. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);

/** libvips, loaded on the first image handled rather than at start (a native library: 0.1-0.8 s to load). */
let sharpLoaded: Promise<typeof import('sharp')> | undefined;
const loadSharp = async () => (await (sharpLoaded ??= import('sharp'))).default;

/** Encoder settings per format: visually close at the sizes pages show, and small. */
async function encode(master: Buffer, width: number, format: MediaFormat): Promise<Buffer> {
  const sharp = await loadSharp();
  const resized = sharp(master).resize({ width, withoutEnlargement: true });
  // AVIF at effort 0: measured 10–100× faster than the default effort 4 for files at most ~12% larger (ADR 008).
  if (format === 'avif') return resized.avif({ quality: 52, effort: 0 }).toBuffer();
  if (format === 'webp') return resized.webp({ quality: 76, effort: 4 }).toBuffer();
  return resized.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true, progressive: true }).toBuffer();
}

export type MediaService = ReturnType<typeof createMediaService>;

/**
 * Uploaded images: checked by decoding, never by the declared type alone; normalised into a master; served as
 * variants made on demand (and in advance after an upload) and stored in the database.
 * Decision: docs/decisions/008-images.md.
 */
/** An upload nothing refers to is kept this long (an editor may still be writing the article), then deleted. */
export const UNUSED_IMAGE_GRACE_MS = 24 * 60 * 60 * 1000;

export function createMediaService(deps: {
  db: Db;
  log: FastifyBaseLogger;
  clock: Clock;
  /** An upload writes its audit row (`image.upload`) in the transaction that stores it (ADR 022). */
  audit: Pick<AuditService, 'change'>;
}) {
  const inflight = new Map<string, Promise<Buffer | null>>();
  let encodes = 0;
  const background = new Set<Promise<void>>();
  let closing = false;

  /** Encodes and stores one variant; requests that arrive together share one encode. */
  function makeVariant(id: string, width: number, format: MediaFormat): Promise<Buffer | null> {
    const key = `${id}/${width}/${format}`;
    const pending = inflight.get(key);
    if (pending) return pending;
    // In the map before the first await, so a second request arriving meanwhile joins this one.
    const work = (async () => {
      const master = await repo.readMaster(deps.db, id);
      if (!master) return null;
      const data = await encode(master, width, format);
      await repo.insertVariant(deps.db, id, width, format, data);
      encodes += 1;
      return data;
    })().finally(() => inflight.delete(key));
    inflight.set(key, work);
    return work;
  }

  /** Makes every variant of a new upload, smallest first, so the first readers do not wait for encoding. */
  function pregenerate(ref: MediaRef) {
    const job = (async () => {
      for (const width of mediaVariantWidths(ref.width)) {
        for (const format of MEDIA_FORMATS) {
          if (closing) return;
          if (!(await repo.hasVariant(deps.db, ref.id, width, format))) await makeVariant(ref.id, width, format);
        }
      }
    })().catch((err: unknown) =>
      deps.log.error({ err, image: ref.id }, 'making image variants failed; they will be made on request'),
    );
    background.add(job);
    void job.finally(() => background.delete(job));
  }

  return {
    /** Validates and stores an upload; returns its reference (the path that goes into an `image` field). */
    async upload(
      bytes: unknown,
      contentType: string | undefined,
      actor: AuditActor,
    ): Promise<MediaRef & { url: string }> {
      const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
      if (!Buffer.isBuffer(bytes) || !(MEDIA_UPLOAD_TYPES as readonly string[]).includes(type))
        throw fieldError('image', MEDIA_MSG.unsupportedType);
      if (bytes.length === 0) throw fieldError('image', MEDIA_MSG.unreadable);
      // The header first, without a pixel limit (nothing is decoded yet), so a too-large photo gets its own message.
      const sharp = await loadSharp();
      let meta: Metadata;
      try {
        meta = await sharp(bytes, { limitInputPixels: false }).metadata();
      } catch {
        throw fieldError('image', MEDIA_MSG.unreadable);
      }
      if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || (meta.format === 'heif' && meta.compression !== 'av1'))
        throw fieldError('image', MEDIA_MSG.unsupportedType);
      if ((meta.width ?? 0) * (meta.height ?? 0) > MEDIA_MAX_PIXELS) throw fieldError('image', MEDIA_MSG.tooManyPixels);
      let master: { data: Buffer; info: OutputInfo };
      try {
        // rotate() applies the camera's orientation; metadata (location, camera) is not copied to the output. A
        // very tall image is scaled to fit MASTER_MAX_HEIGHT as well (WebP stops at 16,383 pixels a side).
        master = await sharp(bytes, { limitInputPixels: MEDIA_MAX_PIXELS, failOn: 'error' })
          .rotate()
          .resize({ width: MASTER_MAX_WIDTH, height: MASTER_MAX_HEIGHT, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 92, effort: 4 })
          .toBuffer({ resolveWithObject: true });
      } catch {
        throw fieldError('image', MEDIA_MSG.unreadable);
      }
      const ref: MediaRef = {
        id: randomBytes(15).toString('hex'),
        width: master.info.width,
        height: master.info.height,
      };
      await deps.audit.change(actor, async (tx) => {
        await repo.insertImage(tx, { ...ref, master: master.data, uploadedBy: actor.id, createdAt: deps.clock.now() });
        const after = { width: ref.width, height: ref.height, bytes: master.data.length };
        return { result: null, audit: { action: 'image.upload', targetType: 'image', targetId: ref.id, after } };
      });
      pregenerate(ref);
      return { ...ref, url: mediaPath(ref) };
    },

    /** One variant's bytes, made now if needed; null when the image or that width does not exist. */
    async variant(id: string, width: number, format: MediaFormat): Promise<Buffer | null> {
      const image = await repo.findImage(deps.db, id);
      if (!image || !mediaVariantWidths(image.width).includes(width)) return null;
      return (await repo.readVariant(deps.db, id, width, format)) ?? makeVariant(id, width, format);
    },

    /**
     * The largest JPEG of an image, at its reference path only (`/media/<id>/<width>x<height>` with its own size):
     * link previews and plain `<img>` use of the reference.
     */
    async largest(ref: MediaRef): Promise<Buffer | null> {
      const image = await repo.findImage(deps.db, ref.id);
      if (!image || image.width !== ref.width || image.height !== ref.height) return null;
      const widths = mediaVariantWidths(image.width);
      const width = widths[widths.length - 1]!;
      return (await repo.readVariant(deps.db, ref.id, width, 'jpeg')) ?? makeVariant(ref.id, width, 'jpeg');
    },

    /** How many variants this instance has encoded (exposed for tests and metrics). */
    encodeCount: () => encodes,

    /**
     * Records that the texts in `fields` (an image path, a Markdown body) refer to their uploaded images, before the
     * article or team member holding them is saved. An image that no longer exists is a 400 on that field: the
     * clean-up cannot delete an image once it has been marked, for a day, so a save never refers to a deleted one.
     */
    async markUsed(fields: Record<string, string | null | undefined>): Promise<void> {
      const byField = Object.entries(fields).map(([field, text]) => [field, mediaIdsIn(text)] as const);
      const all = [...new Set(byField.flatMap(([, ids]) => ids))];
      if (all.length === 0) return;
      const found = new Set(await repo.touchImages(deps.db, all, deps.clock.now()));
      const missing = byField.find(([, ids]) => ids.some((id) => !found.has(id)));
      if (missing) throw fieldError(missing[0], MEDIA_MSG.gone);
    },

    /** Deletes uploads unused for a day that no article or team member refers to (a scheduled job). */
    removeUnused: () =>
      repo.deleteUnreferencedImages(deps.db, new Date(deps.clock.now().getTime() - UNUSED_IMAGE_GRACE_MS)),

    /** Resolves once the background encodes running now have finished. */
    async settled() {
      await Promise.allSettled([...background]);
    },

    /** Stops starting new background encodes and waits for the ones running (at shutdown). */
    async close() {
      closing = true;
      await Promise.allSettled([...background, ...inflight.values()]);
    },
  };
}
