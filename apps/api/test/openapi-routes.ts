/**
 * The API's routes as its OpenAPI document describes them, for the generated-junk test (junk.test.ts): method,
 * path, parameters and body schema, and a loose check of a value against that schema.
 */

export type Route = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string; // OpenAPI form, /a/{id}/b/
  pathParams: string[];
  query: { name: string; required: boolean }[];
  bodyKeys: string[];
  /** The JSON schema of the body from the OpenAPI document, and whether a body is required. */
  bodySchema: unknown;
  bodyRequired: boolean;
  hasBody: boolean;
  secured: boolean;
};

export const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function routesFrom(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Route[] {
  const routes: Route[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const [m, op] of Object.entries(ops)) {
      const method = m.toUpperCase() as Route['method'];
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) continue;
      const params = (op.parameters ?? []) as { in: string; name: string; required?: boolean }[];
      const requestBody = op.requestBody as
        { required?: boolean; content?: Record<string, { schema?: unknown }> } | undefined;
      const body = requestBody?.content?.['application/json']?.schema;
      routes.push({
        method,
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, required: !!p.required })),
        bodyKeys: [...new Set(propertyNames(body))],
        bodySchema: body,
        bodyRequired: !!requestBody?.required,
        hasBody: BODY_METHODS.has(method),
        secured: Array.isArray(op.security) && op.security.length > 0,
      });
    }
  }
  return routes;
}

/**
 * A loose JSON-schema check (types, required, lengths, patterns, enums, bounds): true when `v` would pass the
 * route's documented body schema. Unknown keywords pass, so it errs toward "valid" and junk it accepts is skipped.
 */
export function conformsTo(schema: unknown, v: unknown): boolean {
  if (schema === undefined || schema === null || schema === true) return true;
  if (schema === false || typeof schema !== 'object') return schema !== false;
  const s = schema as Record<string, unknown>;
  const list = (k: string) => (Array.isArray(s[k]) ? (s[k] as unknown[]) : undefined);
  if (list('anyOf') && !list('anyOf')!.some((x) => conformsTo(x, v))) return false;
  if (list('oneOf') && !list('oneOf')!.some((x) => conformsTo(x, v))) return false;
  if (list('allOf') && !list('allOf')!.every((x) => conformsTo(x, v))) return false;
  if ('const' in s && JSON.stringify(s.const) !== JSON.stringify(v)) return false;
  if (list('enum') && !list('enum')!.some((e) => JSON.stringify(e) === JSON.stringify(v))) return false;
  if (v === null && s.nullable === true) return true;
  const isObject = (x: unknown): x is Record<string, unknown> =>
    typeof x === 'object' && x !== null && !Array.isArray(x);
  const typeOk = (t: unknown) =>
    (t === 'null' && v === null) ||
    (t === 'string' && typeof v === 'string') ||
    (t === 'number' && typeof v === 'number') ||
    (t === 'integer' && Number.isInteger(v)) ||
    (t === 'boolean' && typeof v === 'boolean') ||
    (t === 'array' && Array.isArray(v)) ||
    (t === 'object' && isObject(v));
  if (s.type !== undefined && !([] as unknown[]).concat(s.type).some(typeOk)) return false;
  const num = (k: string) => (typeof s[k] === 'number' ? (s[k] as number) : undefined);
  if (typeof v === 'string') {
    if (num('minLength') !== undefined && v.length < num('minLength')!) return false;
    if (num('maxLength') !== undefined && v.length > num('maxLength')!) return false;
    if (typeof s.pattern === 'string') {
      try {
        if (!new RegExp(s.pattern, 'u').test(v)) return false;
      } catch {
        // a pattern JavaScript cannot compile: no verdict
      }
    }
  }
  if (typeof v === 'number') {
    if (num('minimum') !== undefined && v < num('minimum')!) return false;
    if (num('maximum') !== undefined && v > num('maximum')!) return false;
    if (num('exclusiveMinimum') !== undefined && v <= num('exclusiveMinimum')!) return false;
    if (num('exclusiveMaximum') !== undefined && v >= num('exclusiveMaximum')!) return false;
  }
  if (Array.isArray(v)) {
    if (num('minItems') !== undefined && v.length < num('minItems')!) return false;
    if (num('maxItems') !== undefined && v.length > num('maxItems')!) return false;
    if (s.items && typeof s.items === 'object' && !v.every((x) => conformsTo(s.items, x))) return false;
  }
  if (isObject(v)) {
    if (list('required') && !list('required')!.every((k) => Object.prototype.hasOwnProperty.call(v, k as string)))
      return false;
    if (isObject(s.properties)) {
      for (const [k, sub] of Object.entries(s.properties))
        if (Object.prototype.hasOwnProperty.call(v, k) && !conformsTo(sub, v[k])) return false;
    }
  }
  return true;
}

/** Property names of a JSON schema, looking through anyOf/oneOf/allOf. */
function propertyNames(schema: unknown): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const s = schema as Record<string, unknown>;
  const own = s.properties && typeof s.properties === 'object' ? Object.keys(s.properties) : [];
  const nested = ['anyOf', 'oneOf', 'allOf'].flatMap((k) =>
    Array.isArray(s[k]) ? (s[k] as unknown[]).flatMap(propertyNames) : [],
  );
  return [...own, ...nested];
}

type Schema = Record<string, unknown>;

/** The codes a response schema allows for `code` (enum or const, through anyOf/oneOf). */
function codesIn(schema: unknown, out: Set<string> = new Set()): Set<string> {
  if (!schema || typeof schema !== 'object') return out;
  const s = schema as Schema;
  const code = (s.properties as Schema | undefined)?.code as Schema | undefined;
  if (code) {
    if (Array.isArray(code.enum)) for (const c of code.enum) out.add(String(c));
    if (typeof code.const === 'string') out.add(code.const);
  }
  for (const k of ['anyOf', 'oneOf', 'allOf'])
    if (Array.isArray(s[k])) for (const sub of s[k] as unknown[]) codesIn(sub, out);
  return out;
}

/** An operation's documented error answers: status → the codes its body may carry. */
export function documentedErrors(
  doc: { paths: Record<string, Record<string, unknown>> },
  r: { method: string; path: string },
): Map<number, Set<string>> {
  const op = doc.paths[r.path]?.[r.method.toLowerCase()] as { responses?: Record<string, Schema> } | undefined;
  const out = new Map<number, Set<string>>();
  for (const [status, response] of Object.entries(op?.responses ?? {})) {
    if (Number(status) < 400) continue;
    const content = response.content as Record<string, { schema?: unknown }> | undefined;
    out.set(Number(status), codesIn(content?.['application/json']?.schema));
  }
  return out;
}
