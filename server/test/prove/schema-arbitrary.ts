/**
 * fast-check arbitraries from the JSON Schemas in the server's OpenAPI
 * document: `valid(schema)` makes values the schema accepts (most of the
 * time — patterns and formats are honoured, lengths kept small), and
 * `hostile(schema)` makes the same shapes with attack values mixed in at
 * every level: NUL bytes, lone UTF-16 surrogates, huge strings, wrong types,
 * deep nesting, prototype keys, missing required fields.
 */
import fc from 'fast-check';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Schema = any;

const MAX_LEN = 40;

/** Values every field is tried with. The huge ones are built once and shared. */
const HUGE = 'A'.repeat(200_000);
const DEEP_ARRAY = JSON.parse('['.repeat(2_000) + ']'.repeat(2_000)) as unknown;
const deepObject = (() => {
  let o: Record<string, unknown> = {};
  for (let i = 0; i < 500; i += 1) o = { a: o };
  return o;
})();
export const HOSTILE_STRINGS = [
  '\u0000',
  'abc\u0000def',
  '\ud800',
  'x\udfffy',
  '\ud83d',
  HUGE,
  '',
  ' ',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '%00',
  '%s%s%s%n',
  '${7*7}{{7*7}}',
  '\u202e\u0301\ufeff',
  '𝕳𝖊𝖑𝖑𝖔 👪‍',
  '00000000-0000-0000-0000-000000000000',
  '-1',
  '1e309',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
];
const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(-1, 0, 1.5, -0, 2 ** 31, 2 ** 53 + 2, Number.MAX_VALUE, -Number.MAX_VALUE, 1e-300, true, false, null),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
);
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: hostileScalar },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(DEEP_ARRAY, deepObject, [], {}, new Array(5_000).fill('x')) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>(
      JSON.parse('{"__proto__":{"isAdmin":true,"role":"superadmin"}}'),
      { constructor: { prototype: { role: 'superadmin' } } },
      { $where: '1==1', $ne: null },
    ),
  },
);

const YEAR_MIN = new Date('1900-01-01T00:00:00Z');
const YEAR_MAX = new Date('2100-12-31T00:00:00Z');

function stringArb(s: Schema): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(s.maxLength ?? MAX_LEN, MAX_LEN));
  if (s.format === 'uuid') return fc.uuid();
  if (s.format === 'date-time') return fc.date({ min: YEAR_MIN, max: YEAR_MAX, noInvalidDate: true }).map((d) => d.toISOString());
  if (s.format === 'date') return fc.date({ min: YEAR_MIN, max: YEAR_MAX, noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (s.format === 'email') return emailArb;
  if (s.format === 'uri') return fc.constantFrom('https://example.org/', 'http://127.0.0.1:9/hook', 'https://example.org/a?b=c');
  if (typeof s.pattern === 'string') {
    try {
      const re = new RegExp(s.pattern);
      return fc
        .stringMatching(re)
        .filter((x) => x.length >= minLength && x.length <= (s.maxLength ?? Infinity))
        .map((x) => x);
    } catch {
      /* fall through */
    }
  }
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }) },
  );
}

const emailArb = fc
  .tuple(fc.stringMatching(/^[a-z][a-z0-9.]{0,12}$/), fc.constantFrom('example.org', 'example.com', 'kerk.co.za'))
  .map(([u, d]) => `${u.replace(/\.+$/, '')}@${d}`);

function numberArb(s: Schema, integer: boolean): fc.Arbitrary<number> {
  let min = typeof s.minimum === 'number' ? s.minimum : -1_000_000;
  let max = typeof s.maximum === 'number' ? s.maximum : 1_000_000;
  if (typeof s.exclusiveMinimum === 'number') min = s.exclusiveMinimum + (integer ? 1 : 0.01);
  if (typeof s.exclusiveMaximum === 'number') max = s.exclusiveMaximum - (integer ? 1 : 0.01);
  // Keep generated numbers human-sized; the edges come from the explicit min/max.
  const lo = Math.max(min, -1_000_000);
  const hi = Math.min(max, Math.max(lo, 1_000_000));
  if (integer) {
    const a = Math.ceil(lo);
    const b = Math.floor(hi);
    return fc.oneof(fc.integer({ min: a, max: b }), fc.constantFrom(a, b));
  }
  return fc.oneof(fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true }), fc.constantFrom(lo, hi));
}

/** Values the schema accepts. `depth` bounds recursion in free-form schemas. */
export function valid(s: Schema, depth = 0): fc.Arbitrary<unknown> {
  return build(s, depth, false);
}

/** The schema's shape with attack values mixed in at every level. */
export function hostile(s: Schema, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 5, arbitrary: build(s, depth, true) }, { weight: 2, arbitrary: hostileValue });
}

function build(s: Schema, depth: number, evil: boolean): fc.Arbitrary<unknown> {
  const child = (x: Schema) => (evil ? hostile(x, depth + 1) : valid(x, depth + 1));
  if (!s || typeof s !== 'object' || depth > 6) return fc.constant(null);
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  const alternatives = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => build(a, depth, evil)));
  if (Array.isArray(s.allOf) && s.allOf.length) return build(Object.assign({}, ...s.allOf), depth, evil);
  if (Array.isArray(s.type)) return fc.oneof(...s.type.map((t: string) => build({ ...s, type: t }, depth, evil)));
  switch (s.type) {
    case 'string':
      return stringArb(s);
    case 'integer':
      return numberArb(s, true);
    case 'number':
      return numberArb(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = s.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(s.maxItems ?? 4, 4));
      return fc.array(child(s.items ?? {}), { minLength, maxLength });
    }
    case 'object':
      return objectArb(s, depth, evil);
    default:
      if (s.properties) return objectArb(s, depth, evil);
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectArb(s: Schema, depth: number, evil: boolean): fc.Arbitrary<unknown> {
  const props = (s.properties ?? {}) as Record<string, Schema>;
  const required = new Set<string>(s.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [k, v] of Object.entries(props)) model[k] = evil ? hostile(v, depth + 1) : valid(v, depth + 1);
  const keys = Object.keys(props);
  const record =
    keys.length === 0
      ? s.additionalProperties && typeof s.additionalProperties === 'object'
        ? fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), build(s.additionalProperties, depth + 1, evil), { maxKeys: 3 })
        : fc.constant({})
      : fc.record(model, { requiredKeys: keys.filter((k) => required.has(k)) });
  if (!evil) return record;
  // Hostile objects also lose required keys and gain unexpected ones.
  return fc.oneof(
    { weight: 4, arbitrary: record },
    {
      weight: 1,
      arbitrary: fc.record(model, { requiredKeys: [] }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(record, fc.constantFrom('__proto__', 'constructor', 'role', 'isAdmin', 'id', 'userId', '\u0000', '\ud800'), hostileValue)
        .map(([o, k, v]) => {
          const copy = { ...(o as object) } as Record<string, unknown>;
          Object.defineProperty(copy, k, { value: v, enumerable: true, configurable: true, writable: true });
          return copy;
        }),
    },
  );
}
