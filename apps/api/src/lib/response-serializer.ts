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

/**
 * jsonSerializer for an object schema whose `key` holds a large array that is often the very same array again
 * (find-matches: a page asked again is the ranked page kept in memory, rank-cache.ts): the array's JSON is kept,
 * UTF-8 encoded, per array (a WeakMap, so it lives as long as the array) and only the small rest is written per
 * request. The answer is a Buffer, which Fastify sends as it is: a 300 KB page as one string cost more in working
 * out its length and encoding it than in writing it. The array and its items must not change once answered (the
 * engine's matches never do). The array's key comes last.
 */
export function jsonSerializerKeepingArray(schema: z.ZodObject, key: string): (data: unknown) => string {
  const rest = jsonSerializer(schema.omit({ [key]: true } as never));
  const items = jsonSerializer(schema.shape[key] as z.ZodType);
  const written = new WeakMap<object, Buffer>();
  const close = Buffer.from('}');
  const name = JSON.stringify(key);
  const serialize = (data: unknown): Buffer => {
    const array = (data as Record<string, unknown>)[key] as object;
    let json = written.get(array);
    if (json === undefined) written.set(array, (json = Buffer.from(items(array))));
    const head = rest(data);
    return Buffer.concat([Buffer.from(`${head.slice(0, -1)}${head.length > 2 ? ',' : ''}${name}:`), json, close]);
  };
  // Fastify's serializer type says string; it sends a Buffer the same way (reply.js onSendEnd).
  return serialize as unknown as (data: unknown) => string;
}
