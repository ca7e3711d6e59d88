import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

/**
 * Fastify's schema serializer (fast-json-stringify) for a response described by a shared zod schema (issue 26,
 * ADR 011). The default serializer of this app (fastify-type-provider-zod) parses every answer with zod and then
 * runs JSON.stringify on the copy: for a find-matches page of 50 donors that was as much CPU as the rest of the
 * request bar the engine. This compiles, once at start, the JSON Schema that OpenAPI already publishes for the
 * zod schema (its output side: defaults filled in) into a function that writes exactly the listed properties and
 * drops any other, so a field that is not in the schema still never reaches a client. It does not validate: the
 * service's types are the contract (the API tests parse answers with the same schema).
 */
export function jsonSerializer(schema: z.ZodType): (data: unknown) => string {
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-07', unrepresentable: 'any' });
  return fastJson(simplify(json) as Parameters<typeof fastJson>[0]);
}

/** For a route's `serializerCompiler`: its response schemas serialized by jsonSerializer. */
export const jsonSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) =>
  jsonSerializer(schema as z.ZodType);

/**
 * `anyOf: [{type: T, …}, {type: 'null'}]` (zod's nullable) becomes `type: [T, 'null']` for plain scalar types:
 * fast-json-stringify tries each branch of an anyOf with a validator on every value, a type list it just writes.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = simplify(v);
  const anyOf = out.anyOf as Record<string, unknown>[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullAt = anyOf.findIndex((b) => b.type === 'null' && Object.keys(b).length === 1);
    const other = anyOf[1 - nullAt];
    const scalar = ['string', 'number', 'integer', 'boolean'];
    if (nullAt >= 0 && other && typeof other.type === 'string' && scalar.includes(other.type) && !other.enum) {
      delete out.anyOf;
      return { ...out, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}
