import { z } from 'zod';
import { errorCodesFor, type ErrorCode } from '@kindred/shared';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

type Transform = typeof jsonSchemaTransform;
type TransformInput = Parameters<Transform>[0];

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Statuses a route answers that its schema cannot declare (a file download has no JSON 200 to type against). */
const ROUTE_ERRORS: Record<string, number[]> = { 'GET /api/v1/profile/export/:file': [410] };

/** The documented body of one error status: its shape (ADR 003) with `code` limited to that status's codes. */
export function errorResponseSchema(status: number) {
  const codes = errorCodesFor(status) as [ErrorCode, ...ErrorCode[]];
  const code = z.enum(codes);
  const description = `Error: code is one of ${codes.join(', ')}`;
  if (status === 400)
    return z
      .object({ message: z.string(), code, non_field_errors: z.array(z.string()).optional() })
      .catchall(z.array(z.string()))
      .describe(`${description}; every other key is a field with its messages`);
  if (status === 401) return z.object({ detail: z.string(), message: z.string(), code }).describe(description);
  return z.object({ success: z.literal(false), message: z.string(), code }).describe(description);
}

/**
 * The error statuses an operation can answer, from what the route declares: 400 when it takes input, 401/403 when
 * it needs a sign-in, 404 everywhere, 409 (state) for every operation that names or changes something or reads a
 * signed-in account's state, 413/415 where a body is read, and 429, 500 and 503 everywhere (the per-address
 * limiter, our faults, a dependency's). A route's own `response` entries (402, 410, a 400 with a report) are kept as
 * it declares them.
 */
export function documentedErrorStatuses(method: string, url: string, schema: Record<string, unknown>): number[] {
  const takesBody = METHODS_WITH_BODY.has(method);
  const takesInput = takesBody || !!schema.querystring || !!schema.params;
  const secured = Array.isArray(schema.security) && schema.security.length > 0;
  const statuses = [404, 429, 500, 503, ...(ROUTE_ERRORS[`${method} ${url}`] ?? [])];
  if (takesInput) statuses.push(400);
  if (secured) statuses.push(401, 403);
  if (takesBody || schema.params || secured) statuses.push(409);
  if (takesBody) statuses.push(413, 415);
  return statuses.sort((a, b) => a - b);
}

/**
 * The OpenAPI transform: fastify-type-provider-zod's, after adding every error response an operation can give with
 * the stable codes of the shared list (packages/shared ERROR_CODES). Documentation only: the route's own schema,
 * which serializes its answers, is not changed.
 */
export const openapiTransform: Transform = (input: TransformInput) => {
  const schema = (input.schema ?? {}) as Record<string, unknown>;
  if (!input.url.startsWith('/api/') || schema.hide) return jsonSchemaTransform(input);
  const method = String(input.route.method).toUpperCase();
  const response = { ...((schema.response as Record<string, unknown> | undefined) ?? {}) };
  for (const status of documentedErrorStatuses(method, input.url, schema))
    response[status] ??= errorResponseSchema(status);
  return jsonSchemaTransform({ ...input, schema: { ...schema, response } as TransformInput['schema'] });
};
