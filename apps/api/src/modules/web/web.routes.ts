import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { SERVER_MSG, isKnownWebPath } from '@kindred/shared';

/**
 * Serves the built web app. Known app paths get index.html with 200; unknown ones get it with 404 (the app
 * shows its not-found page); anything under /api gets a JSON 404.
 */
export async function webRoutes(app: FastifyInstance, opts: { distDir: string }) {
  const indexFile = path.join(opts.distDir, 'index.html');
  const hasWeb = existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, { root: opts.distDir, wildcard: false, index: false, maxAge: '1h', immutable: false });
  }
  const indexHtml = () => (hasWeb ? readFileSync(indexFile, 'utf8') : '<!doctype html><title>Kindred</title><p>The web app is not built. Run <code>npm run build</code>.</p>');

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url === '/api' || request.method !== 'GET') {
      return reply.code(404).send({ success: false, message: SERVER_MSG.notFound });
    }
    const status = isKnownWebPath(url) ? 200 : 404;
    return reply.code(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml());
  });
}
