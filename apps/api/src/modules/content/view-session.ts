import type { FastifyReply, FastifyRequest } from 'fastify';
import { isViewSessionId, newViewSessionId } from './content.service.ts';

export const VIEW_SESSION_COOKIE = 'kindred_view_session';

/**
 * The reader session a view belongs to: the client may send its own id (X-View-Session), else a session cookie
 * is used, set here on first read. Either way the server deduplicates per article.
 */
export function viewSessionOf(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const header = request.headers['x-view-session'];
  if (isViewSessionId(header)) return header;
  const cookie = request.cookies[VIEW_SESSION_COOKIE];
  if (isViewSessionId(cookie)) return cookie;
  const id = newViewSessionId();
  reply.setCookie(VIEW_SESSION_COOKIE, id, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  return id;
}
