import fc from 'fast-check';

/**
 * fast-check arbitraries derived from the JSON Schema zod writes for a contract schema
 * (`z.toJSONSchema(schema, { io: 'input' })`), the same document the OpenAPI route publishes.
 * Only the keywords zod emits for our contract are understood; anything else is a gap to fill here.
 */
export interface JsonSchema {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean' | 'null';
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  format?: string;
  pattern?: string;
  const?: unknown;
  enum?: unknown[];
  default?: unknown;
}

/** Arrays are generated with at most this many items; boundaries test the long ones. */
const GENERATED_ITEMS_MAX = 8;

/** Text a person or an attacker might type, beyond random characters. */
const SPECIAL_TEXT = [
  '  padded  ',
  ' ',
  '\u202Eevil.exe\u202C',
  '\u0000',
  'line\r\nbreak',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR 1=1 --",
  '${7*7}{{7*7}}',
  '../../etc/passwd',
  '😀👩‍👩‍👧‍👦',
  'e\u0301\u0301\u0301',
  '\ud800',
  'İstanbul ǅ ß',
  'javascript:alert(1)',
];

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? 1000;
  const fits = (value: string) => value.length >= minLength && value.length <= maxLength;
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  if (schema.format === 'email') return fc.emailAddress().filter(fits);
  if (schema.format === 'uri') return fc.webUrl({ validSchemes: ['http', 'https'] }).filter(fits);
  const size = { minLength, maxLength: Math.min(maxLength, 200) };
  return fc.oneof(
    fc.string(size),
    fc.string({ ...size, unit: 'grapheme' }).filter(fits),
    fc.string({ ...size, unit: 'binary' }).filter(fits),
    fc.constantFrom(...SPECIAL_TEXT).filter(fits),
  );
}

function integerArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const min = Math.max(schema.minimum ?? -(2 ** 31), schema.exclusiveMinimum === undefined ? -Infinity : schema.exclusiveMinimum + 1);
  const max = Math.min(schema.maximum ?? 2 ** 31, Number.MAX_SAFE_INTEGER);
  // Small ids hit real rows; the ends of the range hit the checks.
  return fc.oneof(fc.integer({ min, max: Math.min(max, min + 20) }), fc.integer({ min, max }), fc.constantFrom(min, max));
}

/** Values the schema describes (zod may still refuse some: trimmed blanks, its own email rule). */
export function validValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(validValue));
  switch (schema.type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, property] of Object.entries(properties)) model[key] = validValue(property);
      return fc.record(model, { requiredKeys: schema.required ?? [] });
    }
    case 'array':
      return fc.array(validValue(schema.items ?? {}), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? GENERATED_ITEMS_MAX, GENERATED_ITEMS_MAX)),
      });
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return integerArbitrary(schema);
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue();
  }
}

/** The values at and just past each limit the schema states. */
export function boundaryValues(schema: JsonSchema): unknown[] {
  if (schema.anyOf) return schema.anyOf.flatMap(boundaryValues);
  switch (schema.type) {
    case 'string': {
      const values: unknown[] = ['', ' '.repeat(Math.max(1, schema.minLength ?? 1))];
      if (schema.maxLength !== undefined) {
        values.push('a'.repeat(schema.maxLength), 'a'.repeat(schema.maxLength + 1));
        // Within the limit in characters, past it in UTF-16 units.
        values.push('😀'.repeat(Math.ceil(schema.maxLength / 2) + 1));
        values.push(` ${'b'.repeat(schema.maxLength)} `);
      }
      if (schema.minLength) values.push('a'.repeat(schema.minLength - 1), 'a'.repeat(schema.minLength));
      return values;
    }
    case 'integer': {
      const values: unknown[] = [0, -1, 1, 1.5, -0, 2 ** 31, 2 ** 53, 1e308, -1e308];
      if (schema.minimum !== undefined) values.push(schema.minimum, schema.minimum - 1);
      if (schema.exclusiveMinimum !== undefined) values.push(schema.exclusiveMinimum, schema.exclusiveMinimum + 1);
      if (schema.maximum !== undefined) values.push(schema.maximum, schema.maximum + 1);
      return values;
    }
    case 'array': {
      const values: unknown[] = [[]];
      if (schema.maxItems !== undefined && schema.items) {
        const item = fc.sample(validValue(schema.items), { numRuns: 1, seed: 1 })[0];
        values.push(Array.from({ length: schema.maxItems }, () => item), Array.from({ length: schema.maxItems + 1 }, () => item));
      }
      return values;
    }
    case 'boolean':
      return [true, false, 0, 1, 'true'];
    default:
      return [null];
  }
}

/** The top-level properties of an object schema. */
function propertySchemas(schema: JsonSchema): Array<{ key: string; schema: JsonSchema }> {
  return Object.entries(schema.properties ?? {}).map(([key, property]) => ({ key, schema: property }));
}

/** A valid body with one property set to a value at or past one of its limits. */
export function boundaryBody(schema: JsonSchema): fc.Arbitrary<unknown> {
  const cases = propertySchemas(schema).flatMap(({ key, schema: property }) =>
    boundaryValues(property).map((value) => ({ key, value })),
  );
  if (cases.length === 0) return validValue(schema);
  return fc.tuple(validValue(schema), fc.constantFrom(...cases)).map(([body, { key, value }]) => ({
    ...(body as object),
    [key]: value,
  }));
}

/** A request body as the client would put it on the wire. */
export interface RawBody {
  /** What the case is, for the failure message. */
  kind: string;
  text: string;
  contentType: string;
}

const json = (kind: string, value: unknown): RawBody => ({ kind, text: JSON.stringify(value), contentType: 'application/json' });

const WRONG_TYPES: unknown[] = [0, -1, 1e308, true, false, null, '', 'text', [], [1, 2], {}, { a: 1 }, [{}]];

function deep(depth: number, open: string, close: string, inner = '1'): string {
  return open.repeat(depth) + inner + close.repeat(depth);
}

/** Puts raw JSON text in place of one property (for nesting no JSON.stringify would survive). */
function withRawProperty(body: object, key: string, raw: string): string {
  const marker = '"__RAW_VALUE__"';
  return JSON.stringify({ ...body, [key]: '__RAW_VALUE__' }).replace(marker, raw);
}

/** Bodies no well-behaved client sends: wrong types, huge, nested, polluting, not JSON at all. */
export function hostileBody(schema: JsonSchema): fc.Arbitrary<RawBody> {
  const keys = Object.keys(schema.properties ?? {});
  const key = keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('field');
  const valid = validValue(schema).map((body) => (typeof body === 'object' && body !== null ? body : {}));

  return fc.oneof(
    fc.tuple(valid, key, fc.constantFrom(...WRONG_TYPES)).map(([body, name, value]) => json(`wrong type for ${name}`, { ...body, [name]: value })),
    fc.tuple(valid, key, fc.constantFrom(10_000, 200_000, 1_100_000), fc.constantFrom('x', 'é', '😀', '\u202E')).map(
      ([body, name, length, unit]) => json(`huge string (${length} × ${JSON.stringify(unit)}) in ${name}`, { ...body, [name]: unit.repeat(length) }),
    ),
    fc.tuple(valid, key, fc.string({ unit: 'binary', maxLength: 300 })).map(([body, name, text]) => json(`unicode in ${name}`, { ...body, [name]: text })),
    fc.tuple(valid, fc.constantFrom('__proto__', 'constructor', 'prototype'), fc.boolean()).map(([body, name, nested]) => {
      const pollution = name === 'constructor' ? '{"prototype":{"polluted":"yes"}}' : '{"polluted":"yes","isAdmin":true}';
      const rest = JSON.stringify(body).slice(1, -1);
      const polluting = `{"${name}":${pollution}${rest ? `,${rest}` : ''}}`;
      // At the top, or inside an array of objects (where reorder requests keep theirs).
      const text = nested ? `{"items":[${polluting}]${rest ? `,${rest}` : ''}}` : polluting;
      return { kind: `${name} key${nested ? ' (nested)' : ''}`, text, contentType: 'application/json' };
    }),
    fc.tuple(valid, key, fc.constantFrom(100, 1000, 10_000, 100_000), fc.boolean()).map(([body, name, depth, arrays]) => ({
      kind: `${depth} levels of ${arrays ? 'arrays' : 'objects'} in ${name}`,
      text: withRawProperty(body, name, arrays ? deep(depth, '[', ']') : deep(depth, '{"a":', '}')),
      contentType: 'application/json',
    })),
    valid.map((body) => json('an array where the object belongs', [body])),
    fc.tuple(valid, key).map(([body, name]) => json(`an array of objects in ${name}`, { ...body, [name]: [body] })),
    fc.tuple(valid, fc.dictionary(fc.string({ minLength: 1, maxLength: 20 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 })).map(
      ([body, extra]) => json('unknown keys', { ...extra, ...body }),
    ),
    fc.constantFrom(
      json('null', null),
      json('a string', 'text'),
      json('a number', 42),
      json('an empty array', []),
      { kind: 'empty body', text: '', contentType: 'application/json' },
      { kind: 'truncated JSON', text: '{"name": "a', contentType: 'application/json' },
      { kind: 'trailing comma', text: '{"name": "a",}', contentType: 'application/json' },
      { kind: 'NaN', text: '{"order": NaN}', contentType: 'application/json' },
      { kind: 'single quotes', text: "{'name': 'a'}", contentType: 'application/json' },
      { kind: 'byte order mark', text: '\uFEFF{}', contentType: 'application/json' },
      { kind: 'duplicate keys', text: '{"name":"a","name":{"$gt":""}}', contentType: 'application/json' },
    ),
    fc.tuple(valid, fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/json; charset=utf-16')).map(
      ([body, contentType]) => ({ kind: `sent as ${contentType}`, text: JSON.stringify(body), contentType }),
    ),
  );
}
