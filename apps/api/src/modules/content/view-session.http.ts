import type { FastifyReply, FastifyRequest } from 'fastify';
import { newViewSessionId, type ContentService, type Reader } from './content.service.ts';

export const VIEW_SESSION_COOKIE = 'kindred_view_session';
/** The reader cookie lasts a year; a view still counts at most once a day per reader. */
const VIEW_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * The reader a view belongs to, from a cookie the server signed (content.signVisitor). A request without a valid
 * one (none, forged, unsigned) gets a new signed cookie and is a first visit; no header the client chooses is read.
 */
export function readerOf(
  request: FastifyRequest,
  reply: FastifyReply,
  content: Pick<ContentService, 'signVisitor' | 'verifyVisitor'>,
  secure: boolean,
): Reader {
  const visitor = content.verifyVisitor(request.cookies[VIEW_SESSION_COOKIE]);
  if (visitor) return { visitor, verified: true, ip: request.ip };
  const fresh = newViewSessionId();
  reply.setCookie(VIEW_SESSION_COOKIE, content.signVisitor(fresh), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: VIEW_COOKIE_MAX_AGE_S,
  });
  return { visitor: fresh, verified: false, ip: request.ip };
}
