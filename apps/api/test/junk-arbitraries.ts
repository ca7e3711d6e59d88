import fc from 'fast-check';

/**
 * Generators of junk input for junk.test.ts: strings, values, bodies, JSON text, content types, queries, path
 * parts.
 */

/** Percent-encodes every UTF-8 byte (encodeURIComponent throws on lone surrogates). */
export const encodeAll = (s: string) =>
  [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

export const printable = fc.string({ unit: 'grapheme-ascii', maxLength: 60 });
export const nastyStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b@example.com',
  'nul\u0000@example.com',
  '\u0000@\u0000.\u0000',
  '\ud800',
  '\ud800@example.com',
  '\uffff',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  "'; drop table users; --",
  '../../etc/passwd',
  '__proto__',
  'constructor',
  '%00',
  '%zz',
  '${7*7}',
  '{{7*7}}',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x10',
  'true',
  '٣٤٥٦٧٨',
  '１２３４５６',
  'Ünïcödé 名前 🙂',
  '\u202e',
  '\r\n',
  'x@y.z',
  ' a@b.co ',
  'A'.repeat(255),
  'A'.repeat(5000),
  `${'a'.repeat(250)}@example.com`,
  '2026-02-30',
  '0000-00-00',
  '0000-01-01',
  '9999-12-31',
  '+1',
  '+99999999999999999999',
  '000000',
  '999999',
  '12345',
  '1234567',
);
export const hugeString = fc.integer({ min: 1_000, max: 60_000 }).map((n) => 'Z'.repeat(n));
export const junkScalar = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.maxSafeInteger(),
  printable,
  fc.string({ unit: 'binary', maxLength: 40 }),
  nastyStrings,
  hugeString,
);
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: junkScalar },
  { weight: 1, arbitrary: fc.array(junkScalar, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(printable, junkScalar, { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
);
/** Bodies: any JSON value, objects with the route's own keys holding junk, and objects with random keys. */
export const junkBody = (keys: string[]): fc.Arbitrary<unknown> => {
  const fieldAware = keys.length
    ? [
        fc.record(Object.fromEntries(keys.map((k) => [k, junkValue])), { requiredKeys: [] }),
        fc.dictionary(fc.constantFrom(...keys, '__proto__', 'constructor', 'role', 'id', 'is_admin'), junkValue, {
          maxKeys: keys.length + 2,
        }),
      ]
    : [];
  return fc.oneof(fc.jsonValue({ maxDepth: 5 }), fc.dictionary(printable, junkValue, { maxKeys: 6 }), ...fieldAware);
};
/** Malformed JSON text, plus two well-formed but very deeply nested documents. */
export const malformedJson = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '{',
    '}',
    '{"',
    '{"email":',
    '{"email": "a@b.co"',
    '[1,2',
    'nul',
    'tru',
    "{'email': 'x'}",
    '{"a":1,}',
    '{a:1}',
    '\u0000',
    '\ufeff',
    '{"__proto__": {"role": "admin"}}',
    '{"constructor": {"prototype": {"role": "admin"}}}',
    '{"email": "\\ud800"}',
    '{"email": "\\x41"}',
    '{"a": 01}',
    '{"a": NaN}',
    '{"a": Infinity}',
    '"unterminated',
    `{"email":${'['.repeat(5000)}${']'.repeat(5000)}}`,
    `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
  ),
  printable.filter((s) => {
    try {
      JSON.parse(s);
      return false;
    } catch {
      return true;
    }
  }),
);
export const wrongContentType = fc.oneof(
  fc.constantFrom(
    'text/plain',
    'text/html',
    'application/xml',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=xyz',
    'image/png',
    'application/octet-stream',
    'application/jsonx',
    'application/json-patch+json',
    'text/json',
    'application/json; charset=utf-16',
    'application/json; charset=',
    'application/json;;',
    ';',
    '*/*',
    'application/*',
    'APPLICATION/JSON; foo',
    'application/json, text/plain',
  ),
  printable,
);
export const junkQuery = (names: string[]) =>
  fc.oneof(
    fc.constantFrom(
      '',
      '?',
      '?&&&',
      '?=',
      '?%',
      '?%zz',
      '?token',
      '?token=',
      '?token=%00',
      '?token[]=a',
      '?token[a]=b',
      '?token=a&token=b',
      '?__proto__[role]=admin',
      '?constructor[prototype][role]=admin',
      `?token=${'a'.repeat(3000)}`,
      `?${'x=1&'.repeat(500)}`,
      '?token=eyJhbGciOiJub25lIn0.e30.',
      '?token=not.a.jwt',
    ),
    fc
      .dictionary(
        fc.oneof(fc.constantFrom(...names, 'token', 'page'), printable),
        fc.oneof(printable, fc.string({ unit: 'binary', maxLength: 30 }), nastyStrings),
        { maxKeys: 3 },
      )
      .map(
        (d) =>
          `?${Object.entries(d)
            .map(([k, v]) => `${encodeAll(k)}=${encodeAll(v)}`)
            .join('&')}`,
      ),
  );
export const junkPathParam = fc.oneof(
  fc.constantFrom(
    '%zz',
    '%',
    '%c0%af',
    '..',
    '%2e%2e',
    'a%2Fb',
    '%00',
    'null',
    'undefined',
    '-1',
    '0',
    'me',
    'x'.repeat(300),
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '%7B%7D',
    '__proto__',
    'constructor',
  ),
  fc.uuid().map(String),
  // A lone "." is a dot segment: every URL parser (light-my-request too) resolves it before routing, so
  // `/export/.` asks for `/export/` itself, a different route, and is not a junk parameter.
  printable.filter((s) => s.length > 0 && s !== '.').map(encodeURIComponent),
  // encodeAll writes a lone "." as %2e, which is a dot segment too.
  fc
    .string({ unit: 'binary', minLength: 1, maxLength: 20 })
    .filter((s) => s !== '.')
    .map(encodeAll),
);
