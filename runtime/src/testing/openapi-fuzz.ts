import fc from 'fast-check';

/**
 * Request fuzzing generated from the OpenAPI document (GET /api/docs/json): every write route gets
 * bodies built from its documented schema, with real ids of the seeded business, and hostile values
 * mixed in (lone surrogates, NUL, impossible dates, 1e308, wrong types, unknown keys). Shared by the
 * CI suite (api-fuzz.test.ts) and `npm run bench:fuzz`.
 */

/** The part of JSON Schema (OpenAPI 3.0 dialect) the document uses. */
export interface JsonSchema {
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  format?: string;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> }; security?: unknown[] }>>;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI path with {placeholders}. */
  path: string;
  /** The documented body, if any, by content type. */
  body: { contentType: string; schema: JsonSchema } | null;
  /** An empty security list: the route is public (login, health). */
  isPublic: boolean;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every operation of the document. */
export function operationsOf(document: unknown): Operation[] {
  const doc = document as OpenApiDocument;
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    METHODS.filter((method) => ops[method]).map((method) => {
      const op = ops[method]!;
      const [contentType, media] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
      return {
        method: method.toUpperCase() as Operation['method'],
        path,
        body: contentType && media ? { contentType, schema: media.schema } : null,
        isPublic: Array.isArray(op.security) && op.security.length === 0,
      };
    }),
  );
}

export const isWrite = (op: Operation) => op.method !== 'GET';

/** Values of the seeded business the generator draws from, so that requests get past "not found". */
export interface FuzzPools {
  /** A few ids of each read table, by table name (plants, vehicles, workshop_appointments …). */
  idsByTable: Readonly<Record<string, readonly string[]>>;
  /** Days around today, `YYYY-MM-DD`. */
  dates: readonly string[];
}

export interface FuzzRequest {
  method: Operation['method'];
  url: string;
  headers: Record<string, string>;
  payload: string | Buffer | undefined;
  /** What the request was made from, for the failure message. */
  label: string;
}

const HOSTILE_TEXTS = [
  '\ud800',
  'Anfang\udc00Ende',
  'x\ud83d',
  'Anfang\u0000Ende',
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '24:00',
  '99:99',
  '1e308',
  'NaN',
  '',
  ' ',
  'x'.repeat(5000),
  "'; DROP TABLE read.orders; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '\u202eAbc',
  '𝄞🚛',
];

const HOSTILE_NUMBERS = [1e308, -1e308, 5e-324, -1, 0, -0, 0.5, 2 ** 31, 2 ** 53 + 1, 879_062_396, 123_456_789_012, 1e15];

const HOSTILE_VALUES: unknown[] = [
  ...HOSTILE_TEXTS,
  ...HOSTILE_NUMBERS,
  true,
  null,
  [],
  {},
  [null],
  { nested: { deeper: ['x'] } },
];

const hostileValue = fc.constantFrom(...HOSTILE_VALUES);

/** A hostile value of the field's own type (it passes the type check and meets the code behind it), or of any type. */
function hostileFor(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const type = schema ? merged(schema).type : undefined;
  if (type === 'string') return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXTS) }, { weight: 1, arbitrary: hostileValue });
  if (type === 'number' || type === 'integer') return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) }, { weight: 1, arbitrary: hostileValue });
  return hostileValue;
}

/** A fitting body with exactly one field (top level) made hostile: the rest gets it past the other checks. */
function oneHostileField(schema: JsonSchema, pools: FuzzPools): fc.Arbitrary<unknown> {
  const properties = Object.entries(merged(schema).properties ?? {});
  if (properties.length === 0) return hostileValue;
  return fc
    .constantFrom(...properties)
    .chain(([key, field]) => fc.tuple(valueOf(schema, '', pools, 0), fc.constant(key), hostileFor(field)))
    .map(([body, key, value]) => ({ ...(body as Record<string, unknown>), [key]: value }));
}

const TIMES = ['00:00', '06:30', '08:00', '12:15', '17:45', '23:59'];

/** Path words and field names whose table is named otherwise. */
const TABLE_ALIASES: Record<string, string> = { auflieger: 'trailers', trailer: 'trailers', appointments: 'workshop_appointments', appointment: 'workshop_appointments' };

/**
 * Ids of the table a field or path word names: `delivery_plant_id` → plants, `assignedVehicleId` →
 * vehicles, `fuel-cards` → fuel_cards; all ids when no table fits.
 */
export function idsFor(hint: string, pools: FuzzPools): readonly string[] {
  const words = hint
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w !== '' && w !== 'id' && w !== 'ids');
  const tables = Object.keys(pools.idsByTable);
  for (let start = 0; start < words.length; start++) {
    const name = words.slice(start).join('_');
    const table = TABLE_ALIASES[name] ?? tables.find((t) => t === name || t === `${name}s` || t === name.replace(/s$/, ''));
    if (table && pools.idsByTable[table]?.length) return pools.idsByTable[table]!;
  }
  return Object.values(pools.idsByTable).flat();
}
const NULL_PATTERN = '^[^\\u0000]*$';

/** A schema with its allOf parts folded in. */
export function merged(schema: JsonSchema): JsonSchema {
  if (!schema.allOf) return schema;
  return schema.allOf.reduce<JsonSchema>((all, part) => ({ ...all, ...merged(part) }), { ...schema, allOf: undefined });
}

/**
 * How often a field gets a hostile value instead of a fitting one: 0 for clean bodies (they reach the
 * deciders and the database), 1 in `n` otherwise.
 */
type Hostility = 0 | number;

/** A value that fits `schema` (the field's name picks ids, dates and times), or with `hostility` now and then a hostile one. */
export function valueOf(input: JsonSchema, name: string, pools: FuzzPools, hostility: Hostility, depth = 0): fc.Arbitrary<unknown> {
  const fitting = fittingValueOf(merged(input), name, pools, hostility, depth);
  return hostility === 0 ? fitting : fc.oneof({ weight: hostility - 1, arbitrary: fitting }, { weight: 1, arbitrary: hostileValue });
}

function fittingValueOf(schema: JsonSchema, name: string, pools: FuzzPools, hostility: Hostility, depth: number): fc.Arbitrary<unknown> {
  const variants = schema.anyOf ?? schema.oneOf;
  const base: fc.Arbitrary<unknown> = variants
    ? fc.oneof(...variants.map((v) => fittingValueOf(merged(v), name, pools, hostility, depth)))
    : schema.enum
      ? fc.constantFrom(...schema.enum)
      : typedValueOf(schema, name, pools, hostility, depth);
  return schema.nullable ? fc.oneof({ weight: 5, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) }) : base;
}

function typedValueOf(schema: JsonSchema, name: string, pools: FuzzPools, hostility: Hostility, depth: number): fc.Arbitrary<unknown> {
  switch (schema.type) {
    case 'string':
      return textOf(schema, name, pools);
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -1000, -1e6), max: Math.min(schema.maximum ?? 100_000, 1e9) });
    case 'number': {
      // `positive()` documents as an exclusive minimum (a flag in OpenAPI 3.0, the bound itself in 3.1).
      const exclusive = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : schema.exclusiveMinimum ? schema.minimum : undefined;
      const min = exclusive !== undefined ? exclusive + 0.001 : (schema.minimum ?? -1000);
      const max = schema.maximum ?? 100_000;
      // Type-valid extremes the schema does not bound.
      const extremes = HOSTILE_NUMBERS.filter((n) => n >= (exclusive !== undefined ? min : (schema.minimum ?? -Infinity)) && n <= (schema.maximum ?? Infinity));
      return fc.oneof(
        fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
        fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
        ...(extremes.length > 0 ? [fc.constantFrom(...extremes)] : []),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(schema.items && depth < 4 ? valueOf(schema.items, name, pools, hostility, depth + 1) : hostileValue, {
        minLength: Math.min(schema.minItems ?? 0, 3),
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object':
      return depth < 4 ? objectOf(schema, pools, hostility, depth + 1) : fc.constant({});
    default:
      return hostileValue;
  }
}

function textOf(schema: JsonSchema, name: string, pools: FuzzPools): fc.Arbitrary<string> {
  if (/(^id$|Id$|_id$|Ids?$|_ids$)/.test(name)) {
    const ids = idsFor(name, pools);
    if (ids.length > 0) return fc.constantFrom(...ids);
  }
  if (/date|Date|_until|day|Day/.test(name)) return fc.constantFrom(...pools.dates);
  if (/time|Time|_from|_to$|From$|To$/.test(name)) return fc.constantFrom(...TIMES, ...pools.dates);
  if (/mail|Mail|recipient/.test(name)) return fc.constantFrom('disposition@dispo.example', 'a@b.de', 'kein-at-zeichen');
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true, min: new Date('2020-01-01'), max: new Date('2030-12-31') }).map((d) => d.toISOString());
  const maxLength = Math.min(schema.maxLength ?? 40, 40);
  const minLength = Math.min(schema.minLength ?? 0, maxLength);
  if (schema.pattern && schema.pattern !== NULL_PATTERN) {
    return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity));
  }
  return fc.string({ minLength, maxLength, unit: 'grapheme' });
}

/** Keys of a generated record (a map such as the tariff's prices by category): `default` and a few names. */
export const RECORD_KEYS = ['default', 'Zement', 'Kies', 'Sand'];

function objectOf(schema: JsonSchema, pools: FuzzPools, hostility: Hostility, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length === 0 && typeof schema.additionalProperties === 'object') {
    const entry = valueOf(schema.additionalProperties, '', pools, hostility, depth);
    return fc.tuple(fc.subarray(RECORD_KEYS.slice(1)), fc.array(entry, { minLength: RECORD_KEYS.length, maxLength: RECORD_KEYS.length })).map(([keys, values]) =>
      Object.fromEntries([RECORD_KEYS[0]!, ...keys].map((key, i) => [key, values[i]])),
    );
  }
  const record = fc.record(Object.fromEntries(properties.map(([key, value]) => [key, valueOf(value, key, pools, hostility, depth)])), {
    requiredKeys: properties.map(([key]) => key).filter((key) => (schema.required ?? []).includes(key)),
  });
  if (hostility === 0) return record;
  // Now and then a key the schema does not know.
  return fc.tuple(record, fc.option(fc.constantFrom('unbekannt', '__proto__', 'constructor', 'id', 'deleted'), { freq: hostility })).map(([value, extra]) =>
    extra === null ? value : { ...value, [extra]: 'x' },
  );
}

/** Path placeholders: real ids of the table the path names mostly (`/api/vehicles/{id}`), sometimes none. */
function pathValue(ids: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: ids.length > 0 ? fc.constantFrom(...ids) : fc.constant('does-not-exist') },
    { weight: 1, arbitrary: fc.constantFrom('does-not-exist', "'; DROP TABLE read.orders; --", '2026-02-30', 'x'.repeat(300), '0') },
  ).map((value) => encodeURIComponent(value));
}

/** The raw bytes of malformed and well-formed multipart bodies. */
function multipartOf(schema: JsonSchema): fc.Arbitrary<{ contentType: string; payload: Buffer }> {
  const boundary = 'fuzzBoundary7MA4YWxk';
  const fields = Object.keys(schema.properties ?? {}).filter((key) => schema.properties?.[key]?.format !== 'binary');
  const part = (headers: string, content: string | Buffer) =>
    Buffer.concat([Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), Buffer.isBuffer(content) ? content : Buffer.from(content), Buffer.from('\r\n')]);
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  const file = fc.constantFrom(pdf, Buffer.from('kein PDF'), Buffer.alloc(0), Buffer.from([0xff, 0xfe, 0x00, 0x00]));
  const fieldValue = fc.constantFrom(...(schema.properties?.[fields[0] ?? '']?.enum ?? []), ...HOSTILE_TEXTS.slice(0, 12));
  const wellFormed = fc.tuple(file, fc.option(fieldValue), fc.constantFrom('a.pdf', '', '\u00e4\u00f6\u00fc.pdf', '../x.pdf', 'a"b.pdf')).map(([content, value, fileName]) => ({
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: Buffer.concat([
      part(`Content-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/pdf`, content),
      ...(value === null || fields.length === 0 ? [] : [part(`Content-Disposition: form-data; name="${fields[0]}"`, String(value))]),
      Buffer.from(`--${boundary}--\r\n`),
    ]),
  }));
  const malformed = fc.constantFrom(
    { contentType: 'multipart/form-data', payload: part('Content-Disposition: form-data; name="file"; filename="a.pdf"', pdf) },
    { contentType: 'multipart/form-data; boundary=', payload: Buffer.from('--\r\n\r\n') },
    { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.from('no boundary at all') },
    { contentType: `multipart/form-data; boundary=${boundary}`, payload: part('Content-Disposition: form-data; name="file"; filename="a.pdf"', pdf).subarray(0, 60) },
    { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.from(`--${boundary}\r\nkaputt\r\n\r\nx\r\n--${boundary}--\r\n`) },
    { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${boundary}--\r\n`) },
    { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.concat([part('Content-Disposition: form-data; name="file"; filename="a.pdf"', pdf), part('Content-Disposition: form-data; name="file"; filename="b.pdf"', pdf), Buffer.from(`--${boundary}--\r\n`)]) },
    { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.concat([part('Content-Disposition: form-data; name="unbekannt"', 'x'), Buffer.from(`--${boundary}--\r\n`)]) },
    { contentType: `multipart/form-data; boundary="${'b'.repeat(200)}"`, payload: Buffer.from('x') },
    { contentType: 'application/json', payload: Buffer.from('{"file":"x"}') },
  );
  return fc.oneof(wellFormed, malformed);
}

/** Ids for a path placeholder: the word before it names its table, unless its own name does (vehicleId). */
export function placeholderIds(op: Operation, name: string, pools: FuzzPools): readonly string[] {
  return idsFor(name === 'id' ? (op.path.split(`/{${name}}`)[0]!.split('/').pop() ?? '') : name, pools);
}

/** One request to `op` with a generated body (JSON, or multipart when the document says so). */
export function requestOf(op: Operation, pools: FuzzPools, token: string): fc.Arbitrary<FuzzRequest> {
  const placeholders = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const url = fc.tuple(...placeholders.map((name) => pathValue(placeholderIds(op, name, pools)))).map((values) =>
    placeholders.reduce((path, name, i) => path.replace(`{${name}}`, values[i]!), op.path),
  );
  const auth = { authorization: `Bearer ${token}` };
  const label = `${op.method} ${op.path}`;
  if (op.body?.contentType.startsWith('multipart/')) {
    return fc.tuple(url, multipartOf(op.body.schema)).map(([u, { contentType, payload }]) => ({
      method: op.method,
      url: u,
      headers: { ...auth, 'content-type': contentType },
      payload,
      label,
    }));
  }
  const schema = op.body ? { ...op.body.schema, nullable: false } : null;
  // Half the bodies clean, to get past validation into the deciders; the rest with hostile fields.
  const body: fc.Arbitrary<unknown> = schema
    ? fc.oneof(
        { weight: 4, arbitrary: valueOf(schema, '', pools, 0) },
        { weight: 6, arbitrary: oneHostileField(schema, pools) },
        { weight: 2, arbitrary: valueOf(schema, '', pools, 6) },
        { weight: 1, arbitrary: hostileValue },
      )
    : fc.oneof(fc.constant(undefined), fc.constant({}), hostileValue);
  return fc.tuple(url, body).map(([u, value]) => ({
    method: op.method,
    url: u,
    headers: value === undefined ? auth : { ...auth, 'content-type': 'application/json' },
    payload: value === undefined ? undefined : JSON.stringify(value),
    label,
  }));
}

/** What no answer may show: stack frames, source paths, error classes, SQL and database messages. */
const STACK = /\bat [\w.<>$]+ \(|\bat (file|node):|\n\s+at |node_modules|\.[jt]s:\d+|"stack"/;
const DATABASE = /\b(SELECT|INSERT|UPDATE)\b[^"]*\b(FROM|INTO|SET)\b|syntax error|violates|duplicate key|invalid input syntax|relation "|unsupported Unicode|invalid byte sequence|numeric field overflow|out of range for type|\bpg_|\bSQLSTATE\b|\w+Error\b/;

/** Why an answer is wrong, or null: a 5xx, internals in the body, or an error body outside the product's shape. */
export function answerProblem(status: number, body: string): string | null {
  if (status >= 500) return `answered ${status}: ${body.slice(0, 300)}`;
  if (STACK.test(body)) return `shows a stack trace or source path: ${body.slice(0, 300)}`;
  if (status >= 400) {
    if (DATABASE.test(body)) return `shows SQL or a database message: ${body.slice(0, 300)}`;
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return `error answer is not JSON: ${body.slice(0, 300)}`;
    }
    const error = (parsed as { error?: unknown } | null)?.error;
    if (typeof error !== 'string' || error === '') return `error answer without a message: ${body.slice(0, 300)}`;
  }
  return null;
}

/** Dates around `today` and a few days that do not exist. */
export function fuzzDates(today: string): string[] {
  const base = new Date(`${today}T12:00:00Z`);
  const around = [-7, -1, 0, 1, 2, 7, 30].map((days) => new Date(base.getTime() + days * 86_400_000).toISOString().slice(0, 10));
  return [...around, '2026-02-30', '2026-13-01', '2026-02-29', '1900-01-01', '9999-12-31', '26-1-1'];
}
