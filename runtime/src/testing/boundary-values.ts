import { berlinDate } from '@dispo/domain/shared/berlin-date';
import { localDateSchema } from '@dispo/events/catalog/index';
import fc from 'fast-check';
import { answerProblem, type FuzzPools, fuzzDates, isWrite, type JsonSchema, merged, operationsOf, placeholderIds, RECORD_KEYS, valueOf } from './openapi-fuzz';
import { seededIds } from './fuzz-writes';
import type { TestApp } from './test-app';

/** One number field of a documented body: where it sits and the values at and beyond its bounds. */
export interface NumberField {
  /** Keys from the body's top; `0` stands for an array's first item. */
  path: (string | 0)[];
  /** The documented bound and the next value past it (an unbounded field gets very large values). */
  values: number[];
}

/** The values a boundary check sends to a number: its maximum and the next step past it, or huge ones without a maximum. */
function boundaryValues(schema: JsonSchema): number[] {
  const step = schema.type === 'integer' ? 1 : Math.max(1, Math.abs(schema.maximum ?? 0) * 1e-9);
  if (schema.maximum === undefined) return [1e15, Number.MAX_SAFE_INTEGER];
  return [schema.maximum, schema.maximum + step];
}

/** Every number field of a body schema, nested objects and the items of arrays included. */
export function numberFields(input: JsonSchema, path: (string | 0)[] = [], depth = 0): NumberField[] {
  const schema = merged(input);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    // The first variant that has a type stands for the field (nullable numbers come as anyOf).
    const typed = variants.map(merged).find((v) => v.type !== undefined && v.type !== 'null');
    return typed ? numberFields(typed, path, depth) : [];
  }
  if (schema.type === 'number' || schema.type === 'integer') return [{ path, values: boundaryValues(schema) }];
  if (depth >= 4) return [];
  if (schema.type === 'object') {
    const properties = Object.entries(schema.properties ?? {});
    // A record's entries: the bounds of its values at one of the keys the fuzz gives records.
    if (properties.length === 0 && typeof schema.additionalProperties === 'object') return numberFields(schema.additionalProperties, [...path, RECORD_KEYS[0]!], depth + 1);
    return properties.flatMap(([key, value]) => numberFields(value, [...path, key], depth + 1));
  }
  if (schema.type === 'array' && schema.items) return numberFields(schema.items, [...path, 0], depth + 1);
  return [];
}

/** `body` with `value` at `path`; missing objects and arrays on the way are made from the schema's fitting values. */
function withValueAt(body: unknown, path: (string | 0)[], value: number, filler: (at: (string | 0)[]) => unknown): unknown {
  if (path.length === 0) return value;
  const [key, ...rest] = path;
  if (key === 0) {
    const items = Array.isArray(body) && body.length > 0 ? [...(body as unknown[])] : [filler([])];
    items[0] = withValueAt(items[0], rest, value, (at) => filler([0, ...at]));
    return items;
  }
  const object = body !== null && typeof body === 'object' && !Array.isArray(body) ? { ...(body as Record<string, unknown>) } : {};
  object[key!] = withValueAt(object[key!] ?? filler([key!]), rest, value, (at) => filler([key!, ...at]));
  return object;
}

function schemaAt(input: JsonSchema, path: (string | 0)[]): JsonSchema | undefined {
  let schema: JsonSchema | undefined = merged(input);
  for (const key of path) {
    if (!schema) return undefined;
    const variants: JsonSchema[] | undefined = schema.anyOf ?? schema.oneOf;
    if (variants) schema = variants.map(merged).find((v) => v.type !== undefined && v.type !== 'null');
    const entries: JsonSchema | undefined = typeof schema?.additionalProperties === 'object' ? schema.additionalProperties : undefined;
    schema = key === 0 ? schema?.items : (schema?.properties?.[key] ?? entries);
    schema = schema && merged(schema);
  }
  return schema;
}

/** A body's top-level required keys alone. */
function requiredOnly(body: unknown, schema: JsonSchema): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const required = new Set(merged(schema).required ?? []);
  return Object.fromEntries(Object.entries(body).filter(([key]) => required.has(key)));
}

/** Generated bodies tried per route for one the route takes. */
const BASE_TRIES = 20;

export interface BoundaryResult {
  requests: number;
  fields: number;
  statuses: Record<string, number>;
  /** Requests answered 5xx or with internals, and requests after which the log refused an event the route had let through. */
  failures: string[];
}

/**
 * Sends every number field of every write route of the OpenAPI document its bound and the value past
 * it (huge values where the route documents none), in `samples` otherwise fitting bodies, as an admin.
 * `refusedAtAppend()` counts the values a schema behind the route refused (logged by the error
 * handler): one such after a request means the route admits what the event does not.
 */
export async function sendBoundaryValues(
  t: TestApp,
  options: {
    samples: number;
    seed?: number;
    refusedAtAppend(): number;
    /** Bodies known to pass, by `METHOD /path`, for routes whose generated bodies rarely do. */
    bases?: Record<string, unknown>;
  },
): Promise<BoundaryResult> {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as unknown;
  // Only real days: the bodies should pass every check but the bound under test.
  const pools: FuzzPools = { idsByTable: await seededIds(t), dates: fuzzDates(berlinDate(new Date())).filter((day) => localDateSchema.safeParse(day).success) };
  const token = await t.login('admin');
  const result: BoundaryResult = { requests: 0, fields: 0, statuses: {}, failures: [] };
  let seed = options.seed ?? 38;
  for (const op of operationsOf(doc).filter(isWrite)) {
    if (!op.body || !op.body.contentType.includes('json')) continue;
    const schema = { ...op.body.schema, nullable: false };
    const fields = numberFields(schema);
    if (fields.length === 0) continue;
    const sample = (at: (string | 0)[]) => {
      const part = schemaAt(schema, at);
      return part ? fc.sample(valueOf(part, String(at.at(-1) ?? ''), pools, 0), { numRuns: 1, seed: seed++ })[0] : {};
    };
    const url = (i: number) => op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(placeholderIds(op, name, pools)[i % 3] ?? 'x'));
    const send = (body: unknown, i: number) =>
      t.app.inject({ method: op.method, url: url(i), headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    // A body the route takes (or at least one past its request check), so that the bounds reach the decider and the log.
    const known = options.bases?.[`${op.method} ${op.path}`];
    const bases: unknown[] = known === undefined ? [] : [known];
    for (let i = 0; i < BASE_TRIES && bases.length === 0; i++) {
      // Every other try with the required fields alone: optional ones are the likelier misfits.
      const body = i % 2 === 0 ? requiredOnly(sample([]), schema) : sample([]);
      const res = await send(body, 0);
      result.requests++;
      if (res.statusCode < 300) bases.push(body);
    }
    for (const field of fields) {
      result.fields++;
      for (const value of field.values) {
        for (let i = 0; i < options.samples; i++) {
          const body = withValueAt(bases[i] ?? sample([]), field.path, value, sample);
          const before = options.refusedAtAppend();
          const res = await send(body, i);
          result.requests++;
          const kind = `${Math.floor(res.statusCode / 100)}xx`;
          result.statuses[kind] = (result.statuses[kind] ?? 0) + 1;
          const label = `${op.method} ${op.path} ${field.path.join('.')}=${value}`;
          if (process.env.BOUNDARY_DEBUG) console.log(res.statusCode, label, res.body.slice(0, 160));
          const problem = answerProblem(res.statusCode, res.body);
          if (problem) result.failures.push(`${label}: ${problem}`);
          else if (options.refusedAtAppend() !== before) result.failures.push(`${label}: the route let it through, a schema behind it refused it (${res.statusCode})`);
        }
      }
    }
  }
  return result;
}
