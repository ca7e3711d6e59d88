import type { FastifyRequest } from 'fastify';
import type { AuditActor } from '../modules/audit/audit.service.ts';
import { currentUser } from './auth-guard.ts';

/**
 * The request's actor for the audit log: call in a route after the guard has run (every console route is
 * guarded). The route adapts the request; services take the plain AuditActor (issue 27).
 */
export function auditActor(request: FastifyRequest): AuditActor {
  const user = currentUser(request);
  return { id: user.id, role: user.role, ip: request.ip ?? null };
}
