import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MEDIA_MAX_BYTES, MEDIA_MSG, parseMediaPath, parseVariantPath, type MediaFormat } from '@kindred/shared/media';
import { mediaUploadResponse } from '@kindred/shared/content.schemas';
import { AppError, notFound } from '../../lib/errors.ts';
import type { AuthGuard } from '../../plugins/auth-guard.ts';
import { auditActor } from '../../plugins/audit-actor.ts';
import type { MediaService } from './media.service.ts';

const CONTENT_TYPES: Record<MediaFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };

/** Refuses an upload by its declared length before reading it, with a message an editor understands. */
async function declaredSizeCheck(request: FastifyRequest) {
  if (Number(request.headers['content-length'] ?? 0) > MEDIA_MAX_BYTES)
    throw new AppError('payload_too_large', MEDIA_MSG.tooLarge, 413);
}

/** Image upload (admin) and the public, immutable image variants. */
export async function mediaRoutes(root: FastifyInstance, opts: { guard: AuthGuard; media: MediaService }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // This plugin's scope only: any body type arrives as bytes; the service decides what it is.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MEDIA_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/api/v1/admin/images/',
    {
      onRequest: [opts.guard.requireRole('admin'), declaredSizeCheck],
      bodyLimit: MEDIA_MAX_BYTES,
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary: 'Upload an image (JPEG, PNG, WebP or AVIF; the raw file as the body, its type as Content-Type)',
        response: { 201: mediaUploadResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await opts.media.upload(request.body, request.headers['content-type'], auditActor(request))),
  );

  app.get(
    '/media/:id/:file',
    {
      schema: { hide: true, params: z.object({ id: z.string().max(64), file: z.string().max(32) }) },
    },
    async (request, reply) => {
      const { id, file } = request.params;
      let data: Buffer | null = null;
      let type = CONTENT_TYPES.jpeg;
      const reference = parseMediaPath(`/media/${id}/${file}`);
      if (reference) {
        data = await opts.media.largest(reference);
      } else {
        const variant = parseVariantPath(`/media/${id}/${file}`);
        if (variant) {
          data = await opts.media.variant(variant.id, variant.width, variant.format);
          type = CONTENT_TYPES[variant.format];
        }
      }
      if (!data) throw notFound();
      // A variant's bytes never change under its address.
      return reply.type(type).header('cache-control', 'public, max-age=31536000, immutable').send(data);
    },
  );
}
